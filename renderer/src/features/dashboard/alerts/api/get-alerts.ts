import { queryOptions, useQuery } from '@tanstack/react-query';
import { alertEndpoints as endpoints } from '@shared/endpoints/alerts';
import { callEndpoint } from '../../../../lib/api-client';
import { type RecordScope, scopeKey } from '../../../../api/scope';

/** GET /api/user/alerts: the storm and fire warnings over the member's paddocks (a broker's client's, or the supported member's), newest event first. */
export const alertsQueryOptions = (scope: RecordScope) =>
  queryOptions({
    queryKey: [...scopeKey(scope), 'alerts'],
    queryFn: () => callEndpoint(endpoints.myAlerts, { query: { memberId: scope.memberId } }),
    enabled: scope.viewerId !== '',
  });

export const useAlerts = (scope: RecordScope) => useQuery(alertsQueryOptions(scope));
