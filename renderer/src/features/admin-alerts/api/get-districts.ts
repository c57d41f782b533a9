import { queryOptions, useQuery } from '@tanstack/react-query';
import { alertDistrictsResponseSchema } from '@shared/contracts/alerts';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/admin/alert-districts: the Bureau's districts of the installed boundaries, to place a warning on. */
export const alertDistrictsQueryOptions = queryOptions({
  queryKey: ['admin', 'alerts', 'districts'],
  queryFn: () => apiRequest('GET', '/api/admin/alert-districts', { schema: alertDistrictsResponseSchema }),
  staleTime: Infinity,
});

export const useAlertDistricts = () => useQuery(alertDistrictsQueryOptions);
