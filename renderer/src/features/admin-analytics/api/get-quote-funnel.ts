import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminAnalyticsEndpoints as endpoints } from '@shared/endpoints/admin-analytics';
import { callEndpoint, endpointUrl } from '../../../lib/api-client';

export interface QuoteFunnelFilters {
  from: string;
  to: string;
}

/** GET /api/admin/analytics/quote-funnel: the wizard's steps, estimates and applications over a period. */
export const quoteFunnelQueryOptions = (filters: QuoteFunnelFilters) =>
  queryOptions({
    queryKey: ['admin', 'quote-funnel', filters],
    queryFn: () => callEndpoint(endpoints.quoteFunnel, { query: { ...filters } }),
    placeholderData: keepPreviousData,
  });

export const useQuoteFunnel = (filters: QuoteFunnelFilters) => useQuery(quoteFunnelQueryOptions(filters));

/** GET /api/admin/analytics/quote-funnel.csv: the same figures as a file. */
export const quoteFunnelCsvPath = (filters: QuoteFunnelFilters) => endpointUrl(endpoints.quoteFunnelCsv, { query: { ...filters } });
