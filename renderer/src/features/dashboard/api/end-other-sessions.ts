import { useMutation, useQueryClient } from '@tanstack/react-query';
import { memberSettingsEndpoints } from '@shared/endpoints/member-settings';
import { callEndpoint } from '../../../lib/api-client';
import { sessionsQueryOptions } from '../../../api/get-sessions';

/** DELETE /api/user/sessions: signs out every device but this one; the sessions list is read again. */
export function useEndOtherSessions(viewerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(memberSettingsEndpoints.endOtherSessions),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryOptions(viewerId).queryKey }),
  });
}
