import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { type confirmEmailChangeRequestSchema, userResponseSchema } from '@shared/contracts/accounts';
import { apiRequest } from '../lib/api-client';
import { accountSaved } from './update-account';

/** POST /api/user/email/confirm: the code sent to the new address makes it the account's. */
export function useConfirmEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: z.output<typeof confirmEmailChangeRequestSchema>) => apiRequest('POST', '/api/user/email/confirm', { body: input, schema: userResponseSchema }),
    onSuccess: (answer) => accountSaved(queryClient, answer),
  });
}
