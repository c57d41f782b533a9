import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { runsResponseSchema } from '@shared/contracts/risk-simulation';
import { apiRequest } from '../../../lib/api-client';
import { withQuery } from '../../../lib/query-string';

export const RUNS_PAGE_SIZE = 10;

export interface RunFilters {
  kind: string;
  page: number;
}

/** GET /api/admin/risk/runs: saved runs, newest first, with their figures (not their season-by-season results). */
export const runsQueryOptions = (filters: RunFilters) =>
  queryOptions({
    queryKey: ['admin', 'risk', 'runs', filters],
    queryFn: () => apiRequest('GET', withQuery('/api/admin/risk/runs', { ...filters, pageSize: RUNS_PAGE_SIZE }), { schema: runsResponseSchema }),
    placeholderData: keepPreviousData,
    // While a season runs, its row's progress moves.
    refetchInterval: (query) => (query.state.data?.runs.some((run) => run.status === 'running') ? 2000 : false),
  });

export const useRuns = (filters: RunFilters) => useQuery(runsQueryOptions(filters));
