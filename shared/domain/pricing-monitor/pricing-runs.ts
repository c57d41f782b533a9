import type { PricingCalculateResponse, PricingModel } from '../../contracts/pricing';
import { perthCalendarDate } from '../../format';
import { fromCents, toCents } from '../pricing/money';

/**
 * The figures of /admin/pricing-monitor (docs/calculator-settings.md 'Pricing monitor'), worked out
 * from the recorded pricing runs: one run is one answer of POST /api/pricing/calculate.
 */

export interface PricingRunCrop {
  cropType: string;
  insuredValue: number;
  /** The crop's share of the run's premium, in proportion to its gross premium. */
  premium: number;
}

/** What a run records about the engine's answer; pricingRunOutcome is the one place it is worked out. */
export interface PricingRunOutcome {
  zoneCode: string;
  coverageType: string;
  crops: PricingRunCrop[];
  insuredValue: number;
  premium: number;
  /** premium / insured value, in percent to 4 decimals (0 when nothing is insured). */
  rateOnLine: number;
  atMinimumPremium: boolean;
  canolaCapApplied: boolean;
  discountCapApplied: boolean;
  modelVersion: string;
}

export interface PricingRunFigures extends PricingRunOutcome {
  /** ISO instant the run was priced. */
  pricedAt: string;
  latencyMs: number;
}

/** Premium over insured value in percent, to 4 decimals (a hundredth of a basis point). */
const ratePercent = (premium: number, insuredValue: number) => (insuredValue > 0 ? Math.round((premium / insuredValue) * 1_000_000) / 10_000 : 0);

/**
 * The outcome of one engine answer. The flags: the premium was lifted to (or sits at) the model's
 * minimum premium; the canola per-hectare cap left value uncovered, or canola passed its share of
 * the quote; the dynamic discounts together granted more than the model's most total discount, so
 * the engine scaled them down (the engine reports each rule's own rate, so the sum tells).
 */
export function pricingRunOutcome(result: PricingCalculateResponse, model: Pick<PricingModel, 'minimumPremium' | 'maxTotalDiscountRate'>): PricingRunOutcome {
  const grossByCrop = new Map<string, { insuredValue: number; gross: number }>();
  for (const line of result.breakdown) {
    const entry = grossByCrop.get(line.cropType) ?? { insuredValue: 0, gross: 0 };
    entry.insuredValue += line.insuredValue;
    entry.gross += line.grossPremium;
    grossByCrop.set(line.cropType, entry);
  }
  const totalGross = result.breakdown.reduce((total, line) => total + line.grossPremium, 0);
  const crops = [...grossByCrop].map(([cropType, entry]) => ({
    cropType,
    insuredValue: fromCents(toCents(entry.insuredValue)),
    premium: fromCents(toCents(totalGross > 0 ? (result.premium * entry.gross) / totalGross : result.insuredValue > 0 ? (result.premium * entry.insuredValue) / result.insuredValue : 0)),
  }));
  const dynamicRateSum = result.appliedDynamicDiscounts.filter((discount) => discount.kind !== 'coveragePreference').reduce((total, discount) => total + discount.rate, 0);
  return {
    zoneCode: result.zone.code,
    coverageType: result.coverageType,
    crops,
    insuredValue: result.insuredValue,
    premium: result.premium,
    rateOnLine: ratePercent(result.premium, result.insuredValue),
    atMinimumPremium: toCents(result.premium) <= toCents(model.minimumPremium),
    canolaCapApplied: (result.canolaCapInfo?.capApplied ?? false) || result.canolaValidationIssues.length > 0,
    discountCapApplied: dynamicRateSum > model.maxTotalDiscountRate + 1e-9,
    modelVersion: result.modelVersion,
  };
}

/** The p-th percentile (0–100) by the nearest-rank method: a figure some run actually took; null for no values. */
export function percentile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1] ?? null;
}

/** The Perth calendar day of an instant, 'yyyy-mm-dd'. */
export function perthDay(instant: string): string {
  return perthCalendarDate(new Date(instant));
}

/** The Monday (Perth) of the week an instant falls in, 'yyyy-mm-dd'. Perth keeps no daylight saving. */
export function perthWeekStart(instant: string): string {
  const day = new Date(`${perthDay(instant)}T00:00:00Z`);
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  day.setUTCDate(day.getUTCDate() - sinceMonday);
  return day.toISOString().slice(0, 10);
}

/** The calendar day `days` after (or before, when negative) `day`, 'yyyy-mm-dd'. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The calendar days from `from` to `to` inclusive, 'yyyy-mm-dd'. */
export function calendarDays(from: string, to: string): string[] {
  const days: string[] = [];
  for (const day = new Date(`${from}T00:00:00Z`); day.toISOString().slice(0, 10) <= to; day.setUTCDate(day.getUTCDate() + 1)) {
    days.push(day.toISOString().slice(0, 10));
  }
  return days;
}

/** Lower bounds of the premium distribution's buckets, in dollars; the last bucket has no upper bound. */
export const PREMIUM_BUCKET_FLOORS = [0, 1_000, 2_500, 5_000, 10_000, 25_000, 50_000] as const;

export interface PremiumBucket {
  from: number;
  /** Exclusive upper bound; null for the last bucket. */
  to: number | null;
  count: number;
}

/** How many premiums fall in each bucket of PREMIUM_BUCKET_FLOORS (a premium on a bound goes in the bucket it starts). */
export function premiumDistribution(premiums: readonly number[]): PremiumBucket[] {
  const buckets = PREMIUM_BUCKET_FLOORS.map((from, index) => ({ from, to: PREMIUM_BUCKET_FLOORS[index + 1] ?? null, count: 0 }));
  for (const premium of premiums) {
    const bucket = buckets.findLast((item) => premium >= item.from) ?? buckets[0];
    if (bucket) bucket.count += 1;
  }
  return buckets;
}

/** A move of a zone's average rate on line from one Perth week to the next larger than this (either way) is flagged. */
export const WEEKLY_RATE_MOVE_THRESHOLD = 0.2;

export interface ZoneWeek {
  zoneCode: string;
  /** Monday of the Perth week. */
  weekStart: string;
  runs: number;
  /** Premium over insured value of the week's runs, in percent. */
  rateOnLine: number;
  /** The week before's rate, when that week had runs in the zone. */
  previousRateOnLine: number | null;
  /** (rate − previous) / previous; null without a previous week. */
  change: number | null;
  flagged: boolean;
}

interface Totals {
  runs: number;
  premium: number;
  insuredValue: number;
}
const addTo = (totals: Totals | undefined, premium: number, insuredValue: number): Totals => ({
  runs: (totals?.runs ?? 0) + 1,
  premium: (totals?.premium ?? 0) + premium,
  insuredValue: (totals?.insuredValue ?? 0) + insuredValue,
});

/**
 * Each zone's average rate on line per Perth week (premium over insured value of the week's runs),
 * compared with the week straight before; flagged when it moved more than WEEKLY_RATE_MOVE_THRESHOLD.
 */
export function zoneWeeks(runs: readonly PricingRunFigures[]): ZoneWeek[] {
  const totals = new Map<string, Totals>();
  for (const run of runs) {
    const key = `${run.zoneCode}|${perthWeekStart(run.pricedAt)}`;
    totals.set(key, addTo(totals.get(key), run.premium, run.insuredValue));
  }
  const weeks: ZoneWeek[] = [];
  for (const [key, week] of totals) {
    const [zoneCode = '', weekStart = ''] = key.split('|');
    const before = totals.get(`${zoneCode}|${addDays(weekStart, -7)}`);
    const rateOnLine = ratePercent(week.premium, week.insuredValue);
    const previousRateOnLine = before ? ratePercent(before.premium, before.insuredValue) : null;
    const change = previousRateOnLine ? (rateOnLine - previousRateOnLine) / previousRateOnLine : null;
    weeks.push({ zoneCode, weekStart, runs: week.runs, rateOnLine, previousRateOnLine, change, flagged: change !== null && Math.abs(change) > WEEKLY_RATE_MOVE_THRESHOLD + 1e-12 });
  }
  return weeks.sort((a, b) => a.zoneCode.localeCompare(b.zoneCode) || a.weekStart.localeCompare(b.weekStart));
}

export interface ModelVersionEffect {
  modelVersion: string;
  firstPricedAt: string;
  lastPricedAt: string;
  runs: number;
  averagePremium: number;
  rateOnLine: number;
  /** The version in use before this one (by first run), and the rate on line under it. */
  previousVersion: string | null;
  previousRateOnLine: number | null;
}

/** Every model version that priced runs, in the order they came into use, with the rate on line before and after. */
export function modelVersionEffects(runs: readonly PricingRunFigures[]): ModelVersionEffect[] {
  const byVersion = new Map<string, Totals & { first: string; last: string }>();
  for (const run of runs) {
    const seen = byVersion.get(run.modelVersion);
    const totals = addTo(seen, run.premium, run.insuredValue);
    byVersion.set(run.modelVersion, {
      ...totals,
      first: seen && seen.first < run.pricedAt ? seen.first : run.pricedAt,
      last: seen && seen.last > run.pricedAt ? seen.last : run.pricedAt,
    });
  }
  const ordered = [...byVersion].sort(([, a], [, b]) => a.first.localeCompare(b.first));
  return ordered.map(([modelVersion, totals], index) => {
    const before = ordered[index - 1];
    return {
      modelVersion,
      firstPricedAt: totals.first,
      lastPricedAt: totals.last,
      runs: totals.runs,
      averagePremium: fromCents(toCents(totals.premium / totals.runs)),
      rateOnLine: ratePercent(totals.premium, totals.insuredValue),
      previousVersion: before ? before[0] : null,
      previousRateOnLine: before ? ratePercent(before[1].premium, before[1].insuredValue) : null,
    };
  });
}

export interface ZoneCropRate {
  zoneCode: string;
  cropType: string;
  runs: number;
  insuredValue: number;
  premium: number;
  rateOnLine: number;
}

/** Average rate on line by zone and crop: each crop's share of the premium over its insured value, over the runs that priced it. */
export function ratesByZoneAndCrop(runs: readonly PricingRunFigures[]): ZoneCropRate[] {
  const totals = new Map<string, Totals>();
  for (const run of runs) {
    for (const crop of run.crops) {
      const key = `${run.zoneCode}|${crop.cropType}`;
      totals.set(key, addTo(totals.get(key), crop.premium, crop.insuredValue));
    }
  }
  return [...totals]
    .map(([key, item]) => {
      const [zoneCode = '', cropType = ''] = key.split('|');
      return { zoneCode, cropType, runs: item.runs, insuredValue: fromCents(toCents(item.insuredValue)), premium: fromCents(toCents(item.premium)), rateOnLine: ratePercent(item.premium, item.insuredValue) };
    })
    .sort((a, b) => a.zoneCode.localeCompare(b.zoneCode) || a.cropType.localeCompare(b.cropType));
}

export interface PricingMonitorFigures {
  runs: number;
  daily: Array<{ day: string; count: number }>;
  ratesByZoneAndCrop: ZoneCropRate[];
  premiumDistribution: PremiumBucket[];
  /** How many runs ended at the minimum premium, had the canola cap apply, had the discount cap apply. */
  flagged: { atMinimumPremium: number; canolaCap: number; discountCap: number };
  modelVersions: ModelVersionEffect[];
  latency: { p50: number | null; p99: number | null };
  zoneWeeks: ZoneWeek[];
}

/** Every figure of the monitor for the runs of the Perth days `from`..`to` (runs outside are ignored). */
export function pricingMonitorFigures(allRuns: readonly PricingRunFigures[], from: string, to: string): PricingMonitorFigures {
  const runs = allRuns.filter((run) => {
    const day = perthDay(run.pricedAt);
    return day >= from && day <= to;
  });
  const perDay = new Map<string, number>();
  for (const run of runs) perDay.set(perthDay(run.pricedAt), (perDay.get(perthDay(run.pricedAt)) ?? 0) + 1);
  const latencies = runs.map((run) => run.latencyMs);
  return {
    runs: runs.length,
    daily: calendarDays(from, to).map((day) => ({ day, count: perDay.get(day) ?? 0 })),
    ratesByZoneAndCrop: ratesByZoneAndCrop(runs),
    premiumDistribution: premiumDistribution(runs.map((run) => run.premium)),
    flagged: {
      atMinimumPremium: runs.filter((run) => run.atMinimumPremium).length,
      canolaCap: runs.filter((run) => run.canolaCapApplied).length,
      discountCap: runs.filter((run) => run.discountCapApplied).length,
    },
    modelVersions: modelVersionEffects(runs),
    latency: { p50: percentile(latencies, 50), p99: percentile(latencies, 99) },
    zoneWeeks: zoneWeeks(runs),
  };
}
