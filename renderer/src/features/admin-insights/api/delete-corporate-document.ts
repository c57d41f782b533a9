import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { updateCorporateDocuments } from './get-corporate-documents';

/** DELETE /api/admin/corporate-documents/:id: the document leaves the public page at once. */
export function useDeleteCorporateDocument() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest('DELETE', `/api/admin/corporate-documents/${encodeURIComponent(id)}`, { schema: z.unknown() }),
    onSuccess: (_answer, id) => updateCorporateDocuments(client, (documents) => documents.filter((row) => row.id !== id)),
  });
}
