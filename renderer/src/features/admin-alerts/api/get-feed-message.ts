import { queryOptions, useQuery } from '@tanstack/react-query';
import { alertEndpoints as endpoints } from '@shared/endpoints/alerts';
import { callEndpoint } from '../../../lib/api-client';

/** GET /api/admin/alert-feed-messages/:id: one of a feed's kept messages, as the agency sent it. */
export const feedMessageQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['admin', 'alerts', 'feed-message', id],
    queryFn: () => callEndpoint(endpoints.feedMessage, { params: { id } }),
    staleTime: Infinity,
  });

export const useFeedMessage = (id: string) => useQuery(feedMessageQueryOptions(id));
