import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { RENEWAL_STAGES } from '@shared/contracts/renewals';
import { seasonEndpoints } from '@shared/endpoints/seasons';
import { callEndpoint } from '../../../lib/api-client';
import { oneOf } from '../../../lib/query-string';
import { pagedList } from '../../../lib/react-query';

const RENEWALS_KEY = ['admin', 'renewals'] as const;

/** GET /api/admin/renewals: the open season's renewal pipeline, one page of one stage (or all), of the members a search finds. */
export const renewalsQueryOptions = (stage: string, q: string, page: number) =>
  queryOptions(
    pagedList({
      queryKey: [...RENEWALS_KEY, { stage, q, page }],
      queryFn: () => callEndpoint(seasonEndpoints.renewals, { query: { stage: oneOf(RENEWAL_STAGES, stage), q: q || undefined, page } }),
    }),
  );

export const useRenewals = (stage: string, q: string, page: number) => useQuery(renewalsQueryOptions(stage, q, page));

/** POST /api/admin/renewals/:memberId/reminder: e-mails the member that the season is open. */
export function useRemindToRenew() {
  const client = useQueryClient();
  return useMutation({ mutationFn: (memberId: string) => callEndpoint(seasonEndpoints.remindToRenew, { params: { memberId } }), onSuccess: () => client.invalidateQueries({ queryKey: RENEWALS_KEY }) });
}
