import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { type claimMessageInputSchema, claimResponseSchema } from '@shared/contracts/claims';
import { apiRequest } from '../../../../lib/api-client';
import { replaceClaimInList } from './get-claims';
import type { RecordScope } from '../../api/scope';

/** POST /api/claims/:id/messages: a message to the claims team; the claim in the list is replaced by the server's copy. */
export function useSendClaimMessage(scope: RecordScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ claimId, message }: { claimId: string; message: z.output<typeof claimMessageInputSchema> }) =>
      apiRequest('POST', `/api/claims/${encodeURIComponent(claimId)}/messages`, { body: message, schema: claimResponseSchema }),
    onSuccess: ({ claim }) => replaceClaimInList(queryClient, scope, claim),
  });
}
