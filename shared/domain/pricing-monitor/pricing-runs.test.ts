import { describe, expect, it } from 'vitest';
import { pricingCalculateRequestSchema } from '../../contracts/pricing';
import { DEFAULT_PRICING_MODEL } from '../pricing/default-model';
import { calculatePremium } from '../pricing/engine';
import { bucketPercentile, hourTotals, LATENCY_BUCKET_FLOORS_MS, perthWeekStart, pricingMonitorFigures, pricingRunOutcome, type PricingRunFigures, zoneWeeks } from './pricing-runs';

const run = (pricedAt: string, figures: Partial<PricingRunFigures> = {}): PricingRunFigures => ({
  pricedAt,
  zoneCode: 'EWB',
  coverageType: 'hail',
  crops: [{ cropType: 'wheat', insuredValue: 100_000, premium: 2_000 }],
  insuredValue: 100_000,
  premium: 2_000,
  rateOnLine: 2,
  atMinimumPremium: false,
  canolaCapApplied: false,
  discountCapApplied: false,
  modelVersion: 'v1',
  latencyMs: 10,
  ...figures,
});

describe('bucketPercentile', () => {
  const counted = (latencies: number[]) => hourTotals(latencies.map((latencyMs) => run('2026-11-17T01:00:00Z', { latencyMs }))).buckets.filter((bucket) => bucket.measure === 'latency');

  it('takes the nearest rank and answers the upper bound of its bucket: at most that long', () => {
    const latencies = Array.from({ length: 200 }, (_, index) => index + 1);
    // The 100th time is 100 ms, in the bucket 100–200 ms; the 198th is 198 ms, in the same bucket.
    expect(bucketPercentile(counted(latencies), LATENCY_BUCKET_FLOORS_MS, 50)).toBe(200);
    expect(bucketPercentile(counted([3, 7, 5]), LATENCY_BUCKET_FLOORS_MS, 50)).toBe(10);
    expect(bucketPercentile(counted([3, 7, 4]), LATENCY_BUCKET_FLOORS_MS, 50)).toBe(5);
    expect(bucketPercentile(counted([9_000]), LATENCY_BUCKET_FLOORS_MS, 99)).toBe(5_000);
    expect(bucketPercentile([], LATENCY_BUCKET_FLOORS_MS, 50)).toBeNull();
  });
});

describe('hourTotals', () => {
  it('sums runs into their hour, zone, cover and model version: one stored row however many answers', () => {
    const many = Array.from({ length: 300 }, (_, index) => run(`2026-11-17T01:${String(index % 60).padStart(2, '0')}:00Z`, { premium: 2_000 + index }));
    const totals = hourTotals([...many, run('2026-11-17T02:00:00Z'), run('2026-11-17T01:10:00Z', { zoneCode: 'NAG' })]);
    expect(totals.hours.map(({ hourStart, zoneCode, runs }) => [hourStart, zoneCode, runs])).toEqual([
      ['2026-11-17T01:00:00.000Z', 'EWB', 300],
      ['2026-11-17T02:00:00.000Z', 'EWB', 1],
      ['2026-11-17T01:00:00.000Z', 'NAG', 1],
    ]);
    expect(totals.hours[0]?.premium).toBe(300 * 2_000 + (299 * 300) / 2);
    expect(totals.crops).toHaveLength(3);
    expect(totals.buckets.filter((bucket) => bucket.measure === 'premium').map(({ fromValue, count }) => [fromValue, count])).toEqual([
      [1_000, 300],
      [1_000, 1],
      [1_000, 1],
    ]);
  });
});

describe('perthWeekStart', () => {
  it('is the Monday of the Perth week, which begins at 16:00 UTC on Sunday', () => {
    expect(perthWeekStart('2026-11-22T15:59:59Z')).toBe('2026-11-16');
    expect(perthWeekStart('2026-11-22T16:00:00Z')).toBe('2026-11-23');
    expect(perthWeekStart('2026-11-25T03:00:00Z')).toBe('2026-11-23');
  });
});

describe('the premium distribution', () => {
  it('counts each premium in the bucket it starts, the last bucket open-ended', () => {
    const premiums = [0, 999.99, 1_000, 4_999, 5_000, 60_000, 1_000_000];
    const figures = pricingMonitorFigures(hourTotals(premiums.map((premium) => run('2026-11-17T01:00:00Z', { premium }))), '2026-11-17', '2026-11-17');
    expect(figures.premiumDistribution).toEqual([
      { from: 0, to: 1_000, count: 2 },
      { from: 1_000, to: 2_500, count: 1 },
      { from: 2_500, to: 5_000, count: 1 },
      { from: 5_000, to: 10_000, count: 1 },
      { from: 10_000, to: 25_000, count: 0 },
      { from: 25_000, to: 50_000, count: 0 },
      { from: 50_000, to: null, count: 2 },
    ]);
  });
});

describe('zoneWeeks', () => {
  it('flags a zone whose rate on line moved more than 20% from the Perth week before, and not one that moved exactly 20%', () => {
    const weeks = zoneWeeks(
      hourTotals([
        run('2026-11-10T02:00:00Z', { premium: 2_000 }),
        run('2026-11-12T02:00:00Z', { premium: 2_000 }),
        run('2026-11-17T02:00:00Z', { premium: 2_500 }),
        run('2026-11-10T02:00:00Z', { zoneCode: 'NAG', premium: 1_000 }),
        run('2026-11-17T02:00:00Z', { zoneCode: 'NAG', premium: 1_200 }),
        run('2026-11-24T02:00:00Z', { zoneCode: 'NAG', premium: 1_200 }),
      ]).hours,
    );
    expect(weeks.map(({ zoneCode, weekStart, runs, rateOnLine, previousRateOnLine, flagged }) => ({ zoneCode, weekStart, runs, rateOnLine, previousRateOnLine, flagged }))).toEqual([
      { zoneCode: 'EWB', weekStart: '2026-11-09', runs: 2, rateOnLine: 2, previousRateOnLine: null, flagged: false },
      { zoneCode: 'EWB', weekStart: '2026-11-16', runs: 1, rateOnLine: 2.5, previousRateOnLine: 2, flagged: true },
      { zoneCode: 'NAG', weekStart: '2026-11-09', runs: 1, rateOnLine: 1, previousRateOnLine: null, flagged: false },
      { zoneCode: 'NAG', weekStart: '2026-11-16', runs: 1, rateOnLine: 1.2, previousRateOnLine: 1, flagged: false },
      { zoneCode: 'NAG', weekStart: '2026-11-23', runs: 1, rateOnLine: 1.2, previousRateOnLine: 1.2, flagged: false },
    ]);
    expect(weeks[1]?.change).toBeCloseTo(0.25, 12);
  });
});

describe('pricingMonitorFigures', () => {
  const runs = [
    run('2026-11-16T23:30:00Z', { premium: 500, atMinimumPremium: true, latencyMs: 4, modelVersion: 'v1', crops: [{ cropType: 'wheat', insuredValue: 100_000, premium: 500 }] }),
    run('2026-11-17T01:00:00Z', {
      premium: 3_000,
      insuredValue: 150_000,
      latencyMs: 12,
      modelVersion: 'v1',
      canolaCapApplied: true,
      crops: [
        { cropType: 'wheat', insuredValue: 100_000, premium: 1_500 },
        { cropType: 'canola', insuredValue: 50_000, premium: 1_500 },
      ],
    }),
    run('2026-11-18T05:00:00Z', {
      zoneCode: 'NAG',
      premium: 12_000,
      insuredValue: 400_000,
      latencyMs: 30,
      modelVersion: 'v2',
      discountCapApplied: true,
      crops: [{ cropType: 'barley', insuredValue: 400_000, premium: 12_000 }],
    }),
    run('2026-11-18T06:00:00Z', { premium: 2_000, latencyMs: 8, modelVersion: 'v2' }),
    // Priced on 15 November in Perth, before the range.
    run('2026-11-15T12:00:00Z', { premium: 99_000, latencyMs: 999, modelVersion: 'v0' }),
  ];

  it('counts the runs of each Perth day in the range, with empty days as 0', () => {
    const figures = pricingMonitorFigures(hourTotals(runs), '2026-11-16', '2026-11-19');
    expect(figures.runs).toBe(4);
    expect(figures.daily).toEqual([
      { day: '2026-11-16', count: 0 },
      { day: '2026-11-17', count: 2 },
      { day: '2026-11-18', count: 2 },
      { day: '2026-11-19', count: 0 },
    ]);
  });

  it('works out rates on line by zone and crop, the flags, the latency percentiles and each model version before and after', () => {
    const figures = pricingMonitorFigures(hourTotals(runs), '2026-11-16', '2026-11-19');
    expect(figures.ratesByZoneAndCrop).toEqual([
      { zoneCode: 'EWB', cropType: 'canola', runs: 1, insuredValue: 50_000, premium: 1_500, rateOnLine: 3 },
      { zoneCode: 'EWB', cropType: 'wheat', runs: 3, insuredValue: 300_000, premium: 4_000, rateOnLine: 1.3333 },
      { zoneCode: 'NAG', cropType: 'barley', runs: 1, insuredValue: 400_000, premium: 12_000, rateOnLine: 3 },
    ]);
    expect(figures.flagged).toEqual({ atMinimumPremium: 1, canolaCap: 1, discountCap: 1 });
    // 4, 8, 12 and 30 ms: the second is in 5–10 ms, the fourth in 20–50 ms.
    expect(figures.latency).toEqual({ p50: 10, p99: 50 });
    expect(figures.premiumDistribution.map((bucket) => bucket.count)).toEqual([1, 1, 1, 0, 1, 0, 0]);
    expect(figures.modelVersions).toEqual([
      {
        modelVersion: 'v1',
        firstPricedAt: '2026-11-16T23:00:00.000Z',
        lastPricedAt: '2026-11-17T02:00:00.000Z',
        runs: 2,
        averagePremium: 1_750,
        rateOnLine: 1.4,
        previousVersion: null,
        previousRateOnLine: null,
      },
      {
        modelVersion: 'v2',
        firstPricedAt: '2026-11-18T05:00:00.000Z',
        lastPricedAt: '2026-11-18T07:00:00.000Z',
        runs: 2,
        averagePremium: 7_000,
        rateOnLine: 2.8,
        previousVersion: 'v1',
        previousRateOnLine: 1.4,
      },
    ]);
  });
});

describe('pricingRunOutcome', () => {
  const context = { quoteDate: '2026-11-20', priorMemberSeasons: 0, referrerCodeIsValid: false };
  const price = (body: object) => calculatePremium(pricingCalculateRequestSchema.parse(body), DEFAULT_PRICING_MODEL, context);

  it('splits the premium over the crops by their gross premium and finds the rate on line', () => {
    const result = price({
      coverageType: 'hail',
      zone: 'EWB',
      cropAllocations: [
        { type: 'wheat', hectares: 400, expectedYield: 2.5, pricePerTonne: 340, hurdlePercentage: 0 },
        { type: 'barley', hectares: 100, expectedYield: 2, pricePerTonne: 300, hurdlePercentage: 0 },
      ],
    });
    const outcome = pricingRunOutcome(result, DEFAULT_PRICING_MODEL);
    expect(outcome.insuredValue).toBe(400 * 2.5 * 340 + 100 * 2 * 300);
    expect(outcome.crops.map((crop) => crop.cropType)).toEqual(['wheat', 'barley']);
    expect(outcome.crops.reduce((total, crop) => total + crop.premium, 0)).toBeCloseTo(result.premium, 1);
    expect(outcome.rateOnLine).toBe(Math.round((result.premium / outcome.insuredValue) * 1_000_000) / 10_000);
    expect(outcome).toMatchObject({ zoneCode: 'EWB', coverageType: 'hail', atMinimumPremium: false, canolaCapApplied: false, discountCapApplied: false, modelVersion: DEFAULT_PRICING_MODEL.version });
  });

  it('flags a premium lifted to the minimum premium', () => {
    const result = price({ coverageType: 'fire', zone: 'EWB', cropAllocations: [{ type: 'wheat', hectares: 1, expectedYield: 1, pricePerTonne: 100, hurdlePercentage: 0 }] });
    expect(result.premium).toBe(DEFAULT_PRICING_MODEL.minimumPremium);
    expect(pricingRunOutcome(result, DEFAULT_PRICING_MODEL).atMinimumPremium).toBe(true);
  });

  it('flags the discount cap when the dynamic rates granted add up to more than the model allows', () => {
    const result = price({ coverageType: 'hail', zone: 'EWB', cropAllocations: [{ type: 'wheat', hectares: 400, expectedYield: 2.5, pricePerTonne: 340, hurdlePercentage: 0 }] });
    const granted = { id: 'x', name: 'x', kind: 'volume' as const, amount: 1, description: 'x' };
    const capped = {
      ...result,
      appliedDynamicDiscounts: [
        { ...granted, rate: 0.08 },
        { ...granted, kind: 'referrer' as const, rate: 0.06 },
      ],
    };
    expect(pricingRunOutcome(capped, { minimumPremium: 0, maxTotalDiscountRate: 0.12 }).discountCapApplied).toBe(true);
    expect(pricingRunOutcome(capped, { minimumPremium: 0, maxTotalDiscountRate: 0.14 }).discountCapApplied).toBe(false);
  });
});
