import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ClaimView, claimMessageInputSchema } from '@shared/contracts/claims';
import { claimEndpoints } from '@shared/endpoints/claims';
import { callEndpoint } from '../lib/api-client';

/**
 * POST /api/claims/:id/messages: a message on a claim's conversation, from the member (or their
 * broker) or from the claims team (the member is e-mailed). The server answers the claim as it now
 * stands; `sent` puts it where the page that sent it keeps claims (the member's list, staff's detail).
 */
export function useSendClaimMessage(sent: (client: QueryClient, claim: ClaimView) => unknown) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ claimId, message }: { claimId: string; message: z.output<typeof claimMessageInputSchema> }) => callEndpoint(claimEndpoints.sendMessage, { params: { id: claimId }, body: message }),
    onSuccess: ({ claim }) => sent(client, claim),
  });
}
