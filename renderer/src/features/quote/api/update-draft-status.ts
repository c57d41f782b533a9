import { useMutation, useQueryClient } from '@tanstack/react-query';
import { draftStatusResponseSchema, type DraftStatus } from '@shared/contracts/drafts';
import { draftStatusUpdate } from '@shared/domain/quote/draft';
import { apiRequest } from '../../../lib/api-client';
import { draftsQueryOptions } from './get-drafts';

/** PUT /api/user/drafts/{id}/status: COMPLETED also sends completedAt (docs/behaviour.md §4); the owner's list shows the new status. */
export function useUpdateDraftStatus(ownerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: DraftStatus }) =>
      apiRequest('PUT', `/api/user/drafts/${encodeURIComponent(id)}/status`, { body: draftStatusUpdate(status, new Date()), schema: draftStatusResponseSchema }),
    onSuccess: ({ draft }, { id, status }) =>
      queryClient.setQueryData(draftsQueryOptions(ownerId).queryKey, (list) => list?.map((item) => (item.id === id ? { ...item, status, updatedAt: draft.updatedAt, completedAt: draft.completedAt } : item))),
  });
}
