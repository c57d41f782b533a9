import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { staffAccountEndpoints } from '@shared/endpoints/accounts';
import { callEndpoint } from '../../../lib/api-client';

export const MEMBERS_PAGE_SIZE = 20;

/** GET /api/admin/members: one page of the members matching a search, newest first. */
export const membersQueryOptions = (search: string, page: number) =>
  queryOptions({
    queryKey: ['admin', 'members', { search, page }],
    queryFn: () => callEndpoint(staffAccountEndpoints.members, { query: { search: search || undefined, page, pageSize: MEMBERS_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });

export const useMembers = (search: string, page: number) => useQuery(membersQueryOptions(search, page));
