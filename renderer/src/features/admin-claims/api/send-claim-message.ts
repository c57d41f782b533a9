import { useMutation, useQueryClient } from '@tanstack/react-query';
import { claimResponseSchema, type claimMessageInputSchema } from '@shared/contracts/claims';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { claimChanged } from './update-claim-status';

/** POST /api/claims/:id/messages: the claims team writes to the member, who is e-mailed. */
export function useSendClaimMessage(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: z.output<typeof claimMessageInputSchema>) => apiRequest('POST', `/api/claims/${encodeURIComponent(id)}/messages`, { body: input, schema: claimResponseSchema }),
    onSuccess: ({ claim }) => claimChanged(client, claim),
  });
}
