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
import { apiErrorSchema } from '@shared/contracts/api-error';
import { apiRequest, ApiRequestError } from '../../lib/api-client';

/** A query string of the parameters that have a value. */
export function queryString(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * Multipart upload of one document. The data client sends JSON, so this call posts FormData with
 * fetch on the same origin (as the dashboard's claim photos do) and turns failures into the same
 * ApiRequestError.
 */
async function postDocument(form: FormData) {
  let response: Response;
  try {
    response = await fetch('/api/admin/corporate-documents', { method: 'POST', body: form, credentials: 'same-origin', headers: { Accept: 'application/json' } });
  } catch {
    throw new ApiRequestError(0, 'network_error', 'Network error. Please check your connection and try again.');
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const parsed = apiErrorSchema.safeParse(body);
    if (parsed.success) throw new ApiRequestError(response.status, parsed.data.error, parsed.data.message, parsed.data.issues);
    throw new ApiRequestError(response.status, 'http_error', response.status === 413 ? 'That document is too large.' : `The server answered ${response.status}.`);
  }
  const checked = adminCorporateDocumentResponseSchema.safeParse(body);
  if (!checked.success) throw new ApiRequestError(response.status, 'unexpected_response', 'The server sent an answer this page does not understand.');
  return checked.data.document;
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
