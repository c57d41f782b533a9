import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FormSubmissionFilter } from '@shared/contracts/public-site';
import { publicSiteEndpoints } from '@shared/endpoints/public-site';
import { callEndpoint } from '../../../lib/api-client';
import { pagedList } from '../../../lib/react-query';

/** GET /api/admin/form-submissions: one page of the submissions, newest first. */
export const formSubmissionsQueryOptions = (filter: FormSubmissionFilter, page: number) =>
  queryOptions(
    pagedList({
      queryKey: ['admin', 'form-submissions', { filter, page }],
      queryFn: () => callEndpoint(publicSiteEndpoints.formSubmissions, { query: { filter, page } }),
    }),
  );

export const useFormSubmissions = (filter: FormSubmissionFilter, page: number) => useQuery(formSubmissionsQueryOptions(filter, page));
