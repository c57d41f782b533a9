import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { registrationAnalyticsSchema } from '@shared/contracts/admin-analytics';
import { apiRequest } from '../../../lib/api-client';
import { withQuery } from '../../../lib/query-string';

export interface RegistrationFilters {
  from: string;
  to: string;
  bucket: string;
}

/** GET /api/admin/analytics/registrations: accounts per day or week, the verification funnel, sources and referrers. */
export const registrationAnalyticsQueryOptions = (filters: RegistrationFilters) =>
  queryOptions({
    queryKey: ['admin', 'registration-analytics', filters],
    queryFn: () => apiRequest('GET', withQuery('/api/admin/analytics/registrations', { ...filters }), { schema: registrationAnalyticsSchema }),
    placeholderData: keepPreviousData,
  });

export const useRegistrationAnalytics = (filters: RegistrationFilters) => useQuery(registrationAnalyticsQueryOptions(filters));

/** GET /api/admin/analytics/registrations.csv: the same figures as a file. */
export const registrationAnalyticsCsvPath = (filters: RegistrationFilters) => withQuery('/api/admin/analytics/registrations.csv', { ...filters });
