import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { claimResponseSchema, type lodgeClaimSchema } from '@shared/contracts/claims';
import { apiRequest } from '../../../lib/api-client';
import { claimsQueryOptions } from './get-claims';
import { clientsQueryOptions } from './get-clients';
import { overviewQueryOptions } from './get-overview';
import { type RecordScope, scopedPath, scopeKey } from './scope';

interface LodgeClaimVariables {
  claim: z.output<typeof lodgeClaimSchema>;
  photos: readonly File[];
}

/** The claim's fields as lodgeClaimSchema reads them, and its photos (whose claim it is goes in the address). */
function lodgeClaimForm({ claim, photos }: LodgeClaimVariables): FormData {
  const form = new FormData();
  form.append('applicationId', claim.applicationId);
  form.append('peril', claim.peril);
  form.append('eventDate', claim.eventDate);
  for (const id of claim.affectedPaddockIds) form.append('affectedPaddockIds', id);
  form.append('estimatedLossDollars', String(claim.estimatedLossDollars));
  form.append('description', claim.description);
  if (claim.alertEventId) form.append('alertEventId', claim.alertEventId);
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
      apiRequest('POST', scopedPath('/api/claims', scope.memberId), { form: lodgeClaimForm(variables), schema: claimResponseSchema, tooLargeMessage: 'That upload is too large.' }),
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
