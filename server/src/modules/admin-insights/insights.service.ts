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
import { type DailyCount, fillDailyCounts, PERTH_OFFSET_MS, rangeInstants, resolveRange } from '@shared/domain/reporting/insights';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { providerOf } from '../../db/provider';
import { notFound } from '../../lib/app-error';

type ErrorGroupFilters = z.output<typeof errorGroupQuerySchema>;
type AnalyticsFilters = z.output<typeof analyticsSummaryQuerySchema>;

/** The occurredAt bounds of an optional range of Perth days. */
function occurredWithin(from: string | undefined, to: string | undefined) {
  if (!from && !to) return undefined;
  return {
    ...(from ? { gte: rangeInstants({ from, to: from }).start } : {}),
    ...(to ? { lt: rangeInstants({ from: to, to }).end } : {}),
  };
}

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

export function insightsService({ db, env }: AppContext) {
  const provider = providerOf(env.DATABASE_URL);

  async function newestOf(fingerprint: string, where: object, count: number, firstSeen: Date, lastSeen: Date): Promise<ErrorGroup> {
    const newest = await db.errorReport.findFirstOrThrow({ where: { ...where, fingerprint }, orderBy: [{ occurredAt: 'desc' }, { createdAt: 'desc' }] });
    return {
      fingerprint,
      count,
      firstSeen: firstSeen.toISOString(),
      lastSeen: lastSeen.toISOString(),
      type: newest.type,
      severity: newest.severity,
      message: newest.message,
      stack: newest.stack,
      url: newest.url,
      userAgent: newest.userAgent,
    };
  }

  return {
    /** Groups of reports sharing a fingerprint, the most recently seen first. */
    async errorGroups(filters: ErrorGroupFilters): Promise<ErrorGroupList> {
      const where = { type: filters.type, severity: filters.severity, occurredAt: occurredWithin(filters.from, filters.to) };
      const [page, all] = await Promise.all([
        db.errorReport.groupBy({
          by: ['fingerprint'],
          where,
          _count: { _all: true },
          _min: { occurredAt: true },
          _max: { occurredAt: true },
          orderBy: [{ _max: { occurredAt: 'desc' } }, { fingerprint: 'asc' }],
          skip: (filters.page - 1) * ERRORS_PAGE_SIZE,
          take: ERRORS_PAGE_SIZE,
        }),
        db.errorReport.groupBy({ by: ['fingerprint'], where }),
      ]);
      const groups = await Promise.all(page.map((row) => newestOf(row.fingerprint, where, row._count._all, row._min.occurredAt ?? new Date(0), row._max.occurredAt ?? new Date(0))));
      return { groups, total: all.length, page: filters.page, pageSize: ERRORS_PAGE_SIZE };
    },

    /** One group with its reports, newest first. */
    async errorGroup(fingerprint: string, page: number): Promise<ErrorGroupDetail> {
      const summary = await db.errorReport.aggregate({ where: { fingerprint }, _count: { _all: true }, _min: { occurredAt: true }, _max: { occurredAt: true } });
      if (!summary._count._all || !summary._min.occurredAt || !summary._max.occurredAt) throw notFound('No error reports have that fingerprint; they may have been removed.', 'error_group_not_found');
      const [group, rows] = await Promise.all([
        newestOf(fingerprint, {}, summary._count._all, summary._min.occurredAt, summary._max.occurredAt),
        db.errorReport.findMany({
          where: { fingerprint },
          orderBy: [{ occurredAt: 'desc' }, { createdAt: 'desc' }],
          skip: (page - 1) * ERROR_REPORTS_PAGE_SIZE,
          take: ERROR_REPORTS_PAGE_SIZE,
        }),
      ]);
      return {
        group,
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
        page,
        pageSize: ERROR_REPORTS_PAGE_SIZE,
      };
    },

    /** Counts per day of one event (or all), and the most frequent events, over a range of Perth days. */
    async analyticsSummary(filters: AnalyticsFilters, now: Date): Promise<AnalyticsSummary> {
      const range = resolveRange(filters, now);
      const { start, end } = rangeInstants(range);
      const bounds = provider === 'postgresql' ? [start.toISOString(), end.toISOString()] : [start.getTime(), end.getTime()];
      const event = filters.event ?? null;
      const [rows, top] = await Promise.all([
        db.$queryRawUnsafe<Array<{ day: string; count: number | bigint }>>(dailyCountQuery(provider, event !== null), ...bounds, ...(event === null ? [] : [event])),
        db.analyticsEvent.groupBy({
          by: ['event'],
          where: { occurredAt: { gte: start, lt: end } },
          _count: { _all: true },
          orderBy: [{ _count: { event: 'desc' } }, { event: 'asc' }],
          take: TOP_EVENTS_LIMIT,
        }),
      ]);
      const daily = fillDailyCounts(
        rows.map((row): DailyCount => ({ day: row.day, count: Number(row.count) })),
        range,
      );
      return {
        ...range,
        event,
        total: daily.reduce((sum, point) => sum + point.count, 0),
        daily,
        topEvents: top.map((row) => ({ event: row.event, count: row._count._all })),
      };
    },
  };
}
