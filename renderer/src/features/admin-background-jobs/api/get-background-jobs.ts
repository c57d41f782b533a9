import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { backgroundJobsResponseSchema } from '@shared/contracts/background-jobs';
import { apiRequest } from '../../../lib/api-client';
import { withQuery } from '../../../lib/query-string';

export const FAILED_JOBS_PAGE_SIZE = 20;

/** GET /api/admin/background-jobs: counts per queue and state, and one page of failed jobs; refreshed while the page is open. */
export const backgroundJobsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['admin', 'background-jobs', page],
    queryFn: () => apiRequest('GET', withQuery('/api/admin/background-jobs', { page, pageSize: FAILED_JOBS_PAGE_SIZE }), { schema: backgroundJobsResponseSchema }),
    placeholderData: keepPreviousData,
    refetchInterval: 15_000,
  });

export const useBackgroundJobs = (page: number) => useQuery(backgroundJobsQueryOptions(page));
