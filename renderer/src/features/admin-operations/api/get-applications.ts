import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminApplicationsResponseSchema } from '@shared/contracts/protection';
import { apiRequest } from '../../../lib/api-client';
import { withQuery } from '../../../lib/query-string';

export const APPLICATIONS_PAGE_SIZE = 20;

/** GET /api/admin/applications: one page of submitted applications, newest first. */
export const applicationsQueryOptions = (status: string, page: number) =>
  queryOptions({
    queryKey: ['admin', 'applications', { status, page }],
    queryFn: () => apiRequest('GET', withQuery('/api/admin/applications', { status, page, pageSize: APPLICATIONS_PAGE_SIZE }), { schema: adminApplicationsResponseSchema }),
    placeholderData: keepPreviousData,
  });

export const useApplications = (status: string, page: number) => useQuery(applicationsQueryOptions(status, page));
