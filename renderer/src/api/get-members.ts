import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffAccountEndpoints } from '@shared/endpoints/accounts';
import { callEndpoint } from '../lib/api-client';
import { pagedList } from '../lib/react-query';

export const MEMBERS_PAGE_SIZE = 20;

export interface MembersPage {
  search?: string;
  page?: number;
  pageSize?: number;
}

/** GET /api/admin/members: one page of the members matching a search, newest first. */
export const fetchMembers = ({ search, page, pageSize = MEMBERS_PAGE_SIZE }: MembersPage) => callEndpoint(staffAccountEndpoints.members, { query: { search: search || undefined, page, pageSize } });

/** The members list a page shows (the members page, the soil tests' member picker), paged (`pagedList`). */
export const membersQueryOptions = (request: MembersPage) =>
  queryOptions(
    pagedList({
      queryKey: ['admin', 'members', request],
      queryFn: () => fetchMembers(request),
    }),
  );

/** `enabled: false` until there is something to look for (the soil picker asks nothing before Find). */
export const useMembers = (request: MembersPage, { enabled = true } = {}) => useQuery({ ...membersQueryOptions(request), enabled });
