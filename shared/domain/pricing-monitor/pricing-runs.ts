import type { PricingCalculateResponse, PricingModel } from '../../contracts/pricing';
import { fromCents, toCents } from '../pricing/money';
import { addDays, perthDay } from '../../perth-time';

/**
 * The figures of /admin/pricing-monitor (docs/calculator-settings.md 'Pricing monitor'). One run is
 * one answer of POST /api/pricing/calculate; runs are kept only as hourly totals per zone, cover and
 * model version (hourTotals), so anyone may price as often as the rate limit lets them and the
 * monitor's storage grows with the hours, never with the answers.
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

/** The Monday (Perth) of the week an instant falls in, 'yyyy-mm-dd'. Perth keeps no daylight saving. */
export function perthWeekStart(instant: string): string {
  const day = new Date(`${perthDay(instant)}T00:00:00Z`);
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  day.setUTCDate(day.getUTCDate() - sinceMonday);
  return day.toISOString().slice(0, 10);
}

/** The calendar days from `from` to `to` inclusive, 'yyyy-mm-dd'. */
export function calendarDays(from: string, to: string): string[] {
  const days: string[] = [];
  for (const day = new Date(`${from}T00:00:00Z`); day.toISOString().slice(0, 10) <= to; day.setUTCDate(day.getUTCDate() + 1)) {
    days.push(day.toISOString().slice(0, 10));
  }
  return days;
}

const HOUR_MS = 60 * 60 * 1000;

/** The start of the hour an instant falls in, as an ISO instant. Perth's offset is whole hours, so an hour is in one Perth day. */
export function hourStartOf(instant: string): string {
  const time = new Date(instant).getTime();
  return new Date(time - (time % HOUR_MS)).toISOString();
}

/** Lower bounds of the premium distribution's buckets, in dollars; the last bucket has no upper bound. */
export const PREMIUM_BUCKET_FLOORS = [0, 1_000, 2_500, 5_000, 10_000, 25_000, 50_000] as const;
/** Lower bounds of the pricing-time buckets, in milliseconds: p50 and p99 are read to these bounds. */
export const LATENCY_BUCKET_FLOORS_MS = [0, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000] as const;

/** The lower bound of the bucket a value falls in (a value on a bound goes in the bucket it starts). */
function bucketFloor(floors: readonly number[], value: number): number {
  return floors.findLast((floor) => value >= floor) ?? floors[0] ?? 0;
}

export interface PremiumBucket {
  from: number;
  /** Exclusive upper bound; null for the last bucket. */
  to: number | null;
  count: number;
}

/** How many premiums fall in each bucket of PREMIUM_BUCKET_FLOORS, from counts by bucket. */
function distributionOf(counts: ReadonlyArray<{ fromValue: number; count: number }>): PremiumBucket[] {
  const buckets = PREMIUM_BUCKET_FLOORS.map((from, index) => ({ from, to: PREMIUM_BUCKET_FLOORS[index + 1] ?? null, count: 0 }));
  for (const { fromValue, count } of counts) {
    const bucket = buckets.find((item) => item.from === bucketFloor(PREMIUM_BUCKET_FLOORS, fromValue));
    if (bucket) bucket.count += count;
  }
  return buckets;
}

// ---------------------------------------------------------------------------------------------
// Hourly totals: what is stored.

/** One hour of one zone, cover and model version: the key every stored total has. */
export interface PricingHourKey {
  /** ISO instant the hour starts. */
  hourStart: string;
  zoneCode: string;
  coverageType: string;
  modelVersion: string;
}

export interface PricingHourTotal extends PricingHourKey {
  runs: number;
  insuredValue: number;
  premium: number;
  /** How many of the hour's runs ended at the minimum premium, had the canola cap and had the discount cap apply. */
  atMinimumPremium: number;
  canolaCapApplied: number;
  discountCapApplied: number;
}

export interface PricingHourCropTotal extends PricingHourKey {
  cropType: string;
  runs: number;
  insuredValue: number;
  premium: number;
}

export const PRICING_MEASURES = ['premium', 'latency'] as const;
export type PricingMeasure = (typeof PRICING_MEASURES)[number];

/** How many of the hour's runs had a premium (dollars) or a pricing time (milliseconds) in the bucket starting at fromValue. */
export interface PricingHourBucketTotal extends PricingHourKey {
  measure: PricingMeasure;
  fromValue: number;
  count: number;
}

export interface PricingHourTotals {
  hours: PricingHourTotal[];
  crops: PricingHourCropTotal[];
  buckets: PricingHourBucketTotal[];
}

const keyOf = (key: PricingHourKey) => `${key.hourStart}|${key.zoneCode}|${key.coverageType}|${key.modelVersion}`;

/** Runs summed into their hours: what one write of the recorder adds to the stored totals. */
export function hourTotals(runs: readonly PricingRunFigures[]): PricingHourTotals {
  const hours = new Map<string, PricingHourTotal>();
  const crops = new Map<string, PricingHourCropTotal>();
  const buckets = new Map<string, PricingHourBucketTotal>();
  const countIn = (key: PricingHourKey, measure: PricingMeasure, fromValue: number) => {
    const id = `${keyOf(key)}|${measure}|${fromValue}`;
    const bucket = buckets.get(id) ?? { ...key, measure, fromValue, count: 0 };
    bucket.count += 1;
    buckets.set(id, bucket);
  };
  for (const run of runs) {
    const key: PricingHourKey = { hourStart: hourStartOf(run.pricedAt), zoneCode: run.zoneCode, coverageType: run.coverageType, modelVersion: run.modelVersion };
    const hour = hours.get(keyOf(key)) ?? { ...key, runs: 0, insuredValue: 0, premium: 0, atMinimumPremium: 0, canolaCapApplied: 0, discountCapApplied: 0 };
    hour.runs += 1;
    hour.insuredValue += run.insuredValue;
    hour.premium += run.premium;
    hour.atMinimumPremium += run.atMinimumPremium ? 1 : 0;
    hour.canolaCapApplied += run.canolaCapApplied ? 1 : 0;
    hour.discountCapApplied += run.discountCapApplied ? 1 : 0;
    hours.set(keyOf(key), hour);
    for (const crop of run.crops) {
      const id = `${keyOf(key)}|${crop.cropType}`;
      const total = crops.get(id) ?? { ...key, cropType: crop.cropType, runs: 0, insuredValue: 0, premium: 0 };
      total.runs += 1;
      total.insuredValue += crop.insuredValue;
      total.premium += crop.premium;
      crops.set(id, total);
    }
    countIn(key, 'premium', bucketFloor(PREMIUM_BUCKET_FLOORS, run.premium));
    countIn(key, 'latency', bucketFloor(LATENCY_BUCKET_FLOORS_MS, run.latencyMs));
  }
  return { hours: [...hours.values()], crops: [...crops.values()], buckets: [...buckets.values()] };
}

// ---------------------------------------------------------------------------------------------
// The monitor's figures, from the stored totals.

/**
 * The p-th percentile of pricing times counted in buckets, by the nearest rank: the upper bound of
 * the bucket that rank falls in ('half the answers took at most this'), or the last bucket's lower
 * bound when it falls there; null without runs.
 */
export function bucketPercentile(counts: ReadonlyArray<{ fromValue: number; count: number }>, floors: readonly number[], p: number): number | null {
  const byFloor = new Map<number, number>();
  for (const { fromValue, count } of counts) byFloor.set(fromValue, (byFloor.get(fromValue) ?? 0) + count);
  const total = [...byFloor.values()].reduce((sum, count) => sum + count, 0);
  if (total === 0) return null;
  const rank = Math.max(1, Math.ceil((p / 100) * total));
  let seen = 0;
  for (const [index, floor] of floors.entries()) {
    seen += byFloor.get(floor) ?? 0;
    if (seen >= rank) return floors[index + 1] ?? floor;
  }
  return floors[floors.length - 1] ?? null;
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
const addTo = (totals: Totals | undefined, item: Totals): Totals => ({
  runs: (totals?.runs ?? 0) + item.runs,
  premium: (totals?.premium ?? 0) + item.premium,
  insuredValue: (totals?.insuredValue ?? 0) + item.insuredValue,
});

/**
 * Each zone's average rate on line per Perth week (premium over insured value of the week's runs),
 * compared with the week straight before; flagged when it moved more than WEEKLY_RATE_MOVE_THRESHOLD.
 */
export function zoneWeeks(hours: readonly PricingHourTotal[]): ZoneWeek[] {
  const totals = new Map<string, Totals>();
  for (const hour of hours) {
    const key = `${hour.zoneCode}|${perthWeekStart(hour.hourStart)}`;
    totals.set(key, addTo(totals.get(key), hour));
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
  /** The start of the first hour and the end of the last hour the version priced in. */
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
export function modelVersionEffects(hours: readonly PricingHourTotal[]): ModelVersionEffect[] {
  const byVersion = new Map<string, Totals & { first: string; last: string }>();
  for (const hour of hours) {
    const seen = byVersion.get(hour.modelVersion);
    const end = new Date(new Date(hour.hourStart).getTime() + HOUR_MS).toISOString();
    byVersion.set(hour.modelVersion, {
      ...addTo(seen, hour),
      first: seen && seen.first < hour.hourStart ? seen.first : hour.hourStart,
      last: seen && seen.last > end ? seen.last : end,
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
export function ratesByZoneAndCrop(crops: readonly PricingHourCropTotal[]): ZoneCropRate[] {
  const totals = new Map<string, Totals>();
  for (const crop of crops) {
    const key = `${crop.zoneCode}|${crop.cropType}`;
    totals.set(key, addTo(totals.get(key), crop));
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
  /** Read to the bounds of LATENCY_BUCKET_FLOORS_MS: at most this many milliseconds. */
  latency: { p50: number | null; p99: number | null };
  zoneWeeks: ZoneWeek[];
}

/** Every figure of the monitor for the hours of the Perth days `from`..`to` (hours outside are ignored). */
export function pricingMonitorFigures(totals: PricingHourTotals, from: string, to: string): PricingMonitorFigures {
  const inRange = (item: PricingHourKey) => {
    const day = perthDay(item.hourStart);
    return day >= from && day <= to;
  };
  const hours = totals.hours.filter(inRange);
  const buckets = totals.buckets.filter(inRange);
  const sum = (pick: (hour: PricingHourTotal) => number) => hours.reduce((total, hour) => total + pick(hour), 0);
  const perDay = new Map<string, number>();
  for (const hour of hours) perDay.set(perthDay(hour.hourStart), (perDay.get(perthDay(hour.hourStart)) ?? 0) + hour.runs);
  const latency = buckets.filter((bucket) => bucket.measure === 'latency');
  return {
    runs: sum((hour) => hour.runs),
    daily: calendarDays(from, to).map((day) => ({ day, count: perDay.get(day) ?? 0 })),
    ratesByZoneAndCrop: ratesByZoneAndCrop(totals.crops.filter(inRange)),
    premiumDistribution: distributionOf(buckets.filter((bucket) => bucket.measure === 'premium')),
    flagged: { atMinimumPremium: sum((hour) => hour.atMinimumPremium), canolaCap: sum((hour) => hour.canolaCapApplied), discountCap: sum((hour) => hour.discountCapApplied) },
    modelVersions: modelVersionEffects(hours),
    latency: { p50: bucketPercentile(latency, LATENCY_BUCKET_FLOORS_MS, 50), p99: bucketPercentile(latency, LATENCY_BUCKET_FLOORS_MS, 99) },
    zoneWeeks: zoneWeeks(hours),
  };
}
