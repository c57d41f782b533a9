import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminAnalyticsEndpoints as endpoints } from '@shared/endpoints/admin-analytics';
import { callEndpoint, endpointUrl } from '../../../lib/api-client';

export interface RegistrationFilters {
  from: string;
  to: string;
  bucket: string;
}

/** GET /api/admin/analytics/registrations: accounts per day or week, the verification funnel, sources and referrers. */
export const registrationAnalyticsQueryOptions = (filters: RegistrationFilters) =>
  queryOptions({
    queryKey: ['admin', 'registration-analytics', filters],
    queryFn: () => callEndpoint(endpoints.registrations, { query: { ...filters } }),
    placeholderData: keepPreviousData,
  });

export const useRegistrationAnalytics = (filters: RegistrationFilters) => useQuery(registrationAnalyticsQueryOptions(filters));

/** GET /api/admin/analytics/registrations.csv: the same figures as a file. */
export const registrationAnalyticsCsvPath = (filters: RegistrationFilters) => endpointUrl(endpoints.registrationsCsv, { query: { ...filters } });
