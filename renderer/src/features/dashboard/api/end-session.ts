import { useMutation, useQueryClient } from '@tanstack/react-query';
import { memberSettingsEndpoints } from '@shared/endpoints/member-settings';
import { callEndpoint } from '../../../lib/api-client';
import { sessionsQueryOptions } from '../../../api/get-sessions';

/** DELETE /api/user/sessions/:id: signs out one other device; the sessions list is read again. */
export function useEndSession(viewerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) => callEndpoint(memberSettingsEndpoints.endSession, { params: { id: sessionId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryOptions(viewerId).queryKey }),
  });
}
