import { queryOptions, useQuery } from '@tanstack/react-query';
import { peopleEndpoints as endpoints } from '@shared/endpoints/people';
import { callEndpoint } from '../../../lib/api-client';
import { pagedList } from '../../../lib/react-query';

export const LOOKUP_PAGE_SIZE = 20;

/** GET /api/admin/user-lookup?q=: one page of the people the key finds, by surname. Nothing is asked before a search. */
export const lookUpPeopleQueryOptions = (q: string, page: number) =>
  queryOptions(
    pagedList({
      queryKey: ['admin', 'people', 'lookup', { q, page }],
      queryFn: () => callEndpoint(endpoints.lookUp, { query: { q, page, pageSize: LOOKUP_PAGE_SIZE } }),
      enabled: q !== '',
    }),
  );

export const useLookUpPeople = (q: string, page: number) => useQuery(lookUpPeopleQueryOptions(q, page));
