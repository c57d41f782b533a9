import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { claimMessageInputSchema } from '@shared/contracts/claims';
import { claimEndpoints } from '@shared/endpoints/claims';
import { callEndpoint } from '../../../../lib/api-client';
import { replaceClaimInList } from './get-claims';
import type { RecordScope } from '../../api/scope';

/** POST /api/claims/:id/messages: a message to the claims team; the claim in the list is replaced by the server's copy. */
export function useSendClaimMessage(scope: RecordScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ claimId, message }: { claimId: string; message: z.output<typeof claimMessageInputSchema> }) => callEndpoint(claimEndpoints.sendMessage, { params: { id: claimId }, body: message }),
    onSuccess: ({ claim }) => replaceClaimInList(queryClient, scope, claim),
  });
}
