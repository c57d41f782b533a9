import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteDraftResponseSchema } from '@shared/contracts/drafts';
import { apiRequest } from '../../../lib/api-client';
import { useDraftStore } from '../stores/draft-store';
import { draftQueryOptions } from './get-draft';
import { draftsQueryOptions } from './get-drafts';

/** DELETE /api/user/drafts/{id}: the draft leaves the owner's list, and stops being the selection or the draft the quote saves into. */
export function useDeleteDraft(ownerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest('DELETE', `/api/user/drafts/${encodeURIComponent(id)}`, { schema: deleteDraftResponseSchema }),
    onSuccess: (_response, id) => {
      queryClient.setQueryData(draftsQueryOptions(ownerId).queryKey, (list) => list?.filter((item) => item.id !== id));
      queryClient.removeQueries({ queryKey: draftQueryOptions(id).queryKey });
      useDraftStore.getState().deleted(id);
    },
  });
}
