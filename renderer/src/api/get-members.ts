import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { staffAccountEndpoints } from '@shared/endpoints/accounts';
import { callEndpoint } from '../lib/api-client';

export const MEMBERS_PAGE_SIZE = 20;

export interface MembersPage {
  search?: string;
  page?: number;
  pageSize?: number;
}

/** GET /api/admin/members: one page of the members matching a search, newest first. */
export const fetchMembers = ({ search, page, pageSize = MEMBERS_PAGE_SIZE }: MembersPage) => callEndpoint(staffAccountEndpoints.members, { query: { search: search || undefined, page, pageSize } });

/** The members list a page shows (the members page, the soil tests' member picker), kept on screen while the next page loads. */
export const membersQueryOptions = (request: MembersPage) =>
  queryOptions({
    queryKey: ['admin', 'members', request],
    queryFn: () => fetchMembers(request),
    placeholderData: keepPreviousData,
  });

export const useMembers = (request: MembersPage) => useQuery(membersQueryOptions(request));
