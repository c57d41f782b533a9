import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminInsightsEndpoints as endpoints } from '@shared/endpoints/admin-insights';
import { callEndpoint } from '../../../lib/api-client';

export interface AnalyticsFilters {
  event: string;
  from: string;
  to: string;
}

/** GET /api/admin/analytics/summary: events per Perth day over a range, and the most frequent events. */
export const analyticsSummaryQueryOptions = (filters: AnalyticsFilters) =>
  queryOptions({
    queryKey: ['admin', 'analytics-summary', filters],
    queryFn: () => callEndpoint(endpoints.analyticsSummary, { query: { ...filters } }),
    placeholderData: keepPreviousData,
  });

export const useAnalyticsSummary = (filters: AnalyticsFilters) => useQuery(analyticsSummaryQueryOptions(filters));
