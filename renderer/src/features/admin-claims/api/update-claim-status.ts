import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { type ClaimView, claimResponseSchema, type claimStatusInputSchema } from '@shared/contracts/claims';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
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
    mutationFn: (input: z.output<typeof claimStatusInputSchema>) => apiRequest('PUT', `/api/claims/${encodeURIComponent(id)}/status`, { body: input, schema: claimResponseSchema }),
    onSuccess: ({ claim }) => claimChanged(client, claim),
  });
}
