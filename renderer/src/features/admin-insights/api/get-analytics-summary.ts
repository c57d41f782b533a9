import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { analyticsSummarySchema } from '@shared/contracts/admin-insights';
import { apiRequest } from '../../../lib/api-client';
import { withQuery } from '../../../lib/query-string';

export interface AnalyticsFilters {
  event: string;
  from: string;
  to: string;
}

/** GET /api/admin/analytics/summary: events per Perth day over a range, and the most frequent events. */
export const analyticsSummaryQueryOptions = (filters: AnalyticsFilters) =>
  queryOptions({
    queryKey: ['admin', 'analytics-summary', filters],
    queryFn: () => apiRequest('GET', withQuery('/api/admin/analytics/summary', { ...filters }), { schema: analyticsSummarySchema }),
    placeholderData: keepPreviousData,
  });

export const useAnalyticsSummary = (filters: AnalyticsFilters) => useQuery(analyticsSummaryQueryOptions(filters));
