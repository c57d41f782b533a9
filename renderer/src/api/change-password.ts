import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { changePasswordRequestSchema } from '@shared/contracts/accounts';
import { accountEndpoints } from '@shared/endpoints/accounts';
import { callEndpoint } from '../lib/api-client';
import { accountQueryOptions } from './get-account';
import { sessionsQueryOptions } from './get-sessions';

/**
 * PUT /api/user/password: the signed-in person's own password (a member's settings, an
 * administrator's Change Password). Every other session ends (so the sessions list is read again)
 * and a pending e-mail change is dropped.
 */
export function useChangePassword(viewerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: z.output<typeof changePasswordRequestSchema>) => callEndpoint(accountEndpoints.changePassword, { body: input }),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: sessionsQueryOptions(viewerId).queryKey }), queryClient.invalidateQueries({ queryKey: accountQueryOptions(viewerId).queryKey })]),
  });
}
