import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { accountUserSchema, type confirmEmailChangeRequestSchema } from '@shared/contracts/accounts';
import { apiRequest } from '../../../lib/api-client';
import { toClientUser, useSessionStore } from '../../../stores/session-store';
import { accountQueryOptions } from './get-account';

const confirmResponseSchema = z.object({ success: z.literal(true), user: accountUserSchema });

/** POST /api/user/email/confirm: the code from the e-mail makes the new address the account's. */
export function useConfirmEmailChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: z.output<typeof confirmEmailChangeRequestSchema>) => apiRequest('POST', '/api/user/email/confirm', { body: input, schema: confirmResponseSchema }),
    onSuccess: ({ user }) => {
      client.setQueryData(accountQueryOptions().queryKey, { success: true as const, user });
      useSessionStore.getState().sessionLoaded(toClientUser(user));
    },
  });
}
