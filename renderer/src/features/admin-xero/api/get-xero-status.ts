import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { xeroEndpoints as endpoints } from '@shared/endpoints/xero';
import { callEndpoint } from '../../../lib/api-client';

/** GET /api/admin/xero: configuration, connection, counts and one page of the sync log; refreshed while the page is open, so a queued item is seen going. */
export const xeroStatusQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['admin', 'xero', page],
    queryFn: () => callEndpoint(endpoints.status, { query: { page } }),
    placeholderData: keepPreviousData,
    refetchInterval: 5_000,
  });

export const useXeroStatus = (page: number) => useQuery(xeroStatusQueryOptions(page));
