import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminCorporateDocumentListSchema } from '@shared/contracts/admin-insights';
import { apiRequest } from '../../../lib/api-client';
import { updateCorporateDocuments } from './get-corporate-documents';

/** PUT /api/admin/corporate-documents/order: every document's id in the new order; answers the list. */
export function useReorderCorporateDocuments() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => apiRequest('PUT', '/api/admin/corporate-documents/order', { body: { ids }, schema: adminCorporateDocumentListSchema }),
    onSuccess: (answer) => updateCorporateDocuments(client, () => answer.documents),
  });
}
