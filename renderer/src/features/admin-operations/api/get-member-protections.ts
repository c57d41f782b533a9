import { queryOptions, useQuery } from '@tanstack/react-query';
import { protectionListSchema } from '@shared/contracts/dashboard';
import { apiRequest } from '../../../lib/api-client';
import { withQuery } from '../../../lib/query-string';

/** GET /api/dashboard/protections?memberId=: a member's applications with their paddocks. */
export const memberProtectionsQueryOptions = (memberId: string) =>
  queryOptions({
    queryKey: ['admin', 'member-protections', memberId],
    queryFn: () => apiRequest('GET', withQuery('/api/dashboard/protections', { memberId }), { schema: protectionListSchema }),
  });

export const useMemberProtections = (memberId: string) => useQuery(memberProtectionsQueryOptions(memberId));
