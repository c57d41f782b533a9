import { queryOptions, useQuery } from '@tanstack/react-query';
import { NOTIFICATION_POLL_MS } from '@shared/constants';
import { supportRequestEndpoints as endpoints } from '@shared/endpoints/support-requests';
import { callEndpoint } from '../../../lib/api-client';

/** GET /api/admin/support-requests/count: the new requests for the menu badge, polled every 30 s like the form-submissions badge. */
export const newSupportRequestCountQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'support-requests', 'count'],
    queryFn: () => callEndpoint(endpoints.newCount),
    refetchInterval: NOTIFICATION_POLL_MS,
    refetchIntervalInBackground: true,
    staleTime: 0,
  });

export const useNewSupportRequestCount = () => useQuery(newSupportRequestCountQueryOptions());
