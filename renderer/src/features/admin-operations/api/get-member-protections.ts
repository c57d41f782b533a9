import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardEndpoints } from '@shared/endpoints/dashboard';
import { callEndpoint } from '../../../lib/api-client';

/** GET /api/dashboard/protections?memberId=: a member's applications with their paddocks. */
export const memberProtectionsQueryOptions = (memberId: string) =>
  queryOptions({
    queryKey: ['admin', 'member-protections', memberId],
    queryFn: () => callEndpoint(dashboardEndpoints.protections, { query: { memberId } }),
  });

export const useMemberProtections = (memberId: string) => useQuery(memberProtectionsQueryOptions(memberId));
