import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supportRequestEndpoints as endpoints } from '@shared/endpoints/support-requests';
import { callEndpoint } from '../../../../lib/api-client';
import { myRequestsQueryOptions } from './get-my-requests';

/** POST /api/support-requests/:id/messages: the person writes again on their open request. */
export function useSendFollowUp(requestId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (message: { body: string }) => callEndpoint(endpoints.followUp, { params: { id: requestId }, body: message }),
    onSuccess: () => client.invalidateQueries({ queryKey: myRequestsQueryOptions().queryKey }),
  });
}
