import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountEndpoints } from '@shared/endpoints/accounts';
import { callEndpoint } from '../lib/api-client';

/**
 * GET /api/user: the signed-in person's own account (the member's settings, the administrator's
 * profile, the details the quote starts with). Keyed by the viewer, so a cache filled for one
 * account is never shown to the next person on the same computer.
 */
export const accountQueryOptions = (viewerId: string) =>
  queryOptions({
    queryKey: ['account', viewerId],
    queryFn: () => callEndpoint(accountEndpoints.account),
    enabled: viewerId !== '',
  });

export const useAccount = (viewerId: string) => useQuery(accountQueryOptions(viewerId));
