import { queryOptions, useQuery } from '@tanstack/react-query';
import { alertEndpoints as endpoints } from '@shared/endpoints/alerts';
import { callEndpoint } from '../../../lib/api-client';

/** GET /api/admin/events/:id: the event's area, each member matched with their paddocks (and outlines), and the e-mails sent; read again while open, as the e-mails go out in the background. */
export const alertEventQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['admin', 'alerts', 'event', id],
    queryFn: () => callEndpoint(endpoints.event, { params: { id } }),
    refetchInterval: 15_000,
  });

export const useAlertEvent = (id: string) => useQuery(alertEventQueryOptions(id));
