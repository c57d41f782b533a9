import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { staffAccountEndpoints } from '@shared/endpoints/accounts';
import { callEndpoint } from '../../../lib/api-client';

/** GET /api/admin/members: the members matching what staff typed, for the member picker. */
export const memberSearchQueryOptions = (search: string) =>
  queryOptions({
    queryKey: ['admin', 'soil', 'members', search],
    queryFn: () => callEndpoint(staffAccountEndpoints.members, { query: { search: search || undefined, pageSize: 10 } }),
    placeholderData: keepPreviousData,
  });

export const useMemberSearch = (search: string) => useQuery(memberSearchQueryOptions(search));
