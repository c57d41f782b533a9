import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { adminCorporateDocumentResponseSchema, type corporateDocumentUpdateSchema } from '@shared/contracts/admin-insights';
import { apiRequest } from '../../../lib/api-client';
import { updateCorporateDocuments } from './get-corporate-documents';

/** PATCH /api/admin/corporate-documents/:id: a document's title and description. */
export function useUpdateCorporateDocument(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (changes: z.output<typeof corporateDocumentUpdateSchema>) =>
      apiRequest('PATCH', `/api/admin/corporate-documents/${encodeURIComponent(id)}`, { body: changes, schema: adminCorporateDocumentResponseSchema }),
    onSuccess: ({ document }) => updateCorporateDocuments(client, (documents) => documents.map((row) => (row.id === document.id ? document : row))),
  });
}
