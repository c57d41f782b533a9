import { queryOptions, useQuery } from '@tanstack/react-query';
import { systemAlertsResponseSchema } from '@shared/contracts/alerts';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/admin/system-alerts: failed jobs, error spikes and unusual sign-in failures, checked again every minute. */
export const systemAlertsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'alerts', 'system'],
    queryFn: () => apiRequest('GET', '/api/admin/system-alerts', { schema: systemAlertsResponseSchema }),
    refetchInterval: 60_000,
  });

export const useSystemAlerts = () => useQuery(systemAlertsQueryOptions());
