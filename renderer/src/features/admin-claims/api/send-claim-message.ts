import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { claimMessageInputSchema } from '@shared/contracts/claims';
import { claimEndpoints } from '@shared/endpoints/claims';
import { callEndpoint } from '../../../lib/api-client';
import { claimChanged } from './update-claim-status';

/** POST /api/claims/:id/messages: the claims team writes to the member, who is e-mailed. */
export function useSendClaimMessage(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: z.output<typeof claimMessageInputSchema>) => callEndpoint(claimEndpoints.sendMessage, { params: { id }, body: input }),
    onSuccess: ({ claim }) => claimChanged(client, claim),
  });
}
