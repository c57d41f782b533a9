import { queryOptions, useQuery } from '@tanstack/react-query';
import { riskSimulationEndpoints as endpoints } from '@shared/endpoints/risk-simulation';
import { callEndpoint } from '../../../lib/api-client';

/** How often a running season is asked for its progress. */
const PROGRESS_POLL_MS = 700;

/** GET /api/admin/risk/runs/:id: one run with its results, polled while it runs (docs/risk-simulation.md). */
export const runQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['admin', 'risk', 'run', id],
    queryFn: () => callEndpoint(endpoints.run, { params: { id } }),
    refetchInterval: (query) => (query.state.data?.run.status === 'running' ? PROGRESS_POLL_MS : false),
  });

export const useRun = (id: string | null) => useQuery({ ...runQueryOptions(id ?? ''), enabled: id !== null });
