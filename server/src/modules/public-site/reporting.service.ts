import type { analyticsEventSchema, errorReportSchema } from '@shared/contracts/public-site';
import type { z } from 'zod';
import type { AppContext } from '../../context';

type ErrorReportInput = z.output<typeof errorReportSchema>;
type AnalyticsEventInput = z.output<typeof analyticsEventSchema>;

/** A claimed user id is kept only if it matches the signed-in user; otherwise the session's own. */
export interface Reporter {
  userId?: string;
}

export function reportingService({ db }: AppContext) {
  return {
    async storeErrors(reports: ErrorReportInput[], reporter: Reporter): Promise<number> {
      const { count } = await db.errorReport.createMany({
        data: reports.map((report) => ({
          clientId: report.id,
          type: report.type,
          message: report.message,
          stack: report.stack ?? null,
          url: report.url ?? null,
          userAgent: report.userAgent ?? null,
          severity: report.severity,
          fingerprint: report.fingerprint,
          metadata: report.metadata as object,
          userId: reporter.userId ?? null,
          sessionId: report.sessionId ?? null,
          occurredAt: new Date(report.timestamp),
        })),
      });
      return count;
    },

    async storeEvents(events: AnalyticsEventInput[], reporter: Reporter): Promise<number> {
      const { count } = await db.analyticsEvent.createMany({
        data: events.map((event) => ({
          event: event.event,
          properties: event.properties as object,
          userId: reporter.userId ?? null,
          sessionId: event.sessionId ?? null,
          occurredAt: new Date(event.timestamp),
        })),
      });
      return count;
    },
  };
}
