import { queryOptions, useQuery } from '@tanstack/react-query';
import { NOTIFICATION_POLL_MS } from '@shared/constants';
import { publicSiteEndpoints } from '@shared/endpoints/public-site';
import { callEndpoint } from '../../../lib/api-client';

/**
 * GET /api/admin/notifications/count (docs/behaviour.md §2, §7): the unread form submissions and the 3 newest,
 * polled every 30 s while an admin page shows the bell or the menu badge (both read this one query).
 */
export const notificationCountQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'notifications', 'count'],
    queryFn: () => callEndpoint(publicSiteEndpoints.notificationCount),
    refetchInterval: NOTIFICATION_POLL_MS,
    // docs/behaviour.md §7 asks for every 30 s, as before, also while the window is in the background.
    refetchIntervalInBackground: true,
    staleTime: 0,
  });

export const useNotificationCount = () => useQuery(notificationCountQueryOptions());
