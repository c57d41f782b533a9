import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AlertEventStatus } from '@shared/contracts/alerts';
import type { AlertKind } from '@shared/contracts/alert-kinds';
import { alertEndpoints as endpoints } from '@shared/endpoints/alerts';
import { callEndpoint } from '../../../lib/api-client';
import { pagedList } from '../../../lib/react-query';

export const EVENTS_PAGE_SIZE = 20;

interface EventFilters {
  page: number;
  kind: AlertKind | undefined;
  /** How the events stand now: staff on a storm day look at what is current. */
  status: AlertEventStatus | undefined;
}

/** GET /api/admin/events: a page of events, newest warning first (of a kind, standing as asked), with the feeds' health; refreshed while the page is open, as feeds bring more. */
export const alertEventsQueryOptions = ({ page, kind, status }: EventFilters) =>
  queryOptions(
    pagedList({
      queryKey: ['admin', 'alerts', 'events', { page, kind, status }],
      queryFn: () => callEndpoint(endpoints.events, { query: { page, pageSize: EVENTS_PAGE_SIZE, kind, status } }),
      refetchInterval: 60_000,
    }),
  );

export const useAlertEvents = (filters: EventFilters) => useQuery(alertEventsQueryOptions(filters));
