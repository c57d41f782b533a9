import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pricingMonitorResponseSchema } from '@shared/contracts/pricing-monitor';
import { DEFAULT_PRICING_MODEL } from '@shared/domain/pricing/default-model';
import { perthCalendarDate } from '@shared/format';
import { createTestUser, signedInAgent, type TestAgent } from '../../testing/accounts';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { hourTotals, type PricingRunFigures } from '@shared/domain/pricing-monitor/pricing-runs';
import { pricingHourRecorder } from './pricing-hour-recorder';

let t: TestApp;
let admin: TestAgent;
let member: TestAgent;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_DISABLED: '1' });
  await createTestUser(t.db, { email: 'admin@example.com', isAdmin: true });
  await createTestUser(t.db, { email: 'member@example.com' });
  admin = await signedInAgent(t.app, 'admin@example.com');
  member = await signedInAgent(t.app, 'member@example.com');
});
afterAll(() => t.close());

const price = (body: object) => request(t.app).post('/api/pricing/calculate').set('Host', '127.0.0.1').set('Origin', 'http://127.0.0.1').send(body);
const monitor = async (query: string) => {
  const response = await admin.get(`/api/admin/pricing-monitor${query}`);
  expect(response.status).toBe(200);
  return pricingMonitorResponseSchema.parse(response.body);
};

const seeded = (pricedAt: string, figures: { zoneCode?: string; premium: number; insuredValue?: number; latencyMs: number; modelVersion?: string; atMinimumPremium?: boolean }): PricingRunFigures => {
  const insuredValue = figures.insuredValue ?? 100_000;
  return {
    pricedAt,
    zoneCode: figures.zoneCode ?? 'EWB',
    coverageType: 'hail',
    crops: [{ cropType: 'wheat', insuredValue, premium: figures.premium }],
    insuredValue,
    premium: figures.premium,
    rateOnLine: (figures.premium / insuredValue) * 100,
    atMinimumPremium: figures.atMinimumPremium ?? false,
    canolaCapApplied: false,
    discountCapApplied: false,
    modelVersion: figures.modelVersion ?? 'seed-1',
    latencyMs: figures.latencyMs,
  };
};

/** Stores runs as the recorder would: added up into their hours. */
async function store(runs: PricingRunFigures[]) {
  const totals = hourTotals(runs);
  const at = <Row extends { hourStart: string }>(row: Row) => ({ ...row, hourStart: new Date(row.hourStart) });
  await t.db.pricingHour.createMany({ data: totals.hours.map(at) });
  await t.db.pricingHourCrop.createMany({ data: totals.crops.map(at) });
  await t.db.pricingHourBucket.createMany({ data: totals.buckets.map(at) });
}

const storedRows = async () => (await t.db.pricingHour.count()) + (await t.db.pricingHourCrop.count()) + (await t.db.pricingHourBucket.count());

describe('recording pricing runs', () => {
  it('records each answer of POST /api/pricing/calculate with its zone, crops, flags and model version, and not a refused request', async () => {
    const wheat = { type: 'wheat', hectares: 400, expectedYield: 2.5, pricePerTonne: 340, hurdlePercentage: 0 };
    const tiny = { type: 'wheat', hectares: 1, expectedYield: 1, pricePerTonne: 100, hurdlePercentage: 0 };
    const canolaOver = { type: 'canola', hectares: 100, expectedYield: 3, pricePerTonne: 900, hurdlePercentage: 15 };
    expect((await price({ coverageType: 'hail', zone: 'EWB', cropAllocations: [wheat] })).status).toBe(200);
    expect((await price({ coverageType: 'fire', zone: 'EWB', cropAllocations: [tiny] })).status).toBe(200);
    expect((await price({ coverageType: 'both', zone: 'EWB', cropAllocations: [wheat, canolaOver] })).status).toBe(200);
    expect((await price({ coverageType: 'hail', zone: 'EWB', cropAllocations: [] })).status).toBe(400);
    await pricingHourRecorder(t.db, t.context.logger).flush();

    const hours = await t.db.pricingHour.findMany({ orderBy: { coverageType: 'asc' } });
    expect(hours.map((hour) => [hour.coverageType, hour.runs, hour.atMinimumPremium, hour.canolaCapApplied, hour.modelVersion])).toEqual([
      ['both', 1, 0, 1, DEFAULT_PRICING_MODEL.version],
      ['fire', 1, 1, 0, DEFAULT_PRICING_MODEL.version],
      ['hail', 1, 0, 0, DEFAULT_PRICING_MODEL.version],
    ]);
    expect(hours[2]?.insuredValue).toBe(340_000);
    expect(hours[1]?.premium).toBe(DEFAULT_PRICING_MODEL.minimumPremium);
    const crops = await t.db.pricingHourCrop.findMany({ where: { coverageType: 'both' } });
    expect(crops.map((crop) => crop.cropType).sort()).toEqual(['canola', 'wheat']);
    expect(await t.db.pricingHourBucket.count({ where: { measure: 'latency' } })).toBeGreaterThan(0);

    const today = perthCalendarDate(new Date());
    const figures = await monitor(`?from=${today}&to=${today}`);
    expect(figures.runs).toBe(3);
    expect(figures.daily).toEqual([{ day: today, count: 3 }]);
    expect(figures.flagged).toEqual({ atMinimumPremium: 1, canolaCap: 1, discountCap: 0 });
    expect(figures.modelVersions.map((version) => [version.modelVersion, version.runs])).toEqual([[DEFAULT_PRICING_MODEL.version, 3]]);
  });
});

describe('GET /api/admin/pricing-monitor', () => {
  beforeAll(async () => {
    await store([
      // Perth week of Monday 2 November 2026: EWB at 2%.
      seeded('2026-11-02T01:00:00Z', { premium: 2_000, latencyMs: 5 }),
      seeded('2026-11-04T01:00:00Z', { premium: 2_000, latencyMs: 15 }),
      seeded('2026-11-05T01:00:00Z', { zoneCode: 'NAG', premium: 500, atMinimumPremium: true, latencyMs: 25 }),
      // Week of 9 November: a new model version puts EWB at 3% (+50%, flagged); NAG stays.
      seeded('2026-11-09T01:00:00Z', { premium: 3_000, modelVersion: 'seed-2', latencyMs: 35 }),
      seeded('2026-11-10T01:00:00Z', { zoneCode: 'NAG', premium: 500, modelVersion: 'seed-2', atMinimumPremium: true, latencyMs: 400 }),
    ]);
  });

  it('works out the figures of seeded runs exactly', async () => {
    const figures = await monitor('?from=2026-11-02&to=2026-11-15');
    expect(figures.runs).toBe(5);
    expect(figures.daily.filter((day) => day.count > 0)).toEqual([
      { day: '2026-11-02', count: 1 },
      { day: '2026-11-04', count: 1 },
      { day: '2026-11-05', count: 1 },
      { day: '2026-11-09', count: 1 },
      { day: '2026-11-10', count: 1 },
    ]);
    expect(figures.daily).toHaveLength(14);
    expect(figures.ratesByZoneAndCrop).toEqual([
      { zoneCode: 'EWB', cropType: 'wheat', runs: 3, insuredValue: 300_000, premium: 7_000, rateOnLine: 2.3333 },
      { zoneCode: 'NAG', cropType: 'wheat', runs: 2, insuredValue: 200_000, premium: 1_000, rateOnLine: 0.5 },
    ]);
    expect(figures.premiumDistribution.map((bucket) => bucket.count)).toEqual([2, 2, 1, 0, 0, 0, 0]);
    expect(figures.flagged).toEqual({ atMinimumPremium: 2, canolaCap: 0, discountCap: 0 });
    // 5, 15, 25, 35 and 400 ms, read to their buckets' upper bounds: the third is in 20–50 ms, the fifth in 200–500 ms.
    expect(figures.latency).toEqual({ p50: 50, p99: 500 });
    expect(figures.modelVersions.map(({ modelVersion, runs, rateOnLine, previousVersion, previousRateOnLine }) => ({ modelVersion, runs, rateOnLine, previousVersion, previousRateOnLine }))).toEqual([
      { modelVersion: 'seed-1', runs: 3, rateOnLine: 1.5, previousVersion: null, previousRateOnLine: null },
      { modelVersion: 'seed-2', runs: 2, rateOnLine: 1.75, previousVersion: 'seed-1', previousRateOnLine: 1.5 },
    ]);
    expect(figures.zoneWeeks.filter((week) => week.flagged).map(({ zoneCode, weekStart, rateOnLine, previousRateOnLine }) => ({ zoneCode, weekStart, rateOnLine, previousRateOnLine }))).toEqual([
      { zoneCode: 'EWB', weekStart: '2026-11-09', rateOnLine: 3, previousRateOnLine: 2 },
    ]);
  });

  it('filters by zone', async () => {
    const figures = await monitor('?from=2026-11-02&to=2026-11-15&zone=NAG');
    expect(figures.runs).toBe(2);
    expect(figures.zoneWeeks.every((week) => !week.flagged)).toBe(true);
  });

  it('refuses a range the wrong way round or longer than 180 days with a sentence, and callers who are not administrators', async () => {
    const reversed = await admin.get('/api/admin/pricing-monitor?from=2026-11-15&to=2026-11-02');
    expect(reversed.status).toBe(400);
    expect(reversed.body.issues).toEqual([{ path: 'from', message: 'From must not be after To' }]);
    const long = await admin.get('/api/admin/pricing-monitor?from=2026-01-01&to=2026-11-02');
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('Choose at most 180 days at once.');
    expect((await member.get('/api/admin/pricing-monitor')).status).toBe(403);
    expect((await request(t.app).get('/api/admin/pricing-monitor')).status).toBe(401);
  });
});

describe('anonymous pricing cannot grow the database or flood it', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ RATE_LIMITS: 'pricingPerAccount=20/10m' });
    await createTestUser(limited.db, { email: 'busy@example.com' });
  });
  afterAll(() => limited.close());

  const body = { coverageType: 'hail', zone: 'EWB', cropAllocations: [{ type: 'wheat', hectares: 400, expectedYield: 2.5, pricePerTonne: 340, hurdlePercentage: 0 }] };

  it('answers one client address 120 estimates in ten minutes, then 429 with a sentence and Retry-After', async () => {
    const statuses: number[] = [];
    let refusal: request.Response | undefined;
    for (let index = 0; index < 300; index += 1) {
      const response = await request(limited.app).post('/api/pricing/calculate').set('Host', '127.0.0.1').set('Origin', 'http://127.0.0.1').send(body);
      statuses.push(response.status);
      if (response.status === 429) refusal ??= response;
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(120);
    expect(statuses.filter((status) => status === 429)).toHaveLength(180);
    expect(refusal?.body.message).toBe('Too many estimates were asked for from your network. Please try again in 10 minutes.');
    expect(Number(refusal?.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('limits a signed-in caller per account, apart from the visitors of the same address', async () => {
    const busy = await signedInAgent(limited.app, 'busy@example.com');
    const statuses: number[] = [];
    for (let index = 0; index < 25; index += 1) statuses.push((await busy.post('/api/pricing/calculate').send(body)).status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(20);
    const refused = await busy.post('/api/pricing/calculate').send(body);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^Too many estimates were asked for on this account\./);
  });

  it('keeps the monitor as hourly totals: 300 answers are a few rows, not 300', async () => {
    const before = await storedRows();
    for (let index = 0; index < 300; index += 1) expect((await price(body)).status).toBe(200);
    await pricingHourRecorder(t.db, t.context.logger).flush();
    const added = (await storedRows()) - before;
    // One hour (two if the run crosses the hour): its total, its crop and its premium and time buckets.
    expect(added).toBeGreaterThan(0);
    expect(added).toBeLessThanOrEqual(2 * (1 + 1 + 1 + 13));
    const hours = await t.db.pricingHour.findMany({ where: { zoneCode: 'EWB', coverageType: 'hail', modelVersion: DEFAULT_PRICING_MODEL.version } });
    expect(hours.reduce((total, hour) => total + hour.runs, 0)).toBeGreaterThanOrEqual(300);
  });
});
