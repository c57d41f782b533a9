import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminInsightsEndpoints as endpoints } from '@shared/endpoints/admin-insights';
import { callEndpoint } from '../../../lib/api-client';
import { updateCorporateDocuments } from './get-corporate-documents';

/** DELETE /api/admin/corporate-documents/:id: the document leaves the public page at once. */
export function useDeleteCorporateDocument() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(endpoints.deleteCorporateDocument, { params: { id } }),
    onSuccess: (_answer, id) => updateCorporateDocuments(client, (documents) => documents.filter((row) => row.id !== id)),
  });
}
