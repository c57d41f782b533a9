import { queryOptions, useQuery } from '@tanstack/react-query';
import { userResponseSchema } from '@shared/contracts/accounts';
import { apiRequest } from '../../../lib/api-client';
import { viewerKey } from './scope';

/** GET /api/user: the member's own details for the settings page. */
export const accountQueryOptions = (viewerId: string) =>
  queryOptions({
    queryKey: [...viewerKey(viewerId), 'account'],
    queryFn: () => apiRequest('GET', '/api/user', { schema: userResponseSchema }),
    enabled: viewerId !== '',
  });

export const useAccount = (viewerId: string) => useQuery(accountQueryOptions(viewerId));
