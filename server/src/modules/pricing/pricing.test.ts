import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_HURDLE_OPTIONS } from '@shared/constants';
import type { PricingCalculateRequestInput } from '@shared/contracts/pricing';
import { COVERAGE_TYPE_REQUIRED_MESSAGE, NO_VALID_CROP_SECTIONS_MESSAGE, pricingCalculateResponseSchema, RISK_ZONE_REQUIRED_MESSAGE } from '@shared/contracts/pricing';
import { agricultureZoneListSchema, cropConfigsResponseSchema, hurdleOptionsResponseSchema, OUTSIDE_GRAIN_BELT_MESSAGE } from '@shared/contracts/protection';
import { DEFAULT_PRICING_MODEL } from '@shared/domain/pricing/default-model';
import { calculatePremium } from '@shared/domain/pricing/engine';
import { waCalendarDate } from '@shared/domain/pricing/quote-pricing';
import { seedReferenceData } from '../../seed';
import { createTestUser, signedInAgent } from '../../testing/accounts';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { refuseWritesOf } from '../../testing/refuse-writes';
import { loadPricingSnapshot, pricingModelCache } from './pricing-model.repository';
import { ensureSeason } from '../../testing/dashboard-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const origin = () => ({ Origin: 'http://127.0.0.1' });
const post = (path: string, body: unknown) =>
  request(t.app)
    .post(path)
    .set('Host', '127.0.0.1')
    .set(origin())
    .send(body as object);

const example1: PricingCalculateRequestInput = {
  coverageType: 'hail',
  zone: 'CWB',
  cropAllocations: [
    { type: 'wheat', hectares: 400, expectedYield: 2.5, pricePerTonne: 340, hurdlePercentage: 5 },
    { type: 'canola', hectares: 150, expectedYield: 1.4, pricePerTonne: 720, hurdlePercentage: 15 },
  ],
  coveragePreferences: { irrigation: false, hailNetting: false, frostPrevention: false },
};

describe('agriculture zones', () => {
  it('lists the seeded zones with code, name, risk level, rates and outline', async () => {
    const response = await request(t.app).get('/api/agriculture-zones');
    expect(response.status).toBe(200);
    const zones = agricultureZoneListSchema.parse(response.body);
    expect(zones.map((zone) => zone.code)).toEqual(['NAR', 'NEW', 'CWB', 'EWB', 'GSR', 'LKS', 'SCE']);
    expect(zones.find((zone) => zone.code === 'LKS')).toMatchObject({ riskLevel: 'high', hailRate: 1.8, fireRate: 0.95, bothRate: 2.5 });
  });

  it.each([
    ['Merredin', -31.48, 118.28, 'EWB'],
    ['Esperance', -33.86, 121.89, 'SCE'],
    ['Geraldton', -28.78, 114.61, 'NAR'],
    ['Katanning', -33.69, 117.56, 'GSR'],
    ['Northam', -31.65, 116.67, 'CWB'],
    ['Lake Grace', -33.1, 118.46, 'LKS'],
    ['Dalwallinu', -30.28, 116.66, 'NEW'],
  ])('finds the zone of %s', async (_town, lat, lng, code) => {
    const response = await request(t.app).get('/api/agriculture-zones/lookup').query({ lat, lng });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ code });
  });

  it.each([
    ['the Indian Ocean off Perth', -32.0, 113.0],
    ['Perth, west of the Darling Range', -31.95, 115.86],
    ['Kalgoorlie, east of the grain belt', -30.75, 121.47],
  ])('answers 404 with a clear message for %s', async (_place, lat, lng) => {
    const response = await request(t.app).get('/api/agriculture-zones/lookup').query({ lat, lng });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: 'outside_grain_belt', message: OUTSIDE_GRAIN_BELT_MESSAGE });
  });

  it.each([
    [{}, 'lat: Latitude (lat) is required'],
    [{ lat: 'abc', lng: '118' }, 'lat: Latitude (lat) must be a number in decimal degrees'],
    [{ lat: '-95', lng: '118' }, 'lat: Latitude (lat) must be between -90 and 90'],
    [{ lat: '-31', lng: '181' }, 'lng: Longitude (lng) must be between -180 and 180'],
  ])('answers 400 for bad coordinates %j', async (query, message) => {
    const response = await request(t.app).get('/api/agriculture-zones/lookup').query(query);
    expect(response.status).toBe(400);
    expect(response.body.message).toContain(message);
  });
});

describe('crop data', () => {
  it('answers the active hurdle configs and area limits', async () => {
    await t.db.cropHurdleConfig.update({ where: { cropType: 'triticale' }, data: { isActive: false } });
    pricingModelCache(t.db).invalidate();
    const response = await request(t.app).get('/api/crop-configs');
    expect(response.status).toBe(200);
    const body = cropConfigsResponseSchema.parse(response.body);
    expect(body.hurdleConfigs.map((config) => config.cropType)).toEqual(['barley', 'canola', 'field peas', 'lupins', 'oats', 'wheat']);
    expect(body.hurdleConfigs.find((config) => config.cropType === 'canola')).toMatchObject({ minimumHurdlePercentage: 10, defaultHurdlePercentage: 15 });
    expect(body.areaLimits.map((limit) => limit.id)).toEqual(['area-allocation', 'area-quote']);
    await t.db.cropHurdleConfig.update({ where: { cropType: 'triticale' }, data: { isActive: true } });
    pricingModelCache(t.db).invalidate();
  });

  it('answers the insurable crop names', async () => {
    const response = await request(t.app).get('/api/insurable-crops');
    expect(response.body).toEqual(['wheat', 'barley', 'canola', 'lupins', 'oats', 'field peas', 'triticale', 'rye', 'chickpeas']);
  });

  it('answers the active discount factors', async () => {
    const response = await request(t.app).get('/api/pricing/discount-factors');
    expect(response.status).toBe(200);
    expect(response.body).toEqual([
      { id: 'factor-hail-netting', name: 'Hail netting', kind: 'hailNetting', peril: 'hail', value: 0.1, isActive: true },
      { id: 'factor-irrigation', name: 'Irrigated paddocks', kind: 'irrigation', peril: 'fire', value: 0.05, isActive: true },
    ]);
  });

  it('offers every hurdle without a crop, and none below a crop’s minimum with its default marked', async () => {
    const all = hurdleOptionsResponseSchema.parse((await request(t.app).get('/api/hurdles')).body);
    expect(all.map((option) => [option.percentage, option.impactMultiplier])).toEqual([
      [0, 1],
      [5, 0.95],
      [10, 0.89],
      [15, 0.84],
      [20, 0.78],
    ]);
    const canola = hurdleOptionsResponseSchema.parse((await request(t.app).get('/api/hurdles').query({ crop_type: 'canola', product_type: 'hail' })).body);
    expect(canola.map((option) => option.percentage)).toEqual([10, 15, 20]);
    expect(canola.filter((option) => option.isDefault).map((option) => option.percentage)).toEqual([15]);
    const wheat = hurdleOptionsResponseSchema.parse((await request(t.app).get('/api/hurdles').query({ crop_type: 'Wheat' })).body);
    expect(wheat.map((option) => option.percentage)).toEqual([0, 5, 10, 15, 20]);
  });

  it('answers 404 for an unknown crop and 400 for an unknown product type', async () => {
    const crop = await request(t.app).get('/api/hurdles').query({ crop_type: 'sorghum' });
    expect(crop.status).toBe(404);
    expect(crop.body.message).toBe("We do not offer protection for 'sorghum'. Choose one of: wheat, barley, canola, lupins, oats, field peas, triticale, rye, chickpeas.");
    const product = await request(t.app).get('/api/hurdles').query({ product_type: 'frost' });
    expect(product.status).toBe(400);
    expect(product.body.message).toBe("product_type: product_type must be 'hail', 'fire' or 'both'");
  });

  it('answers a crop’s varieties to anyone, and 404 for an unknown crop', async () => {
    const response = await request(t.app).get('/api/admin/crops/field%20peas/varieties');
    expect(response.status).toBe(200);
    expect(response.body).toEqual(['Premium', 'Standard']);
    expect((await request(t.app).get('/api/admin/crops/sorghum/varieties')).status).toBe(404);
  });
});

describe('POST /api/pricing/calculate', () => {
  it('answers the engine’s figures for the seeded model (golden: docs/pricing.md example 1)', async () => {
    const response = await post('/api/pricing/calculate', example1);
    expect(response.status).toBe(200);
    const body = pricingCalculateResponseSchema.parse(response.body);
    const today = waCalendarDate(new Date());
    const { model } = await loadPricingSnapshot(t.db);
    const expected = calculatePremium(example1, model, { quoteDate: today, priorMemberSeasons: 0, referrerCodeIsValid: false });
    expect(body).toEqual(expected);
    expect(body.insuredValue).toBe(491_200);
    expect(body.grossPremium).toBe(5_857.32);
    expect(body.modelVersion).toBe(DEFAULT_PRICING_MODEL.version);
  });

  it('prices a 50-paddock quote with every docs/behaviour.md §7 response field', async () => {
    const cropAllocations = Array.from({ length: 50 }, (_, index) => ({
      type: ['wheat', 'barley', 'canola', 'lupins', 'oats'][index % 5] ?? 'wheat',
      hectares: 80 + index,
      expectedYield: 2.1,
      pricePerTonne: 330,
      hurdlePercentage: index % 5 === 2 || index % 5 === 3 ? 15 : 5,
    }));
    const response = await post('/api/pricing/calculate', { coverageType: 'both', zone: 'EWB', cropAllocations });
    expect(response.status).toBe(200);
    for (const key of ['premium', 'insuredValue', 'totalDiscountAmount', 'appliedDynamicDiscounts', 'canolaCapInfo', 'canolaValidationIssues']) {
      expect(response.body).toHaveProperty(key);
    }
    expect(response.body.breakdown).toHaveLength(50);
  });

  it.each([
    ['no coverage type', { ...example1, coverageType: undefined }, 'COVERAGE_TYPE_REQUIRED', COVERAGE_TYPE_REQUIRED_MESSAGE],
    ['an empty coverage type', { ...example1, coverageType: '' }, 'COVERAGE_TYPE_REQUIRED', COVERAGE_TYPE_REQUIRED_MESSAGE],
    ['no crop allocations', { ...example1, cropAllocations: [] }, 'NO_VALID_ALLOCATIONS', NO_VALID_CROP_SECTIONS_MESSAGE],
    ['crop allocations missing', { ...example1, cropAllocations: undefined }, 'NO_VALID_ALLOCATIONS', NO_VALID_CROP_SECTIONS_MESSAGE],
    ['no zone', { ...example1, zone: undefined }, 'ZONE_REQUIRED', RISK_ZONE_REQUIRED_MESSAGE],
    ['a blank zone', { ...example1, zone: '  ' }, 'ZONE_REQUIRED', RISK_ZONE_REQUIRED_MESSAGE],
    ['an empty body', {}, 'COVERAGE_TYPE_REQUIRED', COVERAGE_TYPE_REQUIRED_MESSAGE],
  ])('answers 400 with the exact docs/behaviour.md §8 text for %s', async (_what, body, error, message) => {
    const response = await post('/api/pricing/calculate', body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error, message });
  });

  it.each([
    ['an unknown zone', { ...example1, zone: 'XYZ' }, 'UNKNOWN_ZONE', 'XYZ'],
    ['an unknown crop', { ...example1, cropAllocations: [{ type: 'sorghum', hectares: 10, expectedYield: 2, pricePerTonne: 300, hurdlePercentage: 0 }] }, 'UNKNOWN_CROP', 'sorghum'],
    ['a hurdle not offered', { ...example1, cropAllocations: [{ type: 'wheat', hectares: 10, expectedYield: 2, pricePerTonne: 300, hurdlePercentage: 7 }] }, 'HURDLE_NOT_OFFERED', '7%'],
  ])('answers 400 naming the choices for %s', async (_what, body, error, fragment) => {
    const response = await post('/api/pricing/calculate', body);
    expect(response.status).toBe(400);
    expect(response.body.error).toBe(error);
    expect(response.body.message).toContain(fragment);
  });

  it.each([
    [{ ...example1, coverageType: 'frost' }, "coverageType: Coverage type must be 'hail', 'fire' or 'both'"],
    [{ ...example1, cropAllocations: [{ type: 'wheat', hectares: -5, expectedYield: 2, pricePerTonne: 300, hurdlePercentage: 0 }] }, 'cropAllocations.0.hectares: Hectares must be greater than 0'],
    [
      { ...example1, cropAllocations: [{ type: 'wheat', hectares: 5, expectedYield: 2, pricePerTonne: '300', hurdlePercentage: 0 }] },
      'cropAllocations.0.pricePerTonne: Price per tonne must be a number (dollars per tonne)',
    ],
    [{ ...example1, cropAllocations: [{ type: 'wheat', hectares: 5, expectedYield: 250, pricePerTonne: 300, hurdlePercentage: 0 }] }, 'check it is in t/ha, not total tonnes'],
    // 1e308 ha made the insured value infinite, and the answer a 500.
    [{ ...example1, cropAllocations: [{ type: 'wheat', hectares: 1e308, expectedYield: 2, pricePerTonne: 300, hurdlePercentage: 0 }] }, 'cropAllocations.0.hectares: A paddock can be at most 100,000 ha'],
  ])('answers 400 with an actionable message for bad input %#', async (body, message) => {
    const response = await post('/api/pricing/calculate', body);
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('validation_error');
    expect(response.body.message).toContain(message);
  });

  it('answers 400 for a body that is not JSON', async () => {
    const response = await request(t.app).post('/api/pricing/calculate').set(origin()).set('Host', '127.0.0.1').set('Content-Type', 'application/json').send('{"coverageType":');
    expect(response.status).toBe(400);
  });

  it('applies the referrer discount only for the active referrer code the member registered with', async () => {
    await createTestUser(t.db, { email: 'agronomist@example.com', referrerCode: 'GROWER42' });
    await createTestUser(t.db, { email: 'referred-grower@example.com', referredByCode: 'GROWER42' });
    const kinds = (body: { appliedDynamicDiscounts: Array<{ kind: string }> }) => body.appliedDynamicDiscounts.map((discount) => discount.kind);
    const referred = await signedInAgent(t.app, 'referred-grower@example.com');
    expect(kinds((await referred.post('/api/pricing/calculate').send(example1)).body)).toContain('referrer');
    // A visitor naming an active code gets nothing: the code has to be the member's own.
    expect(kinds((await post('/api/pricing/calculate', { ...example1, referrerCode: 'GROWER42' })).body)).not.toContain('referrer');
    await t.db.referrer.updateMany({ where: { code: 'GROWER42' }, data: { isActive: false } });
    expect(kinds((await referred.post('/api/pricing/calculate').send(example1)).body)).not.toContain('referrer');
  });

  it('gives a signed-in member with two earlier seasons the multi-year discount', async () => {
    const member = await createTestUser(t.db, { email: 'longtime@example.com' });
    const thisYear = Number(waCalendarDate(new Date()).slice(0, 4));
    for (const seasonYear of [thisYear - 2, thisYear - 1, thisYear - 1]) {
      await ensureSeason(t.db, seasonYear);
      await t.db.protectionApplication.create({
        data: {
          userId: member.id,
          coverageType: 'hail',
          zoneCode: 'CWB',
          quoteDate: `${seasonYear}-05-01`,
          seasonYear,
          modelVersion: 'seed-2025-1',
          premium: 1,
          displayedPremium: 1.1,
          totalPayable: 551.2,
          insuredValue: 100,
          coveredArea: 1,
          estimate: {},
          pricing: {},
          quoteData: {},
          acknowledgements: {},
        },
      });
    }
    const agent = await signedInAgent(t.app, 'longtime@example.com');
    const response = await agent.post('/api/pricing/calculate').send(example1);
    expect(response.status).toBe(200);
    expect(response.body.appliedDynamicDiscounts.map((discount: { kind: string }) => discount.kind)).toContain('multiYear');
    const visitor = await post('/api/pricing/calculate', example1);
    expect(visitor.body.appliedDynamicDiscounts).toEqual([]);
  });

  it('refuses a cross-site request without a CSRF token', async () => {
    const response = await request(t.app).post('/api/pricing/calculate').set('Origin', 'https://evil.example').send(example1);
    expect(response.status).toBe(403);
  });
});

describe('the pricing model in the database', () => {
  it('is seeded idempotently and leaves administrators’ edits alone', async () => {
    await t.db.agricultureZone.update({ where: { code: 'CWB' }, data: { hailRate: 1.25 } });
    await t.db.pricingSettings.update({ where: { id: 'current' }, data: { minimumPremium: 300, version: 'admin-2025-2' } });
    const before = await Promise.all([
      t.db.agricultureZone.count(),
      t.db.cropRateFactor.count(),
      t.db.dynamicDiscountRule.count(),
      t.db.hurdleOption.count(),
      t.db.areaLimit.count(),
      t.db.discountFactor.count(),
    ]);
    await seedReferenceData(t.db);
    await seedReferenceData(t.db);
    const after = await Promise.all([
      t.db.agricultureZone.count(),
      t.db.cropRateFactor.count(),
      t.db.dynamicDiscountRule.count(),
      t.db.hurdleOption.count(),
      t.db.areaLimit.count(),
      t.db.discountFactor.count(),
    ]);
    expect(after).toEqual(before);
    expect(before).toEqual([7, 9, 4, 5, 2, 2]);
    const snapshot = await loadPricingSnapshot(t.db);
    expect(snapshot.model.zones.find((zone) => zone.code === 'CWB')?.hailRate).toBe(1.25);
    expect(snapshot.model.minimumPremium).toBe(300);
    expect(snapshot.model.version).toBe('admin-2025-2');
    const byCrop = (a: { cropType: string }, b: { cropType: string }) => a.cropType.localeCompare(b.cropType);
    const comparable = (model: typeof DEFAULT_PRICING_MODEL) => ({ ...model, version: 'x', minimumPremium: 0, zones: [], cropFactors: [...model.cropFactors].sort(byCrop) });
    expect(comparable(snapshot.model)).toEqual(comparable(DEFAULT_PRICING_MODEL));
  });

  it('gives a database seeded with the fallback hurdle options the model’s multipliers, once', async () => {
    const fresh = await createTestApp();
    for (const option of DEFAULT_HURDLE_OPTIONS) await fresh.db.hurdleOption.update({ where: { percentage: option.percentage }, data: { impactMultiplier: 1 } });
    await seedReferenceData(fresh.db);
    const upgraded = await fresh.db.hurdleOption.findMany({ orderBy: { percentage: 'asc' } });
    expect(upgraded.map((row) => row.impactMultiplier)).toEqual([1, 0.95, 0.89, 0.84, 0.78]);
    await fresh.db.hurdleOption.update({ where: { percentage: 5 }, data: { impactMultiplier: 1 } });
    await seedReferenceData(fresh.db);
    expect((await fresh.db.hurdleOption.findUniqueOrThrow({ where: { percentage: 5 } })).impactMultiplier).toBe(1);
    await fresh.close();
  });

  it('gives the model’s multipliers all at once: a start that fails half-way leaves the fallback rows to upgrade next time', async () => {
    const fresh = await createTestApp();
    for (const option of DEFAULT_HURDLE_OPTIONS) await fresh.db.hurdleOption.update({ where: { percentage: option.percentage }, data: { impactMultiplier: 1 } });
    const multipliers = async () => (await fresh.db.hurdleOption.findMany({ orderBy: { percentage: 'asc' } })).map((row) => row.impactMultiplier);
    const lift = await refuseWritesOf(fresh.db, fresh.env.DATABASE_URL, 'HurdleOption', 'UPDATE', 'NEW."percentage" = 15');
    try {
      await expect(seedReferenceData(fresh.db)).rejects.toThrow();
    } finally {
      await lift();
    }
    expect(await multipliers()).toEqual([1, 1, 1, 1, 1]);
    await seedReferenceData(fresh.db);
    expect(await multipliers()).toEqual([1, 0.95, 0.89, 0.84, 0.78]);
    await fresh.close();
  });

  it('serves a change once the cache is invalidated', async () => {
    const cache = pricingModelCache(t.db);
    cache.invalidate();
    const first = await post('/api/pricing/calculate', example1);
    expect(first.body.modelVersion).toBe('admin-2025-2');
    await t.db.pricingSettings.update({ where: { id: 'current' }, data: { version: 'admin-2025-3' } });
    expect((await post('/api/pricing/calculate', example1)).body.modelVersion).toBe('admin-2025-2');
    cache.invalidate();
    expect((await post('/api/pricing/calculate', example1)).body.modelVersion).toBe('admin-2025-3');
  });

  it('answers 503 with what to fix when an administrator broke the model', async () => {
    await t.db.agricultureZone.update({ where: { code: 'EWB' }, data: { bothRate: 9 } });
    pricingModelCache(t.db).invalidate();
    const response = await post('/api/pricing/calculate', example1);
    expect(response.status).toBe(503);
    expect(response.body.error).toBe('pricing_model_invalid');
    expect(response.body.message).toContain('Zone EWB: the hail and fire package rate (9%) must be lower than hail');
    await t.db.agricultureZone.update({ where: { code: 'EWB' }, data: { bothRate: 2.45 } });
    pricingModelCache(t.db).invalidate();
  });
});
