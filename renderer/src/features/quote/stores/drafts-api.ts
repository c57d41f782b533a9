/** The draft calls of SPEC §7, through the one data client; the draft store takes them as a dependency. */
import {
  deleteDraftResponseSchema,
  draftListResponseSchema,
  draftResponseSchema,
  draftStatusResponseSchema,
  saveQuoteDraftResponseSchema,
  type AutoSavePayload,
  type CreateDraftBody,
  type DeleteDraftResponse,
  type DraftListResponse,
  type DraftResponse,
  type DraftStatusResponse,
  type SaveQuoteDraftResponse,
  type UpdateDraftBody,
  type UpdateDraftStatusBody,
} from '@shared/contracts/drafts';
import { apiRequest } from '../../../lib/api-client';

export interface DraftsApi {
  list: (userId: string) => Promise<DraftListResponse>;
  get: (id: string) => Promise<DraftResponse>;
  create: (body: CreateDraftBody) => Promise<DraftResponse>;
  update: (id: string, body: UpdateDraftBody) => Promise<DraftResponse>;
  updateStatus: (id: string, body: UpdateDraftStatusBody) => Promise<DraftStatusResponse>;
  remove: (id: string) => Promise<DeleteDraftResponse>;
  getQuoteDraft: (id: string) => Promise<DraftResponse>;
  saveQuoteDraft: (payload: AutoSavePayload) => Promise<SaveQuoteDraftResponse>;
}

const path = (id: string) => `/api/user/drafts/${encodeURIComponent(id)}`;

export const draftsApi: DraftsApi = {
  list: (userId) => apiRequest('GET', `/api/user/drafts?userId=${encodeURIComponent(userId)}`, { schema: draftListResponseSchema }),
  get: (id) => apiRequest('GET', path(id), { schema: draftResponseSchema }),
  create: (body) => apiRequest('POST', '/api/user/drafts', { body, schema: draftResponseSchema }),
  update: (id, body) => apiRequest('PUT', path(id), { body, schema: draftResponseSchema }),
  updateStatus: (id, body) => apiRequest('PUT', `${path(id)}/status`, { body, schema: draftStatusResponseSchema }),
  remove: (id) => apiRequest('DELETE', path(id), { schema: deleteDraftResponseSchema }),
  getQuoteDraft: (id) => apiRequest('GET', `/api/quotes/draft?id=${encodeURIComponent(id)}`, { schema: draftResponseSchema }),
  saveQuoteDraft: (payload) => apiRequest('POST', '/api/quotes/draft', { body: payload, schema: saveQuoteDraftResponseSchema }),
};
