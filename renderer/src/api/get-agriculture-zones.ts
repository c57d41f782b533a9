import { queryOptions, useQuery } from '@tanstack/react-query';
import { pricingEndpoints } from '@shared/endpoints/pricing';
import { callEndpoint } from '../lib/api-client';

/**
 * GET /api/agriculture-zones: the risk zones with their rates and outlines (staff's zones page, the
 * pricing monitor's filter). A pricing edit marks it stale (admin-pricing's pricingModelSaved).
 */
export const agricultureZonesQueryOptions = () =>
  queryOptions({
    queryKey: ['agriculture-zones'],
    queryFn: () => callEndpoint(pricingEndpoints.zones),
    staleTime: 5 * 60_000,
  });

export const useAgricultureZones = () => useQuery(agricultureZonesQueryOptions());
