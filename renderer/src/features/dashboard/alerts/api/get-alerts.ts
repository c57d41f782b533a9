import { queryOptions, useQuery } from '@tanstack/react-query';
import { alertEndpoints as endpoints } from '@shared/endpoints/alerts';
import { callEndpoint } from '../../../../lib/api-client';

/** GET /api/user/alerts: the storm and fire warnings over the member's paddocks, newest event first. */
export const myAlertsQueryOptions = () =>
  queryOptions({
    queryKey: ['alerts', 'mine'],
    queryFn: () => callEndpoint(endpoints.myAlerts),
  });

export const useMyAlerts = () => useQuery(myAlertsQueryOptions());
