import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { userLookupResponseSchema } from '@shared/contracts/people';
import { apiRequest } from '../../../lib/api-client';
import { withQuery } from '../../../lib/query-string';

export const LOOKUP_PAGE_SIZE = 20;

/** GET /api/admin/user-lookup?q=: one page of the people the key finds, by surname. Nothing is asked before a search. */
export const lookUpPeopleQueryOptions = (q: string, page: number) =>
  queryOptions({
    queryKey: ['admin', 'people', 'lookup', { q, page }],
    queryFn: () => apiRequest('GET', withQuery('/api/admin/user-lookup', { q, page, pageSize: LOOKUP_PAGE_SIZE }), { schema: userLookupResponseSchema }),
    enabled: q !== '',
    placeholderData: keepPreviousData,
  });

export const useLookUpPeople = (q: string, page: number) => useQuery(lookUpPeopleQueryOptions(q, page));
