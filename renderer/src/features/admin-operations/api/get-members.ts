import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { membersResponseSchema } from '@shared/contracts/accounts';
import { apiRequest } from '../../../lib/api-client';
import { withQuery } from '../../../lib/query-string';

export const MEMBERS_PAGE_SIZE = 20;

/** GET /api/admin/members: one page of the members matching a search, newest first. */
export const membersQueryOptions = (search: string, page: number) =>
  queryOptions({
    queryKey: ['admin', 'members', { search, page }],
    queryFn: () => apiRequest('GET', withQuery('/api/admin/members', { search, page, pageSize: MEMBERS_PAGE_SIZE }), { schema: membersResponseSchema }),
    placeholderData: keepPreviousData,
  });

export const useMembers = (search: string, page: number) => useQuery(membersQueryOptions(search, page));
