import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { sessionsQueryOptions } from './get-sessions';

/** DELETE /api/user/sessions: signs out every device but this one; the sessions list is read again. */
export function useEndOtherSessions(viewerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('DELETE', '/api/user/sessions', { schema: z.object({ ended: z.number() }) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryOptions(viewerId).queryKey }),
  });
}
