import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { type confirmEmailChangeRequestSchema, userResponseSchema } from '@shared/contracts/accounts';
import { apiRequest } from '../../../lib/api-client';
import { accountQueryOptions } from './get-account';

/** POST /api/user/email/confirm: the code sent to the new address; the account then shows the new address. */
export function useConfirmEmailChange(viewerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: z.output<typeof confirmEmailChangeRequestSchema>) => apiRequest('POST', '/api/user/email/confirm', { body: input, schema: userResponseSchema }),
    onSuccess: (answer) => queryClient.setQueryData(accountQueryOptions(viewerId).queryKey, answer),
  });
}
