import { queryOptions, useQuery } from '@tanstack/react-query';
import { claimResponseSchema } from '@shared/contracts/claims';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/claims/:id: one claim with its photos and conversation. */
export const claimQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['admin', 'claim', id],
    queryFn: () => apiRequest('GET', `/api/claims/${encodeURIComponent(id)}`, { schema: claimResponseSchema }),
  });

export const useClaim = (id: string) => useQuery(claimQueryOptions(id));
