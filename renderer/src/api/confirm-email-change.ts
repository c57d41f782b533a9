import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { confirmEmailChangeRequestSchema } from '@shared/contracts/accounts';
import { accountEndpoints } from '@shared/endpoints/accounts';
import { callEndpoint } from '../lib/api-client';
import { accountSaved } from './update-account';

/** POST /api/user/email/confirm: the code sent to the new address makes it the account's. */
export function useConfirmEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: z.output<typeof confirmEmailChangeRequestSchema>) => callEndpoint(accountEndpoints.confirmEmailChange, { body: input }),
    onSuccess: (answer) => accountSaved(queryClient, answer),
  });
}
