import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DraftStatus } from '@shared/contracts/drafts';
import { draftStatusUpdate } from '@shared/domain/quote/draft';
import { quoteEndpoints } from '@shared/endpoints/quotes';
import { callEndpoint } from '../../../lib/api-client';
import { draftsQueryOptions } from './get-drafts';

/** PUT /api/user/drafts/{id}/status: COMPLETED also sends completedAt (docs/behaviour.md §4); the owner's list shows the new status. */
export function useUpdateDraftStatus(ownerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: DraftStatus }) => callEndpoint(quoteEndpoints.draftStatus, { params: { id }, body: draftStatusUpdate(status, new Date()) }),
    onSuccess: ({ draft }, { id, status }) =>
      queryClient.setQueryData(draftsQueryOptions(ownerId).queryKey, (list) => list?.map((item) => (item.id === id ? { ...item, status, updatedAt: draft.updatedAt, completedAt: draft.completedAt } : item))),
  });
}
