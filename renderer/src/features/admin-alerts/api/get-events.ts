import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AlertKind } from '@shared/contracts/alerts';
import { alertEndpoints as endpoints } from '@shared/endpoints/alerts';
import { callEndpoint } from '../../../lib/api-client';

export const EVENTS_PAGE_SIZE = 20;

/** GET /api/admin/events: a page of events, newest warning first, with the feeds' health; refreshed while the page is open, as feeds bring more. */
export const alertEventsQueryOptions = ({ page, kind }: { page: number; kind: AlertKind | undefined }) =>
  queryOptions({
    queryKey: ['admin', 'alerts', 'events', { page, kind }],
    queryFn: () => callEndpoint(endpoints.events, { query: { page, pageSize: EVENTS_PAGE_SIZE, kind } }),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });

export const useAlertEvents = (filters: { page: number; kind: AlertKind | undefined }) => useQuery(alertEventsQueryOptions(filters));
