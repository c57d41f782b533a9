import { queryOptions, useQuery } from '@tanstack/react-query';
import { overviewSchema } from '@shared/contracts/dashboard';
import { apiRequest } from '../../../lib/api-client';
import { type RecordScope, scopedPath, scopeKey } from './scope';

/** GET /api/dashboard/overview: the season at a glance (protection, what is owed, open claims, drafts, dates). */
export const overviewQueryOptions = (scope: RecordScope) =>
  queryOptions({
    queryKey: [...scopeKey(scope), 'overview'],
    queryFn: () => apiRequest('GET', scopedPath('/api/dashboard/overview', scope.memberId), { schema: overviewSchema }),
    enabled: scope.viewerId !== '',
  });

export const useOverview = (scope: RecordScope) => useQuery(overviewQueryOptions(scope));
