import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TimelineKind } from '@shared/contracts/people';
import { peopleEndpoints as endpoints } from '@shared/endpoints/people';
import { callEndpoint } from '../../../lib/api-client';
import { pagedList } from '../../../lib/react-query';

export const TIMELINE_PAGE_SIZE = 50;

export interface TimelineFilters {
  from: string;
  to: string;
  /** One kind, or '' for every kind. */
  kind: TimelineKind | '';
}

/** GET /api/admin/user-tracking/:userId: one page of the person's timeline, newest first. */
export const timelineQueryOptions = (userId: string, { from, to, kind }: TimelineFilters, page: number) =>
  queryOptions(
    pagedList({
      queryKey: ['admin', 'people', 'timeline', userId, { from, to, kind, page }],
      queryFn: () => callEndpoint(endpoints.timeline, { params: { userId }, query: { from: from || undefined, to: to || undefined, kinds: kind || undefined, page, pageSize: TIMELINE_PAGE_SIZE } }),
    }),
  );

export const useTimeline = (userId: string, filters: TimelineFilters, page: number) => useQuery(timelineQueryOptions(userId, filters, page));
