import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type PricingMonitorQuery, pricingMonitorResponseSchema } from '@shared/contracts/pricing-monitor';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/admin/pricing-monitor: the pricing runs of a range of Perth days, summed up. */
export const pricingMonitorQueryOptions = (query: PricingMonitorQuery) =>
  queryOptions({
    queryKey: ['admin', 'pricing-monitor', query],
    queryFn: () => {
      const params = new URLSearchParams(Object.entries(query).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== ''));
      return apiRequest('GET', `/api/admin/pricing-monitor?${params.toString()}`, { schema: pricingMonitorResponseSchema });
    },
    placeholderData: keepPreviousData,
  });

export const usePricingMonitor = (query: PricingMonitorQuery) => useQuery(pricingMonitorQueryOptions(query));
