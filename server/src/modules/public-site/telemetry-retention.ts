/**
 * Retention of error reports and analytics events (docs/admin-insights.md 'Retention'): analytics
 * events older than 13 months become daily counts per event (AnalyticsDailyCount) and are deleted;
 * error groups not seen for 180 days are deleted with their reports; hourly error counts after 8 days. Run as the background job
 * telemetry.prune (server/src/jobs/app-jobs.ts), every 6 hours.
 */
import { TELEMETRY_RETENTION } from '@shared/contracts/public-site';
import { analyticsRetainedFrom } from '@shared/domain/reporting/retention';
import type { AppContext } from '../../context';
import { type DatabaseProvider, providerOf } from '../../db/provider';
import { PERTH_OFFSET_MS, perthDayStart } from '@shared/perth-time';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface TelemetryPruneResult {
  /** Analytics events counted into the daily counts and deleted. */
  analyticsEventsRolledUp: number;
  errorGroupsDeleted: number;
  errorReportsDeleted: number;
  errorHourlyCountsDeleted: number;
}

/** Events before `before`, counted per Perth day and event name by the database. */
function rollupQuery(provider: DatabaseProvider): string {
  if (provider === 'postgresql') {
    return `SELECT to_char("occurredAt" + interval '${PERTH_OFFSET_MS / 3_600_000} hours', 'YYYY-MM-DD') AS day, "event", COUNT(*)::int AS count
      FROM "AnalyticsEvent" WHERE "occurredAt" < $1::timestamp GROUP BY 1, 2`;
  }
  return `SELECT strftime('%Y-%m-%d', ("occurredAt" + ${PERTH_OFFSET_MS}) / 1000, 'unixepoch') AS day, "event", COUNT(*) AS count
    FROM "AnalyticsEvent" WHERE "occurredAt" < ? GROUP BY 1, 2`;
}

/** One pass of the retention rules as of `now` (a clock the caller controls). Running it twice changes nothing. */
export async function pruneTelemetry({ db, env }: Pick<AppContext, 'db' | 'env'>, now: Date): Promise<TelemetryPruneResult> {
  const provider = providerOf(env.DATABASE_URL);
  const cutoff = perthDayStart(analyticsRetainedFrom(now, TELEMETRY_RETENTION.analyticsMonths));

  // Counting and deleting in one transaction: an event is either still a row or already counted.
  const analyticsEventsRolledUp = await db.$transaction(
    async (tx) => {
      const rows = await tx.$queryRawUnsafe<Array<{ day: string; event: string; count: number | bigint }>>(rollupQuery(provider), provider === 'postgresql' ? cutoff.toISOString() : cutoff.getTime());
      for (const row of rows) {
        const count = Number(row.count);
        await tx.analyticsDailyCount.upsert({ where: { day_event: { day: row.day, event: row.event } }, create: { day: row.day, event: row.event, count }, update: { count: { increment: count } } });
      }
      const { count } = await tx.analyticsEvent.deleteMany({ where: { occurredAt: { lt: cutoff } } });
      return count;
    },
    { timeout: 120_000 },
  );

  const staleBefore = new Date(now.getTime() - TELEMETRY_RETENTION.errorGroupDays * DAY_MS);
  let errorGroupsDeleted = 0;
  let errorReportsDeleted = 0;
  for (;;) {
    const stale = await db.errorGroup.findMany({ where: { lastSeen: { lt: staleBefore } }, select: { fingerprint: true }, take: 500 });
    if (!stale.length) break;
    const fingerprints = stale.map((group) => group.fingerprint);
    const [reports, groups] = await db.$transaction([db.errorReport.deleteMany({ where: { fingerprint: { in: fingerprints } } }), db.errorGroup.deleteMany({ where: { fingerprint: { in: fingerprints } } })]);
    errorReportsDeleted += reports.count;
    errorGroupsDeleted += groups.count;
  }
  const hourlyBefore = new Date(now.getTime() - TELEMETRY_RETENTION.errorHourlyCountDays * DAY_MS);
  const { count: errorHourlyCountsDeleted } = await db.errorHourlyCount.deleteMany({ where: { hourStart: { lt: hourlyBefore } } });
  return { analyticsEventsRolledUp, errorGroupsDeleted, errorReportsDeleted, errorHourlyCountsDeleted };
}
