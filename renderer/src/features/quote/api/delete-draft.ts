import { useMutation, useQueryClient } from '@tanstack/react-query';
import { quoteEndpoints } from '@shared/endpoints/quotes';
import { callEndpoint } from '../../../lib/api-client';
import { useDraftStore } from '../stores/draft-store';
import { draftQueryOptions } from './get-draft';
import { draftsQueryOptions } from './get-drafts';

/** DELETE /api/user/drafts/{id}: the draft leaves the owner's list, and stops being the selection or the draft the quote saves into. */
export function useDeleteDraft(ownerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(quoteEndpoints.deleteDraft, { params: { id } }),
    onSuccess: (_response, id) => {
      queryClient.setQueryData(draftsQueryOptions(ownerId).queryKey, (list) => list?.filter((item) => item.id !== id));
      queryClient.removeQueries({ queryKey: draftQueryOptions(id).queryKey });
      useDraftStore.getState().deleted(id);
    },
  });
}
