import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPricingModelResponseSchema } from '@shared/contracts/admin-pricing';
import { DEFAULT_PRICING_MODEL } from '@shared/domain/pricing/default-model';
import { createTestUser, signedInAgent, type TestAgent } from '../../testing/accounts';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
let admin: TestAgent;
let member: TestAgent;
let adminId: string;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_DISABLED: '1' });
  adminId = (await createTestUser(t.db, { email: 'admin@example.com', isAdmin: true })).id;
  await createTestUser(t.db, { email: 'member@example.com' });
  admin = await signedInAgent(t.app, 'admin@example.com');
  member = await signedInAgent(t.app, 'member@example.com');
});
afterAll(() => t.close());

const quote = { coverageType: 'hail', zone: 'EWB', cropAllocations: [{ type: 'wheat', hectares: 400, expectedYield: 2.5, pricePerTonne: 340, hurdlePercentage: 0 }] };
const price = async () =>
  (await request(t.app).post('/api/pricing/calculate').set('Host', '127.0.0.1').set('Origin', 'http://127.0.0.1').send(quote)).body as { breakdown: Array<{ zoneRatePercent: number }>; modelVersion: string };
const ewb = DEFAULT_PRICING_MODEL.zones.find((zone) => zone.code === 'EWB')!;
const audits = () => t.db.auditLog.findMany({ where: { actorId: adminId, action: 'pricing_model_changed' }, orderBy: { createdAt: 'asc' } });

describe('GET /api/admin/pricing', () => {
  it('answers the stored model for administrators', async () => {
    const response = await admin.get('/api/admin/pricing');
    expect(response.status).toBe(200);
    const body = adminPricingModelResponseSchema.parse(response.body);
    expect(body.problem).toBeNull();
    expect(body.model?.zones.map((zone) => zone.code)).toContain('EWB');
  });

  it('is refused to visitors (401) and members (403)', async () => {
    expect((await request(t.app).get('/api/admin/pricing')).status).toBe(401);
    expect((await member.get('/api/admin/pricing')).status).toBe(403);
    expect((await member.put('/api/admin/pricing/zones/EWB').send({ hailRate: 2, fireRate: 1.4, bothRate: 3 })).status).toBe(403);
  });
});

describe('PUT /api/admin/pricing/zones/:code', () => {
  it('changes the rates at once for POST /api/pricing/calculate, under a new version, and audits it', async () => {
    const before = await price();
    expect(before.breakdown[0]?.zoneRatePercent).toBe(ewb.hailRate);
    const response = await admin.put('/api/admin/pricing/zones/EWB').send({ hailRate: 1.6, fireRate: ewb.fireRate, bothRate: 2.6 });
    expect(response.status).toBe(200);
    const body = adminPricingModelResponseSchema.parse(response.body);
    expect(body.model?.zones.find((zone) => zone.code === 'EWB')).toMatchObject({ hailRate: 1.6, bothRate: 2.6 });
    const after = await price();
    expect(after.breakdown[0]?.zoneRatePercent).toBe(1.6);
    expect(after.modelVersion).toBe(body.model?.version);
    expect(after.modelVersion).not.toBe(before.modelVersion);
    const entry = (await audits()).at(-1);
    expect(entry?.details).toMatchObject({ change: 'zoneRates', target: { code: 'EWB', hailRate: 1.6 }, before: { hailRate: ewb.hailRate }, after: { hailRate: 1.6 }, version: after.modelVersion });
  });

  it('refuses a package rate not below hail plus fire with the schema’s message and changes nothing', async () => {
    const count = (await audits()).length;
    const response = await admin.put('/api/admin/pricing/zones/EWB').send({ hailRate: 1.35, fireRate: 1.4, bothRate: 9 });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error: 'pricing_model_invalid', message: 'Zone EWB: the hail and fire package rate (9%) must be lower than hail (1.35%) plus fire (1.4%) bought apart (2.75%)' });
    expect((await price()).breakdown[0]?.zoneRatePercent).toBe(1.6);
    expect(await audits()).toHaveLength(count);
  });

  it('answers 400 for a rate that is not a number and 404 for an unknown zone', async () => {
    const wrong = await admin.put('/api/admin/pricing/zones/EWB').send({ hailRate: 'lots', fireRate: 1.4, bothRate: 2.5 });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toMatch(/Hail rate must be a number/);
    expect((await admin.put('/api/admin/pricing/zones/NOPE').send({ hailRate: 1, fireRate: 1, bothRate: 1.5 })).status).toBe(404);
  });
});

describe('crop factors and the discount cap', () => {
  it('changes a crop factor, refusing one out of range', async () => {
    const ok = await admin.put('/api/admin/pricing/crop-factors/wheat').send({ hailFactor: 1.1, fireFactor: 1 });
    expect(ok.status).toBe(200);
    expect(ok.body.model.cropFactors.find((factor: { cropType: string }) => factor.cropType === 'wheat')).toMatchObject({ hailFactor: 1.1 });
    expect((await price()).breakdown[0]).toMatchObject({ cropFactor: 1.1 });
    const bad = await admin.put('/api/admin/pricing/crop-factors/wheat').send({ hailFactor: 0.1, fireFactor: 1 });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Hail factor must be at least 0.25');
  });

  it('changes the discount cap, refusing one above 50% and the figures that are calculator settings', async () => {
    const ok = await admin.put('/api/admin/pricing/settings').send({ maxTotalDiscountRate: 0.1 });
    expect(ok.status).toBe(200);
    expect(ok.body.model).toMatchObject({ maxTotalDiscountRate: 0.1 });
    expect((await admin.put('/api/admin/pricing/settings').send({ maxTotalDiscountRate: 0.9 })).status).toBe(400);
    expect((await admin.put('/api/admin/pricing/settings').send({ maxTotalDiscountRate: 0.1, minimumPremium: 180 })).status).toBe(400);
    expect((await audits()).map((entry) => (entry.details as { change: string }).change)).toEqual(['zoneRates', 'cropFactor', 'settings']);
  });
});
