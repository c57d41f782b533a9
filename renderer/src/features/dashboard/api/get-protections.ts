import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardEndpoints } from '@shared/endpoints/dashboard';
import { callEndpoint } from '../../../lib/api-client';
import { type RecordScope, scopeKey } from './scope';

/** GET /api/dashboard/protections: every application and protection with its paddocks and figures. */
export const protectionsQueryOptions = (scope: RecordScope) =>
  queryOptions({
    queryKey: [...scopeKey(scope), 'protections'],
    queryFn: () => callEndpoint(dashboardEndpoints.protections, { query: { memberId: scope.memberId } }),
    enabled: scope.viewerId !== '',
  });

export const useProtections = (scope: RecordScope) => useQuery(protectionsQueryOptions(scope));
