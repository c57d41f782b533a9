import { useMutation, useQueryClient } from '@tanstack/react-query';
import { memberSupportRequestResponseSchema } from '@shared/contracts/support-requests';
import { apiRequest } from '../../../../lib/api-client';
import { myRequestsQueryOptions } from './get-my-requests';

/** POST /api/support-requests/:id/messages: the person writes again on their open request. */
export function useSendFollowUp(requestId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (message: { body: string }) => apiRequest('POST', `/api/support-requests/${encodeURIComponent(requestId)}/messages`, { body: message, schema: memberSupportRequestResponseSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: myRequestsQueryOptions().queryKey }),
  });
}
