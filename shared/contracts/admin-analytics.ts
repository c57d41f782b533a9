import { z } from 'zod';
import { daysInRange } from '../perth-time';
import { calendarDay } from './fields';
import { MAX_RANGE_DAYS } from './date-range';
import { WIZARD_STEPS } from './quote-steps';

/**
 * The administrators' registration and quote analytics pages:
 * /admin/registration-analytics and /admin/quote-analytics. docs/admin-analytics.md says where
 * each figure comes from and from which date it is complete.
 */

/** How the analytics pages sum their days (shared/domain/analytics/periods.ts). */
export const PERIOD_BUCKETS = ['day', 'week'] as const;
export type PeriodBucket = (typeof PERIOD_BUCKETS)[number];
/** The bands a waiting time falls into, shortest first. */
export const WAIT_BANDS = ['Under 1 minute', '1 to 5 minutes', '5 to 15 minutes', '15 to 60 minutes', '1 to 24 hours', 'A day or more'] as const;

/** A query parameter left empty by a form counts as not given. */
const optionalParam = <S extends z.ZodType>(schema: S) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional());
const day = calendarDay('must be a date written YYYY-MM-DD, e.g. 2025-09-01');

const periodFields = { from: optionalParam(day), to: optionalParam(day) };
const inOrder = (value: { from?: string | undefined; to?: string | undefined }) => !value.from || !value.to || value.from <= value.to;
const orderIssue = { message: 'must be on or before to; swap the two dates', path: ['from'] };
const withinLongestRange = (value: { from?: string | undefined; to?: string | undefined }) => !value.from || !value.to || daysInRange(value.from, value.to) <= MAX_RANGE_DAYS;
const rangeIssue = { message: `must be at most ${MAX_RANGE_DAYS} days before to; choose a shorter range`, path: ['from'] };

/** GET /api/admin/analytics/registrations (and .csv). Without dates: the last 30 days up to today (Perth). */
export const registrationAnalyticsQuerySchema = z
  .object({ ...periodFields, bucket: optionalParam(z.enum(PERIOD_BUCKETS, { error: `must be one of ${PERIOD_BUCKETS.join(', ')}` })) })
  .refine(inOrder, orderIssue)
  .refine(withinLongestRange, rangeIssue);
export type RegistrationAnalyticsQuery = z.input<typeof registrationAnalyticsQuerySchema>;

/** GET /api/admin/analytics/quote-funnel (and .csv). Without dates: the last 30 days up to today (Perth). */
export const quoteFunnelQuerySchema = z.object(periodFields).refine(inOrder, orderIssue).refine(withinLongestRange, rangeIssue);
export type QuoteFunnelQuery = z.input<typeof quoteFunnelQuerySchema>;

const periodCountSchema = z.object({ from: z.string(), to: z.string(), count: z.number().int() });
const funnelStepSchema = <S extends z.ZodType<string>>(step: S) =>
  z.object({ step, count: z.number().int(), shareOfFirst: z.number(), dropOff: z.number().int().nullable(), dropOffRate: z.number().nullable() });

export const VERIFICATION_FUNNEL_STEPS = ['code_sent', 'email_verified', 'password_created', 'first_quote'] as const;
export type VerificationFunnelStep = (typeof VERIFICATION_FUNNEL_STEPS)[number];
export const VERIFICATION_FUNNEL_LABELS: Record<VerificationFunnelStep, string> = {
  code_sent: 'Code sent',
  email_verified: 'E-mail verified',
  password_created: 'Password created',
  first_quote: 'First quote',
};

/** Where a member came from (docs/admin-analytics.md 'Source'). */
export const REGISTRATION_SOURCES = ['referrer', 'broker', 'partner', 'direct'] as const;
export type RegistrationSource = (typeof REGISTRATION_SOURCES)[number];
export const REGISTRATION_SOURCE_LABELS: Record<RegistrationSource, string> = {
  referrer: 'Referrer link',
  broker: 'Broker client',
  partner: 'Referrer partner (added by staff)',
  direct: 'Direct (the quote wizard)',
};

export const registrationAnalyticsSchema = z.object({
  from: z.string(),
  to: z.string(),
  bucket: z.enum(PERIOD_BUCKETS),
  /** Accounts created in the period (administrators left out). */
  total: z.number().int(),
  registrations: z.array(periodCountSchema),
  /** People who asked for a code in the period, followed through (by e-mail address). */
  funnel: z.array(funnelStepSchema(z.enum(VERIFICATION_FUNNEL_STEPS))),
  verificationTime: z.object({
    /** Codes of the period that were entered correctly. */
    verified: z.number().int(),
    medianMs: z.number().nullable(),
    bands: z.array(z.object({ band: z.enum(WAIT_BANDS), count: z.number().int() })),
  }),
  bySource: z.array(z.object({ source: z.enum(REGISTRATION_SOURCES), count: z.number().int() })),
  /** Accounts created with a referrer code, per code, most first. */
  byReferrer: z.array(z.object({ code: z.string(), organisation: z.string().nullable(), count: z.number().int() })),
});
export type RegistrationAnalytics = z.infer<typeof registrationAnalyticsSchema>;

export const quoteFunnelSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Each wizard step in order: tab sessions that were shown it, drop-off to the next, median time on it. */
  steps: z.array(funnelStepSchema(z.enum(WIZARD_STEPS)).extend({ medianMs: z.number().nullable(), timedVisits: z.number().int() })),
  estimates: z.object({
    /** quote_estimate.calculated events per coverage type priced. */
    byCoverageType: z.array(z.object({ coverageType: z.string(), count: z.number().int() })),
    /** Signed-in people who had an estimate calculated in the period. */
    people: z.number().int(),
    /** Of those, the ones who submitted an application in the period. */
    submitted: z.number().int(),
    conversionRate: z.number().nullable(),
    /** The first Perth day on which estimates were recorded; figures before it are incomplete. */
    recordedSince: z.string(),
  }),
  applications: z.object({
    total: z.number().int(),
    byCoverageType: z.array(z.object({ coverageType: z.string(), count: z.number().int() })),
    byZone: z.array(z.object({ zoneCode: z.string(), count: z.number().int(), hectares: z.number() })),
    byCrop: z.array(z.object({ crop: z.string(), paddocks: z.number().int(), hectares: z.number() })),
  }),
  /** Events older than this Perth day are rolled up into daily counts without their details, so step figures start here. */
  eventsRetainedFrom: z.string(),
});
export type QuoteFunnel = z.infer<typeof quoteFunnelSchema>;
