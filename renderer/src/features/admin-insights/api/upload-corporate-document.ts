import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { corporateDocumentUploadSchema } from '@shared/contracts/admin-insights';
import { adminInsightsEndpoints as endpoints } from '@shared/endpoints/admin-insights';
import { callEndpoint, type UploadProgressListener } from '../../../lib/api-client';
import { updateCorporateDocuments } from './get-corporate-documents';

type Upload = z.output<typeof corporateDocumentUploadSchema> & { file: File; onUploadProgress?: UploadProgressListener };

/** POST /api/admin/corporate-documents (multipart): a new document, published at the end of the list. */
export function useUploadCorporateDocument() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ title, description, file, onUploadProgress }: Upload) => {
      const form = new FormData();
      form.set('title', title);
      form.set('description', description);
      form.set('file', file, file.name);
      return callEndpoint(endpoints.uploadCorporateDocument, { form, tooLargeMessage: 'That document is too large.', onUploadProgress });
    },
    onSuccess: ({ document }) => updateCorporateDocuments(client, (documents) => [...documents, document]),
  });
}
