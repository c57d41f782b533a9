import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { supportRequestListResponseSchema } from '@shared/contracts/support-requests';
import { apiRequest } from '../../../lib/api-client';
import { withQuery } from '../../../lib/query-string';

export const SUPPORT_REQUESTS_PAGE_SIZE = 25;

export interface SupportRequestFilters {
  status: string;
  source: string;
  assignee: string;
  search: string;
  page: number;
}

/** The query string of the list and of its CSV export: empty filters are left out. */
export const filterQuery = ({ status, source, assignee, search }: Omit<SupportRequestFilters, 'page'>) => ({
  status: status || undefined,
  source: source || undefined,
  assignee: assignee || undefined,
  search: search || undefined,
});

/** GET /api/admin/support-requests: one page of the queue (open requests oldest first by default). */
export const supportRequestsQueryOptions = (filters: SupportRequestFilters) =>
  queryOptions({
    queryKey: ['admin', 'support-requests', 'list', filters],
    queryFn: () =>
      apiRequest('GET', withQuery('/api/admin/support-requests', { ...filterQuery(filters), page: filters.page, pageSize: SUPPORT_REQUESTS_PAGE_SIZE }), { schema: supportRequestListResponseSchema }),
    placeholderData: keepPreviousData,
  });

export const useSupportRequests = (filters: SupportRequestFilters) => useQuery(supportRequestsQueryOptions(filters));
