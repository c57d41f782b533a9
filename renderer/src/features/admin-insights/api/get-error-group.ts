import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminInsightsEndpoints as endpoints } from '@shared/endpoints/admin-insights';
import { callEndpoint } from '../../../lib/api-client';

/** GET /api/admin/errors/:fingerprint: one page of the newest reports of one group. */
export const errorGroupQueryOptions = (fingerprint: string, page: number) =>
  queryOptions({
    queryKey: ['admin', 'error-group', fingerprint, page],
    queryFn: () => callEndpoint(endpoints.errorGroup, { params: { fingerprint }, query: { page } }),
    placeholderData: keepPreviousData,
  });

export const useErrorGroup = (fingerprint: string, page: number) => useQuery(errorGroupQueryOptions(fingerprint, page));
