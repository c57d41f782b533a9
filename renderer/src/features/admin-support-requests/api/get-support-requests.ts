import { queryOptions, useQuery } from '@tanstack/react-query';
import { SUPPORT_REQUEST_SOURCES, SUPPORT_REQUEST_STATUS_FILTERS } from '@shared/contracts/support-requests';
import { supportRequestEndpoints as endpoints } from '@shared/endpoints/support-requests';
import { callEndpoint } from '../../../lib/api-client';
import { oneOf } from '../../../lib/query-string';
import { pagedList } from '../../../lib/react-query';

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
  status: oneOf(SUPPORT_REQUEST_STATUS_FILTERS, status),
  source: oneOf(SUPPORT_REQUEST_SOURCES, source),
  assignee: assignee || undefined,
  search: search || undefined,
});

/** GET /api/admin/support-requests: one page of the queue (open requests oldest first by default). */
export const supportRequestsQueryOptions = (filters: SupportRequestFilters) =>
  queryOptions(
    pagedList({
      queryKey: ['admin', 'support-requests', 'list', filters],
      queryFn: () => callEndpoint(endpoints.list, { query: { ...filterQuery(filters), page: filters.page, pageSize: SUPPORT_REQUESTS_PAGE_SIZE } }),
    }),
  );

export const useSupportRequests = (filters: SupportRequestFilters) => useQuery(supportRequestsQueryOptions(filters));
