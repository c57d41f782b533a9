import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PricingMonitorQuery } from '@shared/contracts/pricing-monitor';
import { pricingMonitorEndpoints as endpoints } from '@shared/endpoints/pricing-monitor';
import { callEndpoint } from '../../../lib/api-client';

/** GET /api/admin/pricing-monitor: the pricing runs of a range of Perth days, summed up. */
export const pricingMonitorQueryOptions = (query: PricingMonitorQuery) =>
  queryOptions({
    queryKey: ['admin', 'pricing-monitor', query],
    queryFn: () => callEndpoint(endpoints.figures, { query }),
    placeholderData: keepPreviousData,
  });

export const usePricingMonitor = (query: PricingMonitorQuery) => useQuery(pricingMonitorQueryOptions(query));
