import { queryOptions, useQuery } from '@tanstack/react-query';
import { claimEndpoints } from '@shared/endpoints/claims';
import { callEndpoint } from '../../../lib/api-client';

/** GET /api/claims/:id: one claim with its photos and conversation. */
export const claimQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['admin', 'claim', id],
    queryFn: () => callEndpoint(claimEndpoints.detail, { params: { id } }),
  });

export const useClaim = (id: string) => useQuery(claimQueryOptions(id));
