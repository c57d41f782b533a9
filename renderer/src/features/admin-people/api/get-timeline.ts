import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type TimelineKind, userTrackingResponseSchema } from '@shared/contracts/people';
import { apiRequest } from '../../../lib/api-client';
import { withQuery } from '../../../lib/query-string';

export const TIMELINE_PAGE_SIZE = 50;

export interface TimelineFilters {
  from: string;
  to: string;
  /** One kind, or '' for every kind. */
  kind: TimelineKind | '';
}

/** GET /api/admin/user-tracking/:userId: one page of the person's timeline, newest first. */
export const timelineQueryOptions = (userId: string, { from, to, kind }: TimelineFilters, page: number) =>
  queryOptions({
    queryKey: ['admin', 'people', 'timeline', userId, { from, to, kind, page }],
    queryFn: () =>
      apiRequest('GET', withQuery(`/api/admin/user-tracking/${encodeURIComponent(userId)}`, { from: from || undefined, to: to || undefined, kinds: kind || undefined, page, pageSize: TIMELINE_PAGE_SIZE }), {
        schema: userTrackingResponseSchema,
      }),
    placeholderData: keepPreviousData,
  });

export const useTimeline = (userId: string, filters: TimelineFilters, page: number) => useQuery(timelineQueryOptions(userId, filters, page));
