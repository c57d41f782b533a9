import { queryOptions, useQuery } from '@tanstack/react-query';
import { alertEndpoints as endpoints } from '@shared/endpoints/alerts';
import { callEndpoint } from '../../../lib/api-client';

/** GET /api/admin/alert-districts: the Bureau's districts of the installed boundaries, to place a warning on. */
export const alertDistrictsQueryOptions = queryOptions({
  queryKey: ['admin', 'alerts', 'districts'],
  queryFn: () => callEndpoint(endpoints.districts),
  staleTime: Infinity,
});

export const useAlertDistricts = () => useQuery(alertDistrictsQueryOptions);
