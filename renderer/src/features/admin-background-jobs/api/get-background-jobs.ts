import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { backgroundJobEndpoints as endpoints } from '@shared/endpoints/background-jobs';
import { callEndpoint } from '../../../lib/api-client';

export const FAILED_JOBS_PAGE_SIZE = 20;

/** GET /api/admin/background-jobs: counts per queue and state, and one page of failed jobs; refreshed while the page is open. */
export const backgroundJobsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['admin', 'background-jobs', page],
    queryFn: () => callEndpoint(endpoints.list, { query: { page, pageSize: FAILED_JOBS_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
    refetchInterval: 15_000,
  });

export const useBackgroundJobs = (page: number) => useQuery(backgroundJobsQueryOptions(page));
