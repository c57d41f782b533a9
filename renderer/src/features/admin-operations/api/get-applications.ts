import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PROTECTION_STATUSES } from '@shared/contracts/dashboard';
import { protectionEndpoints } from '@shared/endpoints/protection';
import { callEndpoint } from '../../../lib/api-client';
import { oneOf } from '../../../lib/query-string';

export const APPLICATIONS_PAGE_SIZE = 20;

/** GET /api/admin/applications: one page of submitted applications, newest first. */
export const applicationsQueryOptions = (status: string, page: number) =>
  queryOptions({
    queryKey: ['admin', 'applications', { status, page }],
    queryFn: () => callEndpoint(protectionEndpoints.staffApplications, { query: { status: oneOf(PROTECTION_STATUSES, status), page, pageSize: APPLICATIONS_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });

export const useApplications = (status: string, page: number) => useQuery(applicationsQueryOptions(status, page));
