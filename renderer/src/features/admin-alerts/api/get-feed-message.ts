import { queryOptions, useQuery } from '@tanstack/react-query';
import { alertFeedMessageResponseSchema } from '@shared/contracts/alerts';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/admin/alert-feed-messages/:id: one of a feed's kept messages, as the agency sent it. */
export const feedMessageQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['admin', 'alerts', 'feed-message', id],
    queryFn: () => apiRequest('GET', `/api/admin/alert-feed-messages/${encodeURIComponent(id)}`, { schema: alertFeedMessageResponseSchema }),
    staleTime: Infinity,
  });

export const useFeedMessage = (id: string) => useQuery(feedMessageQueryOptions(id));
