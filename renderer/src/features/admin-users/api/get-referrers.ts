import { queryOptions, useQuery } from '@tanstack/react-query';
import { referrersResponseSchema } from '@shared/contracts/accounts';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/admin/referrers: every partner and their code, newest first. */
export const referrersQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'referrers'],
    queryFn: () => apiRequest('GET', '/api/admin/referrers', { schema: referrersResponseSchema }),
  });

export const useReferrers = () => useQuery(referrersQueryOptions());
