import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminInsightsEndpoints as endpoints } from '@shared/endpoints/admin-insights';
import { callEndpoint } from '../../../lib/api-client';
import { pagedList } from '../../../lib/react-query';

export interface ErrorGroupFilters {
  type: string;
  severity: string;
  from: string;
  to: string;
  page: number;
}

/** GET /api/admin/errors: one page of the error groups matching the filters, the most recently seen first. */
export const errorGroupsQueryOptions = (filters: ErrorGroupFilters) =>
  queryOptions(
    pagedList({
      queryKey: ['admin', 'error-groups', filters],
      queryFn: () => callEndpoint(endpoints.errorGroups, { query: { ...filters } }),
    }),
  );

export const useErrorGroups = (filters: ErrorGroupFilters) => useQuery(errorGroupsQueryOptions(filters));
