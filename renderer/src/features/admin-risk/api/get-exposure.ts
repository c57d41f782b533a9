import { queryOptions, useQuery } from '@tanstack/react-query';
import { exposureResponseSchema } from '@shared/contracts/risk-simulation';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/admin/risk/exposure: the protected paddocks and zones for the map, and the reserve. */
export const exposureQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'risk', 'exposure'],
    queryFn: () => apiRequest('GET', '/api/admin/risk/exposure', { schema: exposureResponseSchema }),
  });

export const useExposure = () => useQuery(exposureQueryOptions());
