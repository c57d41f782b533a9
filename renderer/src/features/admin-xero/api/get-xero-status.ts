import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { xeroStatusResponseSchema } from '@shared/contracts/xero';
import { apiRequest } from '../../../lib/api-client';
import { withQuery } from '../../../lib/query-string';

/** GET /api/admin/xero: configuration, connection, counts and one page of the sync log; refreshed while the page is open, so a queued item is seen going. */
export const xeroStatusQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['admin', 'xero', page],
    queryFn: () => apiRequest('GET', withQuery('/api/admin/xero', { page }), { schema: xeroStatusResponseSchema }),
    placeholderData: keepPreviousData,
    refetchInterval: 5_000,
  });

export const useXeroStatus = (page: number) => useQuery(xeroStatusQueryOptions(page));
