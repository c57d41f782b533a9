import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { type AdminCorporateDocument, adminCorporateDocumentListSchema } from '@shared/contracts/admin-insights';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/admin/corporate-documents: the published documents, in the public page's order. */
export const corporateDocumentsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'corporate-documents'],
    queryFn: () => apiRequest('GET', '/api/admin/corporate-documents', { schema: adminCorporateDocumentListSchema }),
  });

export const useCorporateDocuments = () => useQuery(corporateDocumentsQueryOptions());

/** Every document change answers enough to write the new list into the cache without asking again. */
export function updateCorporateDocuments(client: QueryClient, change: (documents: AdminCorporateDocument[]) => AdminCorporateDocument[]) {
  client.setQueryData(corporateDocumentsQueryOptions().queryKey, (current) => (current ? { documents: change(current.documents) } : current));
}
