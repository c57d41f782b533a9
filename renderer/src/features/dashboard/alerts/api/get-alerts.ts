import { queryOptions, useQuery } from '@tanstack/react-query';
import { memberAlertsResponseSchema } from '@shared/contracts/alerts';
import { apiRequest } from '../../../../lib/api-client';

/** GET /api/user/alerts: the storm and fire warnings over the member's paddocks, newest event first. */
export const myAlertsQueryOptions = () =>
  queryOptions({
    queryKey: ['alerts', 'mine'],
    queryFn: () => apiRequest('GET', '/api/user/alerts', { schema: memberAlertsResponseSchema }),
  });

export const useMyAlerts = () => useQuery(myAlertsQueryOptions());
