import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calculatorSettingsResponseSchema } from '@shared/contracts/calculator-settings';
import { cropConfigsResponseSchema, hurdleOptionsResponseSchema } from '@shared/contracts/protection';
import { DEFAULT_INSURABLE_CROPS } from '@shared/constants';
import { DEFAULT_PRICING_MODEL } from '@shared/domain/pricing/default-model';
import { createTestUser, signedInAgent, type TestAgent } from '../../testing/accounts';
import { createApplication } from '../../testing/dashboard-fixtures';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
let admin: TestAgent;
let member: TestAgent;
let adminId: string;
let memberId: string;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_DISABLED: '1' });
  adminId = (await createTestUser(t.db, { email: 'admin@example.com', isAdmin: true })).id;
  memberId = (await createTestUser(t.db, { email: 'member@example.com' })).id;
  admin = await signedInAgent(t.app, 'admin@example.com');
  member = await signedInAgent(t.app, 'member@example.com');
});
afterAll(() => t.close());

const visitor = () => request(t.app);
const publicGet = async (path: string) => (await visitor().get(path)).body as unknown;
const tinyQuote = { coverageType: 'fire', zone: 'EWB', cropAllocations: [{ type: 'wheat', hectares: 1, expectedYield: 1, pricePerTonne: 100, hurdlePercentage: 0 }] };
const price = async (body: object = tinyQuote) =>
  (await visitor().post('/api/pricing/calculate').set('Host', '127.0.0.1').set('Origin', 'http://127.0.0.1').send(body)).body as {
    premium: number;
    modelVersion: string;
    areaLimitIssues: Array<{ code: string }>;
  };
const lastAudit = async () => (await t.db.auditLog.findMany({ where: { actorId: adminId, action: 'calculator_settings_changed' }, orderBy: { createdAt: 'asc' } })).at(-1);
const settings = async () => calculatorSettingsResponseSchema.parse((await admin.get('/api/admin/calculator-settings')).body);

describe('GET /api/admin/calculator-settings', () => {
  it('answers the seeded figures: the docs/behaviour.md §5 hurdle table, the crops and their varieties, the minimum premium and the canola cap', async () => {
    const body = await settings();
    expect(body.problem).toBeNull();
    expect(body.hurdleConfigs.map(({ cropType, minimumHurdlePercentage, defaultHurdlePercentage }) => [cropType, minimumHurdlePercentage, defaultHurdlePercentage])).toEqual([
      ['barley', 0, 5],
      ['canola', 10, 15],
      ['field peas', 10, 15],
      ['lupins', 10, 15],
      ['oats', 0, 10],
      ['triticale', 0, 5],
      ['wheat', 0, 5],
    ]);
    expect(body.hurdleOptions.map((option) => option.percentage)).toEqual([0, 5, 10, 15, 20]);
    expect(body.crops.find((crop) => crop.name === 'wheat')?.varieties.map((variety) => variety.name)).toEqual(['Premium', 'Standard']);
    expect(body.minimumPremium).toBe(DEFAULT_PRICING_MODEL.minimumPremium);
    expect(body.canolaCap).toMatchObject({ cropType: 'canola', isActive: true });
  });

  it('is refused to visitors (401) and members (403), changes too', async () => {
    expect((await visitor().get('/api/admin/calculator-settings')).status).toBe(401);
    expect((await member.get('/api/admin/calculator-settings')).status).toBe(403);
    expect((await member.put('/api/admin/calculator-settings/figures').send({ minimumPremium: 1, canolaCap: { maxValuePerHectare: null, maxShareOfInsuredValue: null, isActive: false } })).status).toBe(403);
  });
});

describe('a crop’s hurdle config', () => {
  it('changes the default hurdle GET /api/hurdles and /api/crop-configs answer at once, under a new model version, audited', async () => {
    const before = await price();
    const response = await admin.put('/api/admin/calculator-settings/hurdle-configs/canola').send({ minimumHurdlePercentage: 10, defaultHurdlePercentage: 20, isActive: true });
    expect(response.status).toBe(200);
    const body = calculatorSettingsResponseSchema.parse(response.body);
    expect(body.hurdleConfigs.find((config) => config.cropType === 'canola')).toMatchObject({ minimumHurdlePercentage: 10, defaultHurdlePercentage: 20 });
    const hurdles = hurdleOptionsResponseSchema.parse(await publicGet('/api/hurdles?crop_type=canola'));
    expect(hurdles.map((option) => [option.percentage, option.isDefault])).toEqual([
      [10, false],
      [15, false],
      [20, true],
    ]);
    const configs = cropConfigsResponseSchema.parse(await publicGet('/api/crop-configs'));
    expect(configs.hurdleConfigs.find((config) => config.cropType === 'canola')?.defaultHurdlePercentage).toBe(20);
    const after = await price();
    expect(after.modelVersion).toBe(body.version);
    expect(after.modelVersion).not.toBe(before.modelVersion);
    expect((await lastAudit())?.details).toMatchObject({
      change: 'hurdleConfig',
      target: { cropType: 'canola' },
      before: { defaultHurdlePercentage: 15 },
      after: { defaultHurdlePercentage: 20 },
      previousVersion: before.modelVersion,
      version: body.version,
    });
  });

  it('refuses a default below the minimum, or one that is not an active hurdle option, and changes nothing', async () => {
    const below = await admin.put('/api/admin/calculator-settings/hurdle-configs/wheat').send({ minimumHurdlePercentage: 10, defaultHurdlePercentage: 5, isActive: true });
    expect(below.status).toBe(400);
    expect(below.body.issues).toEqual([{ path: 'defaultHurdlePercentage', message: 'The default hurdle must not be below the minimum hurdle' }]);
    const notOffered = await admin.put('/api/admin/calculator-settings/hurdle-configs/wheat').send({ minimumHurdlePercentage: 0, defaultHurdlePercentage: 7, isActive: true });
    expect(notOffered.status).toBe(400);
    expect(notOffered.body.message).toBe('The default hurdle of wheat (7%) must be one of the active hurdle options: 0%, 5%, 10%, 15%, 20%.');
    expect((await settings()).hurdleConfigs.find((config) => config.cropType === 'wheat')?.defaultHurdlePercentage).toBe(5);
  });

  it('answers 404 for a crop that is not insurable', async () => {
    const response = await admin.put('/api/admin/calculator-settings/hurdle-configs/cotton').send({ minimumHurdlePercentage: 0, defaultHurdlePercentage: 5, isActive: true });
    expect(response.status).toBe(404);
    expect(response.body.message).toBe('There is no insurable crop called cotton.');
  });
});

describe('hurdle options', () => {
  it('changes a multiplier for the next quote, and refuses switching off a hurdle a crop defaults to', async () => {
    const wheatAt10 = { ...tinyQuote, coverageType: 'hail', cropAllocations: [{ type: 'wheat', hectares: 500, expectedYield: 2.5, pricePerTonne: 340, hurdlePercentage: 10 }] };
    const before = await price(wheatAt10);
    const multiplier = (percentage: number) => DEFAULT_PRICING_MODEL.hurdleOptions.find((item) => item.percentage === percentage)!.impactMultiplier;
    // As low as the 15% hurdle's: a higher hurdle may cost the same, never more.
    const changed = await admin.put('/api/admin/calculator-settings/hurdle-options/10').send({ impactMultiplier: multiplier(15), description: '10% hurdle', isActive: true });
    expect(changed.status).toBe(200);
    const after = await price(wheatAt10);
    expect(after.premium).toBeCloseTo((before.premium * multiplier(15)) / multiplier(10), 1);

    const inUse = await admin.put('/api/admin/calculator-settings/hurdle-options/15').send({ impactMultiplier: 0.8, description: '15% hurdle', isActive: false });
    expect(inUse.status).toBe(400);
    expect(inUse.body.message).toMatch(/^The (minimum|default) hurdle of .+ \(15%\) must be one of the active hurdle options: 0%, 5%, 10%, 20%\.$/);
  });

  it('adds a new hurdle option, and refuses one that already exists', async () => {
    const added = await admin.post('/api/admin/calculator-settings/hurdle-options').send({ percentage: 25, impactMultiplier: 0.5, description: '25% hurdle' });
    expect(added.status).toBe(201);
    expect(hurdleOptionsResponseSchema.parse(await publicGet('/api/hurdles')).map((option) => option.percentage)).toEqual([0, 5, 10, 15, 20, 25]);
    const again = await admin.post('/api/admin/calculator-settings/hurdle-options').send({ percentage: 25, impactMultiplier: 0.5, description: '25% hurdle' });
    expect(again.status).toBe(409);
  });
});

describe('the insurable crops and their varieties', () => {
  it('adds a variety GET /api/admin/crops/{cropType}/varieties lists at once, and hides one switched off', async () => {
    expect((await admin.post('/api/admin/calculator-settings/crops/barley/varieties').send({ name: 'Malting' })).status).toBe(201);
    expect(await publicGet('/api/admin/crops/barley/varieties')).toEqual(['Malting', 'Premium', 'Standard']);
    expect((await admin.put('/api/admin/calculator-settings/crops/barley/varieties/Premium').send({ isActive: false })).status).toBe(200);
    expect(await publicGet('/api/admin/crops/barley/varieties')).toEqual(['Malting', 'Standard']);
    expect((await admin.post('/api/admin/calculator-settings/crops/barley/varieties').send({ name: 'malting' })).status).toBe(409);
  });

  it('takes a crop off GET /api/insurable-crops and reorders the list', async () => {
    const crops = (await settings()).crops;
    expect((await admin.put('/api/admin/calculator-settings/crops/rye').send({ isActive: false, sortOrder: crops.find((crop) => crop.name === 'rye')!.sortOrder })).status).toBe(200);
    expect(await publicGet('/api/insurable-crops')).not.toContain('rye');
    expect((await admin.put('/api/admin/calculator-settings/crops/triticale').send({ isActive: true, sortOrder: 0 })).status).toBe(200);
    expect(((await publicGet('/api/insurable-crops')) as string[]).slice(0, 2)).toEqual(['triticale', 'wheat']);
  });
});

describe('adding a crop', () => {
  const fabaBeans = { name: 'Faba Beans', hailFactor: 1.2, fireFactor: 1.1, minimumHurdlePercentage: 5, defaultHurdlePercentage: 10, varieties: ['PBA Samira', 'Fiesta'] };
  const offered = (body: { hurdleOptions: Array<{ percentage: number; isActive: boolean }> }) => body.hurdleOptions.filter((option) => option.isActive).map((option) => option.percentage);
  const hailQuote = (type: string) => ({ coverageType: 'hail', zone: 'EWB', cropAllocations: [{ type, hectares: 500, expectedYield: 2.5, pricePerTonne: 340, hurdlePercentage: 10 }] });

  it('lists the crop in the three reference endpoints and prices it under a new model version at once, audited', async () => {
    const before = await price();
    const unknown = await visitor().post('/api/pricing/calculate').set('Host', '127.0.0.1').set('Origin', 'http://127.0.0.1').send(hailQuote('faba beans'));
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/^Crop allocation 1: we do not offer protection for 'faba beans'/);
    const response = await admin.post('/api/admin/calculator-settings/crops').send(fabaBeans);
    expect(response.status).toBe(201);
    const body = calculatorSettingsResponseSchema.parse(response.body);
    expect(body.crops.at(-1)).toEqual({
      name: 'faba beans',
      isActive: true,
      sortOrder: DEFAULT_INSURABLE_CROPS.length,
      varieties: [
        { name: 'Fiesta', isActive: true },
        { name: 'PBA Samira', isActive: true },
      ],
    });

    expect(((await publicGet('/api/insurable-crops')) as string[]).at(-1)).toBe('faba beans');
    const configs = cropConfigsResponseSchema.parse(await publicGet('/api/crop-configs'));
    expect(configs.hurdleConfigs.find((config) => config.cropType === 'faba beans')).toMatchObject({ minimumHurdlePercentage: 5, defaultHurdlePercentage: 10, isActive: true });
    const hurdles = hurdleOptionsResponseSchema.parse(await publicGet('/api/hurdles?crop_type=faba%20beans'));
    // The seeded options from 5% up (and the 25% one, when the hurdle option tests above ran first).
    expect(hurdles.map((option) => [option.percentage, option.isDefault])).toEqual(
      offered(body)
        .filter((percentage) => percentage >= 5)
        .map((percentage) => [percentage, percentage === 10]),
    );
    expect(hurdles.slice(0, 4).map((option) => option.percentage)).toEqual([5, 10, 15, 20]);
    expect(await publicGet('/api/admin/crops/faba%20beans/varieties')).toEqual(['Fiesta', 'PBA Samira']);

    // The same paddock of wheat (hail factor 1) and of faba beans (1.2): the hail premium is 1.2 times as much.
    const wheat = await price(hailQuote('wheat'));
    const faba = (await visitor().post('/api/pricing/calculate').set('Host', '127.0.0.1').set('Origin', 'http://127.0.0.1').send(hailQuote('faba beans'))).body as {
      premium: number;
      modelVersion: string;
      breakdown: Array<{ cropType: string; cropFactor: number }>;
    };
    expect(faba.breakdown.map((row) => [row.cropType, row.cropFactor])).toEqual([['faba beans', 1.2]]);
    expect(faba.premium).toBeCloseTo(wheat.premium * 1.2, 1);
    expect(faba.modelVersion).toBe(body.version);
    expect(faba.modelVersion).not.toBe(before.modelVersion);

    expect((await lastAudit())?.details).toEqual({
      change: 'cropAdded',
      target: { cropType: 'faba beans' },
      before: null,
      after: { sortOrder: DEFAULT_INSURABLE_CROPS.length, hailFactor: 1.2, fireFactor: 1.1, minimumHurdlePercentage: 5, defaultHurdlePercentage: 10, varieties: ['PBA Samira', 'Fiesta'] },
      previousVersion: before.modelVersion,
      version: body.version,
    });
  });

  it('refuses a crop that is already insurable (409) and hurdles or factors the calculator could not use (400), and writes nothing', async () => {
    const { version } = await settings();
    const wheat = await admin.post('/api/admin/calculator-settings/crops').send({ ...fabaBeans, name: ' WHEAT ' });
    expect(wheat.status).toBe(409);
    expect(wheat.body.message).toBe('There is already a crop called wheat; change that one instead.');
    expect((await admin.post('/api/admin/calculator-settings/crops').send(fabaBeans)).status).toBe(409);

    const vetch = { ...fabaBeans, name: 'vetch', varieties: [] };
    const below = await admin.post('/api/admin/calculator-settings/crops').send({ ...vetch, minimumHurdlePercentage: 10, defaultHurdlePercentage: 5 });
    expect(below.status).toBe(400);
    expect(below.body.issues).toEqual([{ path: 'defaultHurdlePercentage', message: 'The default hurdle must not be below the minimum hurdle' }]);
    const notOffered = await admin.post('/api/admin/calculator-settings/crops').send({ ...vetch, defaultHurdlePercentage: 12 });
    expect(notOffered.status).toBe(400);
    expect(notOffered.body.message).toBe(
      `The default hurdle of vetch (12%) must be one of the active hurdle options: ${offered(await settings())
        .map((percentage) => `${percentage}%`)
        .join(', ')}.`,
    );
    const steepFactor = await admin.post('/api/admin/calculator-settings/crops').send({ ...vetch, hailFactor: 9 });
    expect(steepFactor.status).toBe(400);
    expect(steepFactor.body.message).toBe('Hail factor must be at most 4');
    const badName = await admin.post('/api/admin/calculator-settings/crops').send({ ...vetch, name: 'vetch/oats' });
    expect(badName.status).toBe(400);

    const after = await settings();
    expect(after.version).toBe(version);
    expect(after.crops.map((crop) => crop.name)).not.toContain('vetch');
    expect(await t.db.cropRateFactor.count({ where: { cropType: 'vetch' } })).toBe(0);
    expect(await t.db.cropHurdleConfig.count({ where: { cropType: 'vetch' } })).toBe(0);
  });

  it('is refused to members (403)', async () => {
    expect((await member.post('/api/admin/calculator-settings/crops').send({ ...fabaBeans, name: 'vetch' })).status).toBe(403);
  });
});

describe('area limits and discount factors', () => {
  it('flags a quote under a new area limit, and refuses a minimum above the maximum with the model’s sentence', async () => {
    const issuesBefore = (await price()).areaLimitIssues.length;
    const added = await admin.post('/api/admin/calculator-settings/area-limits').send({ name: 'Smallest paddock', scope: 'allocation', cropType: null, minHectares: 5, maxHectares: null, isActive: true });
    expect(added.status).toBe(201);
    expect(calculatorSettingsResponseSchema.parse(added.body).areaLimits.find((limit) => limit.id === 'smallest-paddock')).toMatchObject({ minHectares: 5 });
    expect((await price()).areaLimitIssues).toHaveLength(issuesBefore + 1);
    expect((await price()).areaLimitIssues.at(-1)?.code).toBe('AREA_BELOW_MINIMUM');
    const inverted = await admin
      .put('/api/admin/calculator-settings/area-limits/smallest-paddock')
      .send({ name: 'Smallest paddock', scope: 'allocation', cropType: null, minHectares: 50, maxHectares: 10, isActive: true });
    expect(inverted.status).toBe(400);
    expect(inverted.body.message).toBe('Minimum hectares must not be more than maximum hectares');
    expect(
      (await admin.put('/api/admin/calculator-settings/area-limits/smallest-paddock').send({ name: 'Smallest paddock', scope: 'allocation', cropType: null, minHectares: 5, maxHectares: null, isActive: false }))
        .status,
    ).toBe(200);
    expect((await price()).areaLimitIssues).toHaveLength(issuesBefore);
  });

  it('changes a discount factor GET /api/pricing/discount-factors answers, and refuses more than 50%', async () => {
    const factor = DEFAULT_PRICING_MODEL.discountFactors[0]!;
    expect((await admin.put(`/api/admin/calculator-settings/discount-factors/${factor.id}`).send({ name: factor.name, value: 0.07, isActive: true })).status).toBe(200);
    expect((await publicGet('/api/pricing/discount-factors')) as Array<{ id: string; value: number }>).toContainEqual(expect.objectContaining({ id: factor.id, value: 0.07 }));
    const tooMuch = await admin.put(`/api/admin/calculator-settings/discount-factors/${factor.id}`).send({ name: factor.name, value: 0.9, isActive: true });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.message).toBe('Discount factor value must be at most 0.5 (50%); 0.05 means 5%');
  });
});

describe('the minimum premium', () => {
  it('applies to the next quote at once and leaves a submitted application’s price as it was', async () => {
    const application = await createApplication(t.db, memberId, { premium: 4000 });
    const { cropType: _cropType, ...canolaCap } = (await settings()).canolaCap;
    const response = await admin.put('/api/admin/calculator-settings/figures').send({ minimumPremium: 6500, canolaCap });
    expect(response.status).toBe(200);
    expect((await price()).premium).toBe(6500);
    const stored = await member.get(`/api/protection/${application.id}`);
    expect(stored.status).toBe(200);
    expect(JSON.stringify(stored.body)).toContain('"premium":4000');
    expect(await t.db.protectionApplication.findUniqueOrThrow({ where: { id: application.id }, select: { premium: true, totalPayable: true } })).toEqual({ premium: 4000, totalPayable: 5350 });
    expect((await lastAudit())?.details).toMatchObject({ change: 'figures', before: { minimumPremium: DEFAULT_PRICING_MODEL.minimumPremium }, after: { minimumPremium: 6500 } });
  });

  it('refuses a negative minimum premium with the model’s sentence', async () => {
    const { cropType: _cropType, ...canolaCap } = (await settings()).canolaCap;
    const response = await admin.put('/api/admin/calculator-settings/figures').send({ minimumPremium: -1, canolaCap });
    expect(response.status).toBe(400);
    expect((await settings()).minimumPremium).toBe(6500);
  });
});
