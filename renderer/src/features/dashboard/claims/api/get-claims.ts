import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import type { ClaimView } from '@shared/contracts/claims';
import { claimEndpoints } from '@shared/endpoints/claims';
import { callEndpoint } from '../../../../lib/api-client';
import { type RecordScope, scopeKey } from '../../../../api/scope';

/** GET /api/claims: the member's claims, newest first, with photos, messages and the hurdle. */
export const claimsQueryOptions = (scope: RecordScope) =>
  queryOptions({
    queryKey: [...scopeKey(scope), 'claims'],
    queryFn: () => callEndpoint(claimEndpoints.list, { query: { memberId: scope.memberId } }),
    enabled: scope.viewerId !== '',
  });

export const useClaims = (scope: RecordScope) => useQuery(claimsQueryOptions(scope));

/** Puts the server's new copy of one claim in the list (after a message or photos). */
export function replaceClaimInList(queryClient: QueryClient, scope: RecordScope, claim: ClaimView) {
  queryClient.setQueryData(claimsQueryOptions(scope).queryKey, (list) => list && { claims: list.claims.map((item) => (item.id === claim.id ? claim : item)) });
}
