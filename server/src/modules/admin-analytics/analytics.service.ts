/**
 * The figures of /admin/registration-analytics and /admin/quote-analytics, counted by the
 * database: grouped SQL that reads the same on SQLite and PostgreSQL, so a period of 200,000 events
 * never comes into memory. For the medians, the code waits come back one row per verified code and
 * the step times as counts per step and whole second.
 */
import { COVERAGE_TYPES } from '@shared/constants';
import {
  type QuoteFunnel,
  type quoteFunnelQuerySchema,
  REGISTRATION_SOURCES,
  type RegistrationAnalytics,
  type registrationAnalyticsQuerySchema,
  type RegistrationSource,
  VERIFICATION_FUNNEL_STEPS,
} from '@shared/contracts/admin-analytics';
import { TELEMETRY_RETENTION } from '@shared/contracts/public-site';
import { ESTIMATE_EVENTS_RECORDED_SINCE, QUOTE_ESTIMATE_CALCULATED, QUOTE_STEP_VIEWED } from '@shared/domain/analytics/events';
import { funnelSteps, median, medianTimePerStep, rate, STEP_TIME_CAP_MS } from '@shared/domain/analytics/funnel';
import { bucketCounts, waitBands } from '@shared/domain/analytics/periods';
import { WIZARD_STEPS, type WizardStep } from '@shared/contracts/quote-steps';
import { fillDailyCounts, rangeInstants, resolveRange } from '@shared/domain/reporting/insights';
import { analyticsRetainedFrom } from '@shared/domain/reporting/retention';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { type DatabaseProvider, providerOf } from '../../db/provider';
import { PERTH_OFFSET_MS } from '@shared/perth-time';

type RegistrationFilters = z.output<typeof registrationAnalyticsQuerySchema>;
type QuoteFunnelFilters = z.output<typeof quoteFunnelQuerySchema>;
type Count = number | bigint | null;

/**
 * One statement's SQL in the dialect of the database: a Perth day, a JSON property, an integer, the
 * milliseconds between two instants, and its parameters, numbered for PostgreSQL and positional
 * for SQLite, so `param(value)` is written where the value is used.
 */
function statement(provider: DatabaseProvider) {
  const postgres = provider === 'postgresql';
  const values: unknown[] = [];
  return {
    values,
    param(value: string | Date): string {
      values.push(value instanceof Date ? (postgres ? value.toISOString() : value.getTime()) : value);
      return postgres ? `$${values.length}${value instanceof Date ? '::timestamp' : ''}` : '?';
    },
    perthDay: (column: string) =>
      postgres ? `to_char(${column} + interval '${PERTH_OFFSET_MS / 3_600_000} hours', 'YYYY-MM-DD')` : `strftime('%Y-%m-%d', (${column} + ${PERTH_OFFSET_MS}) / 1000, 'unixepoch')`,
    property: (name: string) => (postgres ? `"properties"->>'${name}'` : `json_extract("properties", '$.${name}')`),
    int: (expression: string) => (postgres ? `(${expression})::int` : expression),
    /** Milliseconds to whole seconds, rounded down (SQLite divides its integer milliseconds whole already). */
    wholeSeconds: (ms: string) => (postgres ? `FLOOR(${ms} / 1000)::int` : `(${ms} / 1000)`),
    millisBetween: (from: string, to: string) => (postgres ? `(EXTRACT(EPOCH FROM (${to} - ${from})) * 1000)::float8` : `(${to} - ${from})`),
  };
}

const toNumber = (value: Count | undefined): number => Number(value ?? 0);

export function analyticsService({ db, env }: AppContext) {
  const provider = providerOf(env.DATABASE_URL);
  /** Runs the SQL written by `write` with the parameters it placed. */
  const query = <T>(write: (sql: ReturnType<typeof statement>) => string) => {
    const sql = statement(provider);
    const text = write(sql);
    return db.$queryRawUnsafe<T[]>(text, ...sql.values);
  };

  return {
    async registrations(filters: RegistrationFilters, now: Date): Promise<RegistrationAnalytics> {
      const range = resolveRange(filters, now);
      const bucket = filters.bucket ?? 'day';
      const { start, end } = rangeInstants(range);
      type Sql = ReturnType<typeof statement>;
      const inRange = (sql: Sql, column: string) => `${column} >= ${sql.param(start)} AND ${column} < ${sql.param(end)}`;

      const [daily, codes, accounts, verifiedCodes, sources, referrers] = await Promise.all([
        query<{ day: string; count: Count }>(
          (sql) => `SELECT ${sql.perthDay('"createdAt"')} AS day, ${sql.int('COUNT(*)')} AS count FROM "User" WHERE ${inRange(sql, '"createdAt"')} AND NOT "isAdmin" GROUP BY 1`,
        ),
        query<{ sent: Count; verified: Count }>(
          (sql) =>
            `SELECT ${sql.int('COUNT(DISTINCT "email")')} AS sent, ${sql.int('COUNT(DISTINCT CASE WHEN "verifiedAt" IS NOT NULL THEN "email" END)')} AS verified
             FROM "EmailVerification" WHERE ${inRange(sql, '"createdAt"')}`,
        ),
        // People whose code of the period was verified and who then set a password (registered), and of those who got as far as a quote.
        // Uncorrelated IN lists: each is read once (not once per account), which the benchmark showed matters.
        query<{ created: Count; quoted: Count }>(
          (sql) =>
            `SELECT ${sql.int('COUNT(*)')} AS created,
               ${sql.int(`SUM(CASE WHEN u."id" IN (SELECT "userId" FROM "SavedEstimate")
                                 OR u."id" IN (SELECT "userId" FROM "ProtectionApplication")
                                 OR u."id" IN (SELECT "userId" FROM "AnalyticsEvent" WHERE "event" = ${sql.param(QUOTE_ESTIMATE_CALCULATED)})
                           THEN 1 ELSE 0 END)`)} AS quoted
             FROM "User" u
             WHERE u."passwordHash" IS NOT NULL
               AND u."email" IN (SELECT "email" FROM "EmailVerification" WHERE "verifiedAt" IS NOT NULL AND ${inRange(sql, '"createdAt"')})`,
        ),
        db.emailVerification.findMany({ where: { createdAt: { gte: start, lt: end }, verifiedAt: { not: null } }, select: { createdAt: true, verifiedAt: true } }),
        query<{ source: RegistrationSource; count: Count }>(
          (sql) =>
            `SELECT CASE WHEN u."referredByCode" IS NOT NULL THEN 'referrer'
                         WHEN u."brokerId" IS NOT NULL THEN 'broker'
                         WHEN EXISTS (SELECT 1 FROM "Referrer" r WHERE r."userId" = u."id") THEN 'partner'
                         ELSE 'direct' END AS source, ${sql.int('COUNT(*)')} AS count
             FROM "User" u WHERE ${inRange(sql, 'u."createdAt"')} AND NOT u."isAdmin" GROUP BY 1`,
        ),
        db.user.groupBy({ by: ['referredByCode'], where: { createdAt: { gte: start, lt: end }, isAdmin: false, referredByCode: { not: null } }, _count: { _all: true } }),
      ]);

      const organisations = new Map(
        (await db.referrer.findMany({ where: { code: { in: referrers.flatMap((row) => (row.referredByCode ? [row.referredByCode] : [])) } }, select: { code: true, organisation: true } })).map((row) => [
          row.code,
          row.organisation,
        ]),
      );
      const days = fillDailyCounts(
        daily.map((row) => ({ day: row.day, count: toNumber(row.count) })),
        range,
      );
      const waits = verifiedCodes.flatMap((row) => (row.verifiedAt ? [row.verifiedAt.getTime() - row.createdAt.getTime()] : []));
      const funnelCounts = [toNumber(codes[0]?.sent), toNumber(codes[0]?.verified), toNumber(accounts[0]?.created), toNumber(accounts[0]?.quoted)];
      const sourceCounts = new Map(sources.map((row) => [row.source, toNumber(row.count)]));

      return {
        ...range,
        bucket,
        total: days.reduce((sum, day) => sum + day.count, 0),
        registrations: bucketCounts(days, bucket, range),
        funnel: funnelSteps(
          VERIFICATION_FUNNEL_STEPS,
          VERIFICATION_FUNNEL_STEPS.map((step, index) => ({ step, count: funnelCounts[index] ?? 0 })),
        ),
        verificationTime: { verified: waits.length, medianMs: median(waits), bands: waitBands(waits) },
        bySource: REGISTRATION_SOURCES.map((source) => ({ source, count: sourceCounts.get(source) ?? 0 })),
        byReferrer: referrers
          .map((row) => ({ code: row.referredByCode ?? '', organisation: organisations.get(row.referredByCode ?? '') ?? null, count: row._count._all }))
          .sort((a, b) => b.count - a.count || a.code.localeCompare(b.code)),
      };
    },

    async quoteFunnel(filters: QuoteFunnelFilters, now: Date): Promise<QuoteFunnel> {
      const range = resolveRange(filters, now);
      const { start, end } = rangeInstants(range);
      type Sql = ReturnType<typeof statement>;
      const eventsOf = (sql: Sql, event: string) => `"event" = ${sql.param(event)} AND "occurredAt" >= ${sql.param(start)} AND "occurredAt" < ${sql.param(end)}`;
      const stepViews = (sql: Sql) => `${eventsOf(sql, QUOTE_STEP_VIEWED)} AND "sessionId" IS NOT NULL`;
      const applicationsWhere = { submittedAt: { gte: start, lt: end } };

      const [reached, durations, estimatesByType, estimatePeople, byCoverage, byZone, byCrop, total] = await Promise.all([
        query<{ step: string; visitors: Count }>(
          (sql) => `SELECT ${sql.property('step')} AS step, ${sql.int('COUNT(DISTINCT "sessionId")')} AS visitors FROM "AnalyticsEvent" WHERE ${stepViews(sql)} GROUP BY 1`,
        ),
        // Time on a step: from its being shown to the same tab's next step being shown, counted per step and whole second
        // (a few thousand rows for a year of visits, where one row per visit would be a hundred thousand).
        query<{ step: string; seconds: Count; count: Count }>(
          (sql) =>
            `SELECT step, ${sql.wholeSeconds('ms')} AS seconds, ${sql.int('COUNT(*)')} AS count FROM (
               SELECT ${sql.property('step')} AS step,
                      ${sql.millisBetween('"occurredAt"', 'LEAD("occurredAt") OVER (PARTITION BY "sessionId" ORDER BY "occurredAt", "id")')} AS ms
               FROM "AnalyticsEvent" WHERE ${stepViews(sql)}
             ) timed WHERE ms IS NOT NULL AND ms <= ${STEP_TIME_CAP_MS} GROUP BY 1, 2`,
        ),
        query<{ coverageType: string; count: Count }>(
          (sql) => `SELECT ${sql.property('coverageType')} AS "coverageType", ${sql.int('COUNT(*)')} AS count FROM "AnalyticsEvent" WHERE ${eventsOf(sql, QUOTE_ESTIMATE_CALCULATED)} GROUP BY 1`,
        ),
        // Signed-in people who had an estimate calculated, and of them those who submitted an application in the period.
        query<{ people: Count; submitted: Count }>(
          (sql) =>
            `SELECT ${sql.int('COUNT(*)')} AS people,
               ${sql.int(`SUM(CASE WHEN EXISTS (SELECT 1 FROM "ProtectionApplication" a WHERE a."userId" = p."userId" AND a."submittedAt" >= ${sql.param(start)} AND a."submittedAt" < ${sql.param(end)}) THEN 1 ELSE 0 END)`)} AS submitted
             FROM (SELECT DISTINCT "userId" FROM "AnalyticsEvent" WHERE ${eventsOf(sql, QUOTE_ESTIMATE_CALCULATED)} AND "userId" IS NOT NULL) p`,
        ),
        db.protectionApplication.groupBy({ by: ['coverageType'], where: applicationsWhere, _count: { _all: true } }),
        db.protectionApplication.groupBy({ by: ['zoneCode'], where: applicationsWhere, _count: { _all: true }, _sum: { coveredArea: true } }),
        db.protectionCrop.groupBy({ by: ['cropType'], where: { application: applicationsWhere }, _count: { _all: true }, _sum: { hectares: true } }),
        db.protectionApplication.count({ where: applicationsWhere }),
      ]);

      const steps = funnelSteps(
        WIZARD_STEPS,
        reached.map((row) => ({ step: row.step as WizardStep, count: toNumber(row.visitors) })),
      );
      const times = medianTimePerStep(
        WIZARD_STEPS,
        durations.map((row) => ({ step: row.step as WizardStep, ms: toNumber(row.seconds) * 1000, count: toNumber(row.count) })),
      );
      const estimateCounts = new Map(estimatesByType.map((row) => [row.coverageType, toNumber(row.count)]));
      const coverageCounts = new Map(byCoverage.map((row) => [row.coverageType, row._count._all]));
      const people = toNumber(estimatePeople[0]?.people);
      const submitted = toNumber(estimatePeople[0]?.submitted);
      const coverageTypes = (counts: Map<string, number>) => [...COVERAGE_TYPES, ...[...counts.keys()].filter((type) => !(COVERAGE_TYPES as readonly string[]).includes(type))];

      return {
        ...range,
        steps: steps.map((step, index) => ({ ...step, medianMs: times[index]?.medianMs ?? null, timedVisits: times[index]?.timedVisits ?? 0 })),
        estimates: {
          byCoverageType: coverageTypes(estimateCounts).map((coverageType) => ({ coverageType, count: estimateCounts.get(coverageType) ?? 0 })),
          people,
          submitted,
          conversionRate: rate(submitted, people),
          recordedSince: ESTIMATE_EVENTS_RECORDED_SINCE,
        },
        applications: {
          total,
          byCoverageType: coverageTypes(coverageCounts).map((coverageType) => ({ coverageType, count: coverageCounts.get(coverageType) ?? 0 })),
          byZone: byZone.map((row) => ({ zoneCode: row.zoneCode, count: row._count._all, hectares: row._sum.coveredArea ?? 0 })).sort((a, b) => b.count - a.count || a.zoneCode.localeCompare(b.zoneCode)),
          byCrop: byCrop.map((row) => ({ crop: row.cropType, paddocks: row._count._all, hectares: row._sum.hectares ?? 0 })).sort((a, b) => b.hectares - a.hectares || a.crop.localeCompare(b.crop)),
        },
        eventsRetainedFrom: analyticsRetainedFrom(now, TELEMETRY_RETENTION.analyticsMonths),
      };
    },
  };
}
