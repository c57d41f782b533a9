import { z } from 'zod';
import { calendarDay } from './fields';

/** /admin/pricing-monitor (docs/calculator-settings.md 'Pricing monitor'): how pricing behaves in the field. */

const calendarDate = (label: string) => calendarDay(`${label} must be a day of the calendar written YYYY-MM-DD, for example 2026-11-01`);
/** An empty field or parameter is no filter. */
const optional = <S extends z.ZodType>(schema: S) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/** The longest range the monitor reads at once, in days (runs are kept 180 days). */
export const PRICING_MONITOR_MAX_DAYS = 180;

/** GET /api/admin/pricing-monitor: Perth calendar days from..to (both optional: the last 28 days by default). */
export const pricingMonitorQuerySchema = z
  .object({
    from: optional(calendarDate('From')),
    to: optional(calendarDate('To')),
    zone: optional(z.string().trim().max(40, { error: 'Zone must be at most 40 characters' })),
    coverageType: optional(z.enum(['hail', 'fire', 'both'], { error: "Cover must be 'hail', 'fire' or 'both'" })),
  })
  .refine((query) => query.from === undefined || query.to === undefined || query.from <= query.to, { error: 'From must not be after To', path: ['from'] });
export type PricingMonitorQuery = z.input<typeof pricingMonitorQuerySchema>;

const rateFigures = { runs: z.number().int(), rateOnLine: z.number() };

export const pricingMonitorResponseSchema = z.object({
  from: z.string(),
  to: z.string(),
  retentionDays: z.number().int(),
  runs: z.number().int(),
  daily: z.array(z.object({ day: z.string(), count: z.number().int() })),
  ratesByZoneAndCrop: z.array(z.object({ zoneCode: z.string(), cropType: z.string(), insuredValue: z.number(), premium: z.number(), ...rateFigures })),
  premiumDistribution: z.array(z.object({ from: z.number(), to: z.number().nullable(), count: z.number().int() })),
  flagged: z.object({ atMinimumPremium: z.number().int(), canolaCap: z.number().int(), discountCap: z.number().int() }),
  modelVersions: z.array(
    z.object({
      modelVersion: z.string(),
      firstPricedAt: z.string(),
      lastPricedAt: z.string(),
      averagePremium: z.number(),
      previousVersion: z.string().nullable(),
      previousRateOnLine: z.number().nullable(),
      ...rateFigures,
    }),
  ),
  latency: z.object({ p50: z.number().nullable(), p99: z.number().nullable() }),
  zoneWeeks: z.array(z.object({ zoneCode: z.string(), weekStart: z.string(), previousRateOnLine: z.number().nullable(), change: z.number().nullable(), flagged: z.boolean(), ...rateFigures })),
});
export type PricingMonitorResponse = z.infer<typeof pricingMonitorResponseSchema>;
