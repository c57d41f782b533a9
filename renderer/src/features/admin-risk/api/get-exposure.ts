import { queryOptions, useQuery } from '@tanstack/react-query';
import { riskSimulationEndpoints as endpoints } from '@shared/endpoints/risk-simulation';
import { callEndpoint } from '../../../lib/api-client';

/** GET /api/admin/risk/exposure: the protected paddocks and zones for the map, and the reserve. */
export const exposureQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'risk', 'exposure'],
    queryFn: () => callEndpoint(endpoints.exposure),
  });

export const useExposure = () => useQuery(exposureQueryOptions());
