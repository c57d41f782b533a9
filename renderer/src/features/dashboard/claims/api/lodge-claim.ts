import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { lodgeClaimSchema } from '@shared/contracts/claims';
import { IDEMPOTENCY_KEY_HEADER } from '@shared/contracts/idempotency-headers';
import { claimEndpoints } from '@shared/endpoints/claims';
import { callEndpoint, type UploadProgressListener } from '../../../../lib/api-client';
import { claimsQueryOptions } from './get-claims';
import { clientsQueryOptions } from '../../api/get-clients';
import { overviewQueryOptions } from '../../api/get-overview';
import { type RecordScope, scopeKey } from '../../../../api/scope';

interface LodgeClaimVariables {
  claim: z.output<typeof lodgeClaimSchema>;
  photos: readonly File[];
  /** The same on every sending of one form (IDEMPOTENCY_KEY_HEADER): sent again after its answer was lost, the claim is kept once. */
  idempotencyKey: string;
  /** Hears how much of the claim and its photos has gone. */
  onUploadProgress?: UploadProgressListener | undefined;
}

/**
 * The claim's fields as lodgeClaimSchema reads them, every one of its output (a list as repeated
 * fields, an absent one left out), so a field added to the schema is sent without a line here; and
 * its photos. Whose claim it is goes in the address.
 */
function lodgeClaimForm({ claim, photos }: LodgeClaimVariables): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(claim)) {
    if (value === undefined || value === null || value === '') continue;
    for (const item of Array.isArray(value) ? value : [value]) form.append(name, String(item));
  }
  for (const photo of photos) form.append('photos', photo, photo.name);
  return form;
}

/**
 * POST /api/claims?memberId= (multipart): lodges a claim for the member in scope. The new claim heads the claims list at once; the
 * overview (open claims), the season report (claims per paddock) and a broker's client cards are
 * read again.
 */
export function useLodgeClaim(scope: RecordScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: LodgeClaimVariables) =>
      callEndpoint(claimEndpoints.lodge, {
        query: { memberId: scope.memberId },
        form: lodgeClaimForm(variables),
        tooLargeMessage: 'That upload is too large.',
        onUploadProgress: variables.onUploadProgress,
        headers: { [IDEMPOTENCY_KEY_HEADER]: variables.idempotencyKey },
      }),
    onSuccess: async ({ claim }) => {
      queryClient.setQueryData(claimsQueryOptions(scope).queryKey, (list) => list && { claims: [claim, ...list.claims.filter((item) => item.id !== claim.id)] });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: overviewQueryOptions(scope).queryKey }),
        queryClient.invalidateQueries({ queryKey: [...scopeKey(scope), 'season-report'] }),
        queryClient.invalidateQueries({ queryKey: clientsQueryOptions(scope.viewerId, true).queryKey }),
      ]);
    },
  });
}
