import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardEndpoints } from '@shared/endpoints/dashboard';
import { callEndpoint } from '../../../lib/api-client';
import { type RecordScope, scopeKey } from '../../../api/scope';

/** GET /api/dashboard/overview: the season at a glance (protection, what is owed, open claims, drafts, dates). */
export const overviewQueryOptions = (scope: RecordScope) =>
  queryOptions({
    queryKey: [...scopeKey(scope), 'overview'],
    queryFn: () => callEndpoint(dashboardEndpoints.overview, { query: { memberId: scope.memberId } }),
    enabled: scope.viewerId !== '',
  });

export const useOverview = (scope: RecordScope) => useQuery(overviewQueryOptions(scope));
