import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminInsightsEndpoints as endpoints } from '@shared/endpoints/admin-insights';
import { callEndpoint } from '../../../lib/api-client';
import { updateCorporateDocuments } from './get-corporate-documents';

/** PUT /api/admin/corporate-documents/order: every document's id in the new order; answers the list. */
export function useReorderCorporateDocuments() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => callEndpoint(endpoints.reorderCorporateDocuments, { body: { ids } }),
    onSuccess: (answer) => updateCorporateDocuments(client, () => answer.documents),
  });
}
