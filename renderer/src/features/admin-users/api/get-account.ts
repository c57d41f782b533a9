import { queryOptions, useQuery } from '@tanstack/react-query';
import { userResponseSchema } from '@shared/contracts/accounts';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/user: the signed-in administrator's own account. */
export const accountQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'account'],
    queryFn: () => apiRequest('GET', '/api/user', { schema: userResponseSchema }),
  });

export const useAccount = () => useQuery(accountQueryOptions());
