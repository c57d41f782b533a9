import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { quoteFunnelSchema } from '@shared/contracts/admin-analytics';
import { apiRequest } from '../../../lib/api-client';
import { withQuery } from '../../../lib/query-string';

export interface QuoteFunnelFilters {
  from: string;
  to: string;
}

/** GET /api/admin/analytics/quote-funnel: the wizard's steps, estimates and applications over a period. */
export const quoteFunnelQueryOptions = (filters: QuoteFunnelFilters) =>
  queryOptions({
    queryKey: ['admin', 'quote-funnel', filters],
    queryFn: () => apiRequest('GET', withQuery('/api/admin/analytics/quote-funnel', { ...filters }), { schema: quoteFunnelSchema }),
    placeholderData: keepPreviousData,
  });

export const useQuoteFunnel = (filters: QuoteFunnelFilters) => useQuery(quoteFunnelQueryOptions(filters));

/** GET /api/admin/analytics/quote-funnel.csv: the same figures as a file. */
export const quoteFunnelCsvPath = (filters: QuoteFunnelFilters) => withQuery('/api/admin/analytics/quote-funnel.csv', { ...filters });
