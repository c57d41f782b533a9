import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type FormSubmissionFilter, formSubmissionListResponseSchema } from '@shared/contracts/public-site';
import { apiRequest } from '../../../lib/api-client';
import { withQuery } from '../../../lib/query-string';

/** GET /api/admin/form-submissions: one page of the submissions, newest first. */
export const formSubmissionsQueryOptions = (filter: FormSubmissionFilter, page: number) =>
  queryOptions({
    queryKey: ['admin', 'form-submissions', { filter, page }],
    queryFn: () => apiRequest('GET', withQuery('/api/admin/form-submissions', { filter, page }), { schema: formSubmissionListResponseSchema }),
    placeholderData: keepPreviousData,
  });

export const useFormSubmissions = (filter: FormSubmissionFilter, page: number) => useQuery(formSubmissionsQueryOptions(filter, page));
