import { queryOptions, useQuery } from '@tanstack/react-query';
import { alertEndpoints as endpoints } from '@shared/endpoints/alerts';
import { callEndpoint } from '../../../lib/api-client';

/** GET /api/admin/system-alerts: failed jobs, error spikes and unusual sign-in failures, checked again every minute. */
export const systemAlertsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'alerts', 'system'],
    queryFn: () => callEndpoint(endpoints.systemAlerts),
    refetchInterval: 60_000,
  });

export const useSystemAlerts = () => useQuery(systemAlertsQueryOptions());
