/**
 * The calls of the errors, analytics and corporate documents pages, each through the one data
 * client and checked against the shared response schema.
 */
import { z } from 'zod';
import {
  adminCorporateDocumentListSchema,
  adminCorporateDocumentResponseSchema,
  analyticsSummarySchema,
  type CorporateDocumentUpdate,
  errorGroupDetailSchema,
  errorGroupListSchema,
} from '@shared/contracts/admin-insights';
import { apiRequest } from '../../lib/api-client';

/** A query string of the parameters that have a value. */
export function queryString(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** Multipart upload of one document, through the one data client like every other call. */
async function postDocument(form: FormData) {
  const { document } = await apiRequest('POST', '/api/admin/corporate-documents', { form, schema: adminCorporateDocumentResponseSchema, tooLargeMessage: 'That document is too large.' });
  return document;
}

export const insightsApi = {
  errorGroups: (params: { type?: string; severity?: string; from?: string; to?: string; page?: number }) =>
    apiRequest('GET', `/api/admin/errors${queryString(params)}`, { schema: errorGroupListSchema }),
  errorGroup: (fingerprint: string, page: number) => apiRequest('GET', `/api/admin/errors/${encodeURIComponent(fingerprint)}${queryString({ page })}`, { schema: errorGroupDetailSchema }),
  analyticsSummary: (params: { from?: string; to?: string; event?: string }) => apiRequest('GET', `/api/admin/analytics/summary${queryString(params)}`, { schema: analyticsSummarySchema }),
  documents: () => apiRequest('GET', '/api/admin/corporate-documents', { schema: adminCorporateDocumentListSchema }),
  uploadDocument: (title: string, description: string, file: File) => {
    const form = new FormData();
    form.set('title', title);
    form.set('description', description);
    form.set('file', file, file.name);
    return postDocument(form);
  },
  updateDocument: (id: string, changes: CorporateDocumentUpdate) =>
    apiRequest('PATCH', `/api/admin/corporate-documents/${encodeURIComponent(id)}`, { body: changes, schema: adminCorporateDocumentResponseSchema }),
  reorderDocuments: (ids: string[]) => apiRequest('PUT', '/api/admin/corporate-documents/order', { body: { ids }, schema: adminCorporateDocumentListSchema }),
  deleteDocument: (id: string) => apiRequest('DELETE', `/api/admin/corporate-documents/${encodeURIComponent(id)}`, { schema: z.unknown() }),
};

/** The sentence to show for a failed call. */
export const failureText = (failure: unknown, fallback: string) => (failure instanceof Error && failure.message ? failure.message : fallback);
