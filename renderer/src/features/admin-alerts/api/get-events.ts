import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminEventsResponseSchema, type AlertKind } from '@shared/contracts/alerts';
import { apiRequest } from '../../../lib/api-client';
import { withQuery } from '../../../lib/query-string';

export const EVENTS_PAGE_SIZE = 20;

/** GET /api/admin/events: a page of events, newest warning first, with the feeds' health; refreshed while the page is open, as feeds bring more. */
export const alertEventsQueryOptions = ({ page, kind }: { page: number; kind: AlertKind | undefined }) =>
  queryOptions({
    queryKey: ['admin', 'alerts', 'events', { page, kind }],
    queryFn: () => apiRequest('GET', withQuery('/api/admin/events', { page, pageSize: EVENTS_PAGE_SIZE, kind }), { schema: adminEventsResponseSchema }),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });

export const useAlertEvents = (filters: { page: number; kind: AlertKind | undefined }) => useQuery(alertEventsQueryOptions(filters));
