import { queryOptions, useQuery } from '@tanstack/react-query';
import { protectionListSchema } from '@shared/contracts/dashboard';
import { apiRequest } from '../../../lib/api-client';
import { type RecordScope, scopedPath, scopeKey } from './scope';

/** GET /api/dashboard/protections: every application and protection with its paddocks and figures. */
export const protectionsQueryOptions = (scope: RecordScope) =>
  queryOptions({
    queryKey: [...scopeKey(scope), 'protections'],
    queryFn: () => apiRequest('GET', scopedPath('/api/dashboard/protections', scope.memberId), { schema: protectionListSchema }),
    enabled: scope.viewerId !== '',
  });

export const useProtections = (scope: RecordScope) => useQuery(protectionsQueryOptions(scope));
