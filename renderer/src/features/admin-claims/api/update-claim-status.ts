import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ClaimView, claimStatusInputSchema } from '@shared/contracts/claims';
import { claimEndpoints } from '@shared/endpoints/claims';
import { callEndpoint } from '../../../lib/api-client';
import { claimQueryOptions } from './get-claim';

/** A changed claim: its detail is the answer; the list and the dashboard's counts are stale. */
export async function claimChanged(client: QueryClient, claim: ClaimView) {
  client.setQueryData(claimQueryOptions(claim.id).queryKey, { claim });
  await Promise.all([client.invalidateQueries({ queryKey: ['admin', 'claims'] }), client.invalidateQueries({ queryKey: ['admin', 'overview'] })]);
}

/** PUT /api/claims/:id/status: moves the claim on; the member is e-mailed. */
export function useUpdateClaimStatus(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: z.output<typeof claimStatusInputSchema>) => callEndpoint(claimEndpoints.moveStatus, { params: { id }, body: input }),
    onSuccess: ({ claim }) => claimChanged(client, claim),
  });
}
