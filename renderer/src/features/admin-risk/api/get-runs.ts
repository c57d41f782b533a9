import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { RUN_KINDS } from '@shared/contracts/risk-simulation';
import { riskSimulationEndpoints as endpoints } from '@shared/endpoints/risk-simulation';
import { callEndpoint } from '../../../lib/api-client';
import { oneOf } from '../../../lib/query-string';

export const RUNS_PAGE_SIZE = 10;

export interface RunFilters {
  kind: string;
  page: number;
}

/** GET /api/admin/risk/runs: saved runs, newest first, with their figures (not their season-by-season results). */
export const runsQueryOptions = (filters: RunFilters) =>
  queryOptions({
    queryKey: ['admin', 'risk', 'runs', filters],
    queryFn: () => callEndpoint(endpoints.runs, { query: { kind: oneOf(RUN_KINDS, filters.kind), page: filters.page, pageSize: RUNS_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
    // While a season runs, its row's progress moves.
    refetchInterval: (query) => (query.state.data?.runs.some((run) => run.status === 'running') ? 2000 : false),
  });

export const useRuns = (filters: RunFilters) => useQuery(runsQueryOptions(filters));
