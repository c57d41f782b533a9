import { type analyticsEventSchema, type errorReportSchema, TELEMETRY_RETENTION } from '@shared/contracts/public-site';
import type { z } from 'zod';
import type { AppContext } from '../../context';

type ErrorReportInput = z.output<typeof errorReportSchema>;
type AnalyticsEventInput = z.output<typeof analyticsEventSchema>;

/** A claimed user id is kept only if it matches the signed-in user; otherwise the session's own. */
export interface Reporter {
  userId?: string;
}

/** A browser's clock may run ahead: a time in the future is stored as the time it reached us. */
const occurredAt = (timestamp: string, receivedAt: Date) => new Date(Math.min(Date.parse(timestamp), receivedAt.getTime()));

/** The reports of one batch by fingerprint, newest first within each. */
function byFingerprint(reports: ErrorReportInput[], receivedAt: Date) {
  const groups = new Map<string, Array<ErrorReportInput & { at: Date }>>();
  for (const report of reports) {
    const list = groups.get(report.fingerprint) ?? [];
    list.push({ ...report, at: occurredAt(report.timestamp, receivedAt) });
    groups.set(report.fingerprint, list);
  }
  for (const list of groups.values()) list.sort((a, b) => b.at.getTime() - a.at.getTime());
  return groups;
}

const HOUR_MS = 60 * 60 * 1000;

/** How many of a group's reports fell in each hour (UTC), for the spike rule (docs/alerts.md 'System alerts'). */
function hourlyCounts(list: Array<{ at: Date }>): Array<[Date, number]> {
  const counts = new Map<number, number>();
  for (const report of list) {
    const hour = Math.floor(report.at.getTime() / HOUR_MS) * HOUR_MS;
    counts.set(hour, (counts.get(hour) ?? 0) + 1);
  }
  return [...counts].map(([hour, count]) => [new Date(hour), count]);
}

export function reportingService({ db }: AppContext) {
  return {
    /**
     * Adds the reports to their groups (one row per fingerprint with a count, first and last seen)
     * and to its hourly counts, and keeps only the newest TELEMETRY_RETENTION.errorReportsPerGroup reports of each group, so
     * an error repeated a million times costs one group and a handful of rows.
     */
    async storeErrors(reports: ErrorReportInput[], reporter: Reporter, receivedAt = new Date()): Promise<number> {
      const keep = TELEMETRY_RETENTION.errorReportsPerGroup;
      for (const [fingerprint, list] of byFingerprint(reports, receivedAt)) {
        const newest = list[0]!;
        const oldest = list[list.length - 1]!;
        const latest = { type: newest.type, severity: newest.severity, message: newest.message, stack: newest.stack ?? null, url: newest.url ?? null, userAgent: newest.userAgent ?? null };
        await db.$transaction([
          db.errorGroup.upsert({
            where: { fingerprint },
            create: { fingerprint, count: list.length, firstSeen: oldest.at, lastSeen: newest.at, ...latest },
            update: { count: { increment: list.length } },
          }),
          db.errorGroup.updateMany({ where: { fingerprint, lastSeen: { lte: newest.at } }, data: { lastSeen: newest.at, ...latest } }),
          db.errorGroup.updateMany({ where: { fingerprint, firstSeen: { gt: oldest.at } }, data: { firstSeen: oldest.at } }),
          ...hourlyCounts(list).map(([hourStart, count]) =>
            db.errorHourlyCount.upsert({ where: { fingerprint_hourStart: { fingerprint, hourStart } }, create: { fingerprint, hourStart, count }, update: { count: { increment: count } } }),
          ),
          db.errorReport.createMany({
            data: list.slice(0, keep).map((report) => ({
              clientId: report.id,
              type: report.type,
              message: report.message,
              stack: report.stack ?? null,
              url: report.url ?? null,
              userAgent: report.userAgent ?? null,
              severity: report.severity,
              fingerprint,
              metadata: report.metadata as object,
              userId: reporter.userId ?? null,
              sessionId: report.sessionId ?? null,
              occurredAt: report.at,
            })),
          }),
        ]);
        const beyond = await db.errorReport.findMany({ where: { fingerprint }, orderBy: [{ occurredAt: 'desc' }, { createdAt: 'desc' }, { id: 'desc' }], skip: keep, select: { id: true } });
        if (beyond.length) await db.errorReport.deleteMany({ where: { id: { in: beyond.map((row) => row.id) } } });
      }
      return reports.length;
    },

    async storeEvents(events: AnalyticsEventInput[], reporter: Reporter, receivedAt = new Date()): Promise<number> {
      const { count } = await db.analyticsEvent.createMany({
        data: events.map((event) => ({
          event: event.event,
          properties: event.properties as object,
          userId: reporter.userId ?? null,
          sessionId: event.sessionId ?? null,
          occurredAt: occurredAt(event.timestamp, receivedAt),
        })),
      });
      return count;
    },
  };
}
