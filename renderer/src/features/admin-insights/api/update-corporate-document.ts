import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { corporateDocumentUpdateSchema } from '@shared/contracts/admin-insights';
import { adminInsightsEndpoints as endpoints } from '@shared/endpoints/admin-insights';
import { callEndpoint } from '../../../lib/api-client';
import { updateCorporateDocuments } from './get-corporate-documents';

/** PATCH /api/admin/corporate-documents/:id: a document's title and description. */
export function useUpdateCorporateDocument(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (changes: z.output<typeof corporateDocumentUpdateSchema>) => callEndpoint(endpoints.updateCorporateDocument, { params: { id }, body: changes }),
    onSuccess: ({ document }) => updateCorporateDocuments(client, (documents) => documents.map((row) => (row.id === document.id ? document : row))),
  });
}
