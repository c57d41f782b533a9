import { queryOptions, useQuery } from '@tanstack/react-query';
import { APPLICATION_AWAITING, PROTECTION_STATUSES } from '@shared/contracts/protection-status';
import { protectionEndpoints } from '@shared/endpoints/protection';
import { callEndpoint } from '../../../lib/api-client';
import { oneOf } from '../../../lib/query-string';
import { pagedList } from '../../../lib/react-query';

export const APPLICATIONS_PAGE_SIZE = 20;

/** The list's filters as the address holds them ('' for none). */
export interface ApplicationFilters {
  status: string;
  awaiting: string;
}

/** GET /api/admin/applications: one page of submitted applications, newest first. */
export const applicationsQueryOptions = ({ status, awaiting }: ApplicationFilters, page: number) =>
  queryOptions(
    pagedList({
      queryKey: ['admin', 'applications', { status, awaiting, page }],
      queryFn: () =>
        callEndpoint(protectionEndpoints.staffApplications, {
          query: { status: oneOf(PROTECTION_STATUSES, status), awaiting: oneOf(APPLICATION_AWAITING, awaiting), page, pageSize: APPLICATIONS_PAGE_SIZE },
        }),
    }),
  );

export const useApplications = (filters: ApplicationFilters, page: number) => useQuery(applicationsQueryOptions(filters, page));
