import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminCorporateDocument } from '@shared/contracts/admin-insights';
import { adminInsightsEndpoints as endpoints } from '@shared/endpoints/admin-insights';
import { callEndpoint } from '../../../lib/api-client';

/** GET /api/admin/corporate-documents: the published documents, in the public page's order. */
export const corporateDocumentsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'corporate-documents'],
    queryFn: () => callEndpoint(endpoints.corporateDocuments),
  });

export const useCorporateDocuments = () => useQuery(corporateDocumentsQueryOptions());

/** Every document change answers enough to write the new list into the cache without asking again. */
export function updateCorporateDocuments(client: QueryClient, change: (documents: AdminCorporateDocument[]) => AdminCorporateDocument[]) {
  client.setQueryData(corporateDocumentsQueryOptions().queryKey, (current) => (current ? { documents: change(current.documents) } : current));
}
