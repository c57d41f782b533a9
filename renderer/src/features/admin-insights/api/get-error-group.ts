import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { errorGroupDetailSchema } from '@shared/contracts/admin-insights';
import { apiRequest } from '../../../lib/api-client';
import { withQuery } from '../../../lib/query-string';

/** GET /api/admin/errors/:fingerprint: one page of the newest reports of one group. */
export const errorGroupQueryOptions = (fingerprint: string, page: number) =>
  queryOptions({
    queryKey: ['admin', 'error-group', fingerprint, page],
    queryFn: () => apiRequest('GET', withQuery(`/api/admin/errors/${encodeURIComponent(fingerprint)}`, { page }), { schema: errorGroupDetailSchema }),
    placeholderData: keepPreviousData,
  });

export const useErrorGroup = (fingerprint: string, page: number) => useQuery(errorGroupQueryOptions(fingerprint, page));
