import {
  type AnalyticsSummary,
  type analyticsSummaryQuerySchema,
  ERROR_REPORTS_PAGE_SIZE,
  type ErrorGroup,
  type ErrorGroupDetail,
  type ErrorGroupList,
  type errorGroupQuerySchema,
  ERRORS_PAGE_SIZE,
  TOP_EVENTS_LIMIT,
} from '@shared/contracts/admin-insights';
import { type DailyCount, fillDailyCounts, rangeInstants, resolveRange } from '@shared/domain/reporting/insights';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { providerOf } from '../../db/provider';
import { PERTH_OFFSET_MS } from '@shared/perth-time';
import { notFound } from '../../lib/app-error';

type ErrorGroupFilters = z.output<typeof errorGroupQuerySchema>;
type AnalyticsFilters = z.output<typeof analyticsSummaryQuerySchema>;

/**
 * Counts per Perth day, grouped by the database. SQLite keeps DateTime as milliseconds since the
 * epoch (server/src/db/adapter.ts), PostgreSQL as a timestamp in UTC; both add Perth's 8 hours.
 */
function dailyCountQuery(provider: 'sqlite' | 'postgresql', withEvent: boolean): string {
  if (provider === 'postgresql') {
    return `SELECT to_char("occurredAt" + interval '${PERTH_OFFSET_MS / 3_600_000} hours', 'YYYY-MM-DD') AS day, COUNT(*)::int AS count
      FROM "AnalyticsEvent" WHERE "occurredAt" >= $1::timestamp AND "occurredAt" < $2::timestamp${withEvent ? ' AND "event" = $3' : ''}
      GROUP BY 1`;
  }
  return `SELECT strftime('%Y-%m-%d', ("occurredAt" + ${PERTH_OFFSET_MS}) / 1000, 'unixepoch') AS day, COUNT(*) AS count
    FROM "AnalyticsEvent" WHERE "occurredAt" >= ? AND "occurredAt" < ?${withEvent ? ' AND "event" = ?' : ''}
    GROUP BY 1`;
}

/** Error groups seen within an optional range of Perth days: first seen before its end, last seen after its start. */
function seenWithin(from: string | undefined, to: string | undefined) {
  return {
    ...(from ? { lastSeen: { gte: rangeInstants({ from, to: from }).start } } : {}),
    ...(to ? { firstSeen: { lt: rangeInstants({ from: to, to }).end } } : {}),
  };
}

const presentGroup = (row: {
  fingerprint: string;
  count: number;
  firstSeen: Date;
  lastSeen: Date;
  type: string;
  severity: string;
  message: string;
  stack: string | null;
  url: string | null;
  userAgent: string | null;
}): ErrorGroup => ({
  fingerprint: row.fingerprint,
  count: row.count,
  firstSeen: row.firstSeen.toISOString(),
  lastSeen: row.lastSeen.toISOString(),
  type: row.type,
  severity: row.severity,
  message: row.message,
  stack: row.stack,
  url: row.url,
  userAgent: row.userAgent,
});

export function insightsService({ db, env }: AppContext) {
  const provider = providerOf(env.DATABASE_URL);

  return {
    /** Groups of reports sharing a fingerprint, the most recently seen first, paged in the database. */
    async errorGroups(filters: ErrorGroupFilters): Promise<ErrorGroupList> {
      const where = { type: filters.type, severity: filters.severity, ...seenWithin(filters.from, filters.to) };
      const [rows, total] = await Promise.all([
        db.errorGroup.findMany({ where, orderBy: [{ lastSeen: 'desc' }, { fingerprint: 'asc' }], skip: (filters.page - 1) * ERRORS_PAGE_SIZE, take: ERRORS_PAGE_SIZE }),
        db.errorGroup.count({ where }),
      ]);
      return { groups: rows.map(presentGroup), total, page: filters.page, pageSize: ERRORS_PAGE_SIZE };
    },

    /** One group with its kept reports, newest first. */
    async errorGroup(fingerprint: string, page: number): Promise<ErrorGroupDetail> {
      const group = await db.errorGroup.findUnique({ where: { fingerprint } });
      if (!group) throw notFound('No error reports have that fingerprint; they may have been removed.', 'error_group_not_found');
      const [rows, reportsKept] = await Promise.all([
        db.errorReport.findMany({
          where: { fingerprint },
          orderBy: [{ occurredAt: 'desc' }, { createdAt: 'desc' }],
          skip: (page - 1) * ERROR_REPORTS_PAGE_SIZE,
          take: ERROR_REPORTS_PAGE_SIZE,
        }),
        db.errorReport.count({ where: { fingerprint } }),
      ]);
      return {
        group: presentGroup(group),
        reports: rows.map((row) => ({
          id: row.id,
          clientId: row.clientId,
          occurredAt: row.occurredAt.toISOString(),
          receivedAt: row.createdAt.toISOString(),
          severity: row.severity,
          message: row.message,
          stack: row.stack,
          url: row.url,
          userAgent: row.userAgent,
          userId: row.userId,
          sessionId: row.sessionId,
          metadata: row.metadata !== null && typeof row.metadata === 'object' && !Array.isArray(row.metadata) ? (row.metadata as Record<string, unknown>) : {},
        })),
        reportsKept,
        page,
        pageSize: ERROR_REPORTS_PAGE_SIZE,
      };
    },

    /**
     * Counts per day of one event (or all), and the most frequent events, over a range of Perth
     * days: from the events themselves, and for days past the 13-month retention from the daily
     * counts they were rolled up into (a day late events reach after its roll-up has both; they add).
     */
    async analyticsSummary(filters: AnalyticsFilters, now: Date): Promise<AnalyticsSummary> {
      const range = resolveRange(filters, now);
      const { start, end } = rangeInstants(range);
      const bounds = provider === 'postgresql' ? [start.toISOString(), end.toISOString()] : [start.getTime(), end.getTime()];
      const event = filters.event ?? null;
      const rolledUpWhere = { day: { gte: range.from, lte: range.to } };
      const [rows, rolledUpDays, rolledUpEvents] = await Promise.all([
        db.$queryRawUnsafe<Array<{ day: string; count: number | bigint }>>(dailyCountQuery(provider, event !== null), ...bounds, ...(event === null ? [] : [event])),
        db.analyticsDailyCount.groupBy({ by: ['day'], where: { ...rolledUpWhere, ...(event === null ? {} : { event }) }, _sum: { count: true } }),
        db.analyticsDailyCount.groupBy({ by: ['event'], where: rolledUpWhere, _sum: { count: true } }),
      ]);
      // Without rolled-up days in the range the database picks the top events; with them, every
      // event of the range is counted from both sources before choosing.
      const recent = await db.analyticsEvent.groupBy({
        by: ['event'],
        where: { occurredAt: { gte: start, lt: end } },
        _count: { _all: true },
        orderBy: [{ _count: { event: 'desc' } }, { event: 'asc' }],
        ...(rolledUpEvents.length ? {} : { take: TOP_EVENTS_LIMIT }),
      });
      const eventCounts = new Map<string, number>();
      for (const row of recent) eventCounts.set(row.event, row._count._all);
      for (const row of rolledUpEvents) eventCounts.set(row.event, (eventCounts.get(row.event) ?? 0) + (row._sum.count ?? 0));
      const topEvents = [...eventCounts]
        .map(([name, count]) => ({ event: name, count }))
        .sort((a, b) => b.count - a.count || (a.event < b.event ? -1 : a.event > b.event ? 1 : 0))
        .slice(0, TOP_EVENTS_LIMIT);
      const daily = fillDailyCounts(
        [...rows.map((row): DailyCount => ({ day: row.day, count: Number(row.count) })), ...rolledUpDays.map((row): DailyCount => ({ day: row.day, count: row._sum.count ?? 0 }))],
        range,
      );
      return {
        ...range,
        event,
        total: daily.reduce((sum, point) => sum + point.count, 0),
        daily,
        topEvents,
      };
    },
  };
}
