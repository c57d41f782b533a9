import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffAccountEndpoints } from '@shared/endpoints/accounts';
import { callEndpoint } from '../../../lib/api-client';

/** GET /api/admin/referrers: every partner and their code, newest first. */
export const referrersQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'referrers'],
    queryFn: () => callEndpoint(staffAccountEndpoints.referrers),
  });

export const useReferrers = () => useQuery(referrersQueryOptions());
