import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { type changePasswordRequestSchema, successResponseSchema } from '@shared/contracts/accounts';
import { apiRequest } from '../../../lib/api-client';
import { accountQueryOptions } from '../../../api/get-account';
import { sessionsQueryOptions } from './get-sessions';

/** PUT /api/user/password: signs the member out everywhere else (so the sessions list is read again) and drops a pending e-mail change. */
export function useChangePassword(viewerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: z.output<typeof changePasswordRequestSchema>) => apiRequest('PUT', '/api/user/password', { body: input, schema: successResponseSchema }),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: sessionsQueryOptions(viewerId).queryKey }), queryClient.invalidateQueries({ queryKey: accountQueryOptions(viewerId).queryKey })]),
  });
}
