import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { errorGroupListSchema } from '@shared/contracts/admin-insights';
import { apiRequest } from '../../../lib/api-client';
import { withQuery } from '../../../lib/query-string';

export interface ErrorGroupFilters {
  type: string;
  severity: string;
  from: string;
  to: string;
  page: number;
}

/** GET /api/admin/errors: one page of the error groups matching the filters, the most recently seen first. */
export const errorGroupsQueryOptions = (filters: ErrorGroupFilters) =>
  queryOptions({
    queryKey: ['admin', 'error-groups', filters],
    queryFn: () => apiRequest('GET', withQuery('/api/admin/errors', { ...filters }), { schema: errorGroupListSchema }),
    placeholderData: keepPreviousData,
  });

export const useErrorGroups = (filters: ErrorGroupFilters) => useQuery(errorGroupsQueryOptions(filters));
