import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { membersResponseSchema } from '@shared/contracts/accounts';
import { apiRequest } from '../../../lib/api-client';
import { withQuery } from '../../../lib/query-string';

/** GET /api/admin/members: the members matching what staff typed, for the member picker. */
export const memberSearchQueryOptions = (search: string) =>
  queryOptions({
    queryKey: ['admin', 'soil', 'members', search],
    queryFn: () => apiRequest('GET', withQuery('/api/admin/members', { search: search || undefined, pageSize: 10 }), { schema: membersResponseSchema }),
    placeholderData: keepPreviousData,
  });

export const useMemberSearch = (search: string) => useQuery(memberSearchQueryOptions(search));
