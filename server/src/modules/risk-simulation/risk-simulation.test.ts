import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Polygon } from 'geojson';
import { exposureResponseSchema, eventImpactResponseSchema, runResponseSchema, runsResponseSchema, type RunDetail, type SeasonSettingsInput } from '@shared/contracts/risk-simulation';
import { zoneAt } from '@shared/domain/geo/risk-zone';
import { createTestUser, signedInAgent, type TestAgent } from '../../testing/accounts';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { refuseWritesOf } from '../../testing/refuse-writes';
import { INTERRUPTED_MESSAGE } from './runs.presenter';
import { cancelSeasonRun } from './risk-simulation.service';
import { createSeasonRunner, type SeasonRunner } from './season-runner';
import { ensureSeason } from '../../testing/dashboard-fixtures';

let t: TestApp;
let admin: TestAgent;
let member: TestAgent;
let adminId: string;
let zoneCode: string;

function box(west: number, south: number, east: number, north: number): Polygon {
  return {
    type: 'Polygon',
    coordinates: [
      [
        [west, south],
        [east, south],
        [east, north],
        [west, north],
        [west, south],
      ],
    ],
  };
}
const swath = box(118.3, -31.5, 118.33, -31.49);

interface PaddockSeed {
  name: string;
  geometry: Polygon | null;
  value: number;
  hurdle: number;
}

async function application(userId: string, status: string, coverageType: string, paddocks: PaddockSeed[]) {
  await ensureSeason(t.db, 2026);
  return t.db.protectionApplication.create({
    data: {
      userId,
      status,
      coverageType,
      zoneCode,
      quoteDate: '2026-05-01',
      seasonYear: 2026,
      modelVersion: 'test',
      premium: 1000,
      displayedPremium: 1100,
      totalPayable: 1650,
      insuredValue: paddocks.reduce((sum, paddock) => sum + paddock.value, 0),
      coveredArea: 100,
      estimate: {},
      pricing: {},
      quoteData: {},
      acknowledgements: {},
      paddocks: {
        create: paddocks.map((paddock, index) => ({
          sectionId: `s${index}`,
          name: paddock.name,
          crop: 'wheat',
          area: 90,
          priced: true,
          sortOrder: index,
          ...(paddock.geometry ? { geometry: paddock.geometry as object } : {}),
        })),
      },
      crops: {
        create: paddocks.map((paddock, index) => ({
          sectionId: `s${index}`,
          cropType: 'wheat',
          hectares: 90,
          expectedYield: 2,
          pricePerTonne: 300,
          hurdlePercentage: paddock.hurdle,
          insuredValue: paddock.value,
          grossPremium: 100,
          sortOrder: index,
        })),
      },
    },
  });
}

async function waitForRun(id: string): Promise<RunDetail> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const run = runResponseSchema.parse((await admin.get(`/api/admin/risk/runs/${id}`)).body).run;
    if (run.status !== 'running' || Date.now() > deadline) return run;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const seasonSettings = (overrides: Partial<SeasonSettingsInput> = {}): SeasonSettingsInput => ({
  peril: 'hail',
  seasons: 400,
  seed: 2026,
  stormsPerZone: [{ zoneCode, stormsPerSeason: 3 }],
  lengthKm: { min: 5, mode: 15, max: 40 },
  widthKm: { min: 1, mode: 4, max: 10 },
  severityPercent: { min: 10, mode: 40, max: 90 },
  ...overrides,
});

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_DISABLED: '1' });
  const zones = await t.db.agricultureZone.findMany();
  zoneCode = zoneAt(zones as unknown as Parameters<typeof zoneAt>[0], { lng: 118.315, lat: -31.495 })!.code;
  adminId = (await createTestUser(t.db, { email: 'admin@example.com', firstName: 'Avery', lastName: 'Admin', isAdmin: true })).id;
  const jo = (await createTestUser(t.db, { email: 'jo@example.com', firstName: 'Jo', lastName: 'Grower' })).id;
  const sam = (await createTestUser(t.db, { email: 'sam@example.com', firstName: 'Sam', lastName: 'Farmer' })).id;
  // Jo: hail and fire, cover started: Home wholly under the swath, Creek half, and a paddock without a map.
  await application(jo, 'active', 'both', [
    { name: 'Home', geometry: box(118.3, -31.5, 118.31, -31.49), value: 100_000, hurdle: 5 },
    { name: 'Creek', geometry: box(118.315, -31.505, 118.325, -31.495), value: 200_000, hurdle: 10 },
    { name: 'Typed only', geometry: null, value: 30_000, hurdle: 0 },
  ]);
  // Sam: hail only, active: Top a quarter under the swath.
  await application(sam, 'active', 'hail', [{ name: 'Top', geometry: box(118.32, -31.495, 118.34, -31.485), value: 80_000, hurdle: 20 }]);
  // Not protected yet: a submitted application, and one accepted but not paid, under the same swath are not the mutual's exposure.
  await application(sam, 'submitted', 'both', [{ name: 'Pending', geometry: box(118.3, -31.5, 118.33, -31.49), value: 999_000, hurdle: 0 }]);
  await application(sam, 'accepted', 'both', [{ name: 'Unpaid', geometry: box(118.3, -31.5, 118.33, -31.49), value: 777_000, hurdle: 0 }]);
  admin = await signedInAgent(t.app, 'admin@example.com');
  member = await signedInAgent(t.app, 'jo@example.com');
});
afterAll(() => t.close());

describe('GET /api/admin/risk/exposure', () => {
  it('shows the protected, mapped paddocks with their value, hurdle and perils, and counts the unmapped', async () => {
    const response = await admin.get('/api/admin/risk/exposure');
    expect(response.status).toBe(200);
    const body = exposureResponseSchema.parse(response.body);
    expect(body.paddocks.map((paddock) => [paddock.name, paddock.memberName, paddock.valueCents, paddock.hurdlePercentage, paddock.perils.join('+')])).toEqual([
      ['Home', 'Jo Grower', 10_000_000, 5, 'hail+fire'],
      ['Creek', 'Jo Grower', 20_000_000, 10, 'hail+fire'],
      ['Top', 'Sam Farmer', 8_000_000, 20, 'hail'],
    ]);
    expect(body.unmapped).toEqual({ paddocks: 1, valueCents: 3_000_000 });
    expect(body.protectedValueCents).toBe(41_000_000);
    expect(body.reserveCents).toBe(0);
    expect(body.zones.map((zone) => zone.code)).toContain(zoneCode);
  });

  it('is for administrators only', async () => {
    expect((await request(t.app).get('/api/admin/risk/exposure')).status).toBe(401);
    expect((await member.get('/api/admin/risk/exposure')).status).toBe(403);
  });
});

describe('POST /api/admin/risk/event-impact', () => {
  it('lists every paddock under a hail swath with its share, value hit and claim after the hurdle', async () => {
    const response = await admin.post('/api/admin/risk/event-impact').send({ peril: 'hail', severityPercent: 60, geometry: swath });
    expect(response.status).toBe(200);
    const body = eventImpactResponseSchema.parse(response.body);
    expect(body.hits.map((hit) => [hit.name, hit.memberName, Number(hit.share.toFixed(6)), hit.valueHitCents, hit.expectedClaimCents])).toEqual([
      ['Home', 'Jo Grower', 1, 10_000_000, 5_500_000],
      ['Creek', 'Jo Grower', 0.5, 10_000_000, 4_000_000],
      ['Top', 'Sam Farmer', 0.25, 2_000_000, 0],
    ]);
    expect(body.totals).toEqual({ paddocks: 3, valueHitCents: 22_000_000, lossCents: 13_200_000, expectedClaimCents: 9_500_000 });
  });

  it('a fire over the same ground leaves out the hail-only paddock', async () => {
    const body = eventImpactResponseSchema.parse((await admin.post('/api/admin/risk/event-impact').send({ peril: 'fire', severityPercent: 100, geometry: swath })).body);
    expect(body.hits.map((hit) => hit.name)).toEqual(['Home', 'Creek']);
    expect(body.totals.expectedClaimCents).toBe(10_000_000 - 500_000 + 10_000_000 - 2_000_000);
  });

  it('answers 400 with a message for a shape that is not a polygon or a severity out of range', async () => {
    const line = await admin.post('/api/admin/risk/event-impact').send({
      peril: 'hail',
      severityPercent: 60,
      geometry: {
        type: 'LineString',
        coordinates: [
          [118, -31],
          [119, -31],
        ],
      },
    });
    expect(line.status).toBe(400);
    expect(line.body.message).toContain('Draw the footprint as a polygon');
    const severe = await admin.post('/api/admin/risk/event-impact').send({ peril: 'hail', severityPercent: 140, geometry: swath });
    expect(severe.status).toBe(400);
    expect(severe.body.issues[0]).toMatchObject({ path: 'severityPercent', message: 'Severity is a percentage from 1 to 100' });
  });
});

describe('the reserve', () => {
  it('is changed by an administrator and the change is audited with before and after', async () => {
    const response = await admin.put('/api/admin/risk/reserve').send({ reserveCents: 25_000_000 });
    expect(response.status).toBe(200);
    expect(response.body.reserveCents).toBe(25_000_000);
    expect(exposureResponseSchema.parse((await admin.get('/api/admin/risk/exposure')).body).reserveCents).toBe(25_000_000);
    const entry = await t.db.auditLog.findFirst({ where: { action: 'risk_reserve_changed' }, orderBy: { createdAt: 'desc' } });
    expect(entry).toMatchObject({ actorId: adminId, customerId: null, details: { beforeCents: 0, afterCents: 25_000_000 } });
    expect((await admin.put('/api/admin/risk/reserve').send({ reserveCents: -5 })).body.issues[0].message).toBe('The reserve cannot be negative');
    expect((await member.put('/api/admin/risk/reserve').send({ reserveCents: 1 })).status).toBe(403);
  });
});

describe('saved runs', () => {
  it('saves an event with its paddocks and totals, audited, and lists it', async () => {
    const saved = await admin.post('/api/admin/risk/runs').send({ kind: 'event', name: 'Merredin storm, 14 Oct', event: { peril: 'hail', severityPercent: 60, geometry: swath } });
    expect(saved.status).toBe(201);
    const run = runResponseSchema.parse(saved.body).run;
    expect(run).toMatchObject({ kind: 'event', status: 'completed', name: 'Merredin storm, 14 Oct', createdByName: 'Avery Admin', totals: { paddocks: 3, expectedClaimCents: 9_500_000 } });
    expect(run.kind === 'event' && run.hits.map((hit) => hit.name)).toEqual(['Home', 'Creek', 'Top']);
    expect(await t.db.auditLog.findFirst({ where: { action: 'risk_event_saved' } })).toMatchObject({ actorId: adminId, details: { runId: run.id, expectedClaimCents: 9_500_000, paddocks: 3 } });
    const list = runsResponseSchema.parse((await admin.get('/api/admin/risk/runs?kind=event')).body);
    expect(list.total).toBe(1);
    expect(list.runs[0]).toMatchObject({ id: run.id, kind: 'event', totals: { valueHitCents: 22_000_000 } });
  });

  it('runs a season in a worker to completion, repeatably for a seed, with its figures against the reserve', async () => {
    const first = await admin.post('/api/admin/risk/runs').send({ kind: 'season', name: 'Base case', settings: seasonSettings() });
    expect(first.status).toBe(201);
    expect(first.body.run).toMatchObject({ status: 'running', total: 400 });
    const done = await waitForRun(first.body.run.id);
    expect(done).toMatchObject({ status: 'completed', progress: 400, total: 400 });
    if (done.kind !== 'season' || !done.summary) throw new Error('expected a finished season');
    expect(done.summary.seasons).toBe(400);
    expect(done.summary.reserveCents).toBe(25_000_000);
    expect(done.summary.oneInHundredCents).toBeGreaterThanOrEqual(done.summary.oneInTwentyCents);
    expect(done.histogram.reduce((sum, bin) => sum + bin.seasons, 0)).toBe(400);

    const again = await waitForRun((await admin.post('/api/admin/risk/runs').send({ kind: 'season', name: 'Base case again', settings: seasonSettings() })).body.run.id);
    expect(again.kind === 'season' && again.summary).toEqual(done.summary);
    expect(again.kind === 'season' && again.histogram).toEqual(done.histogram);
    expect(await t.db.auditLog.count({ where: { action: 'risk_season_started' } })).toBe(2);
  });

  it('cancels a running season, audited; a second start waits for the first', async () => {
    const started = await admin.post('/api/admin/risk/runs').send({ kind: 'season', name: 'Long', settings: seasonSettings({ seasons: 100_000, stormsPerZone: [{ zoneCode, stormsPerSeason: 50 }] }) });
    expect(started.status).toBe(201);
    const busy = await admin.post('/api/admin/risk/runs').send({ kind: 'season', name: 'Second', settings: seasonSettings() });
    expect(busy.status).toBe(409);
    expect(busy.body.message).toContain('already running');
    const cancelled = await admin.post(`/api/admin/risk/runs/${started.body.run.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.run).toMatchObject({ status: 'cancelled' });
    expect(cancelled.body.run.progress).toBeLessThan(100_000);
    expect((await admin.post(`/api/admin/risk/runs/${started.body.run.id}/cancel`)).status).toBe(409);
    expect(await t.db.auditLog.findFirst({ where: { action: 'risk_season_cancelled' } })).toMatchObject({ actorId: adminId, details: { runId: started.body.run.id } });
    // The next run can start at once.
    const next = await admin.post('/api/admin/risk/runs').send({ kind: 'season', name: 'After', settings: seasonSettings({ seasons: 100 }) });
    expect(next.status).toBe(201);
    expect((await waitForRun(next.body.run.id)).status).toBe('completed');
  });

  it('goes on running when its cancel cannot be audited, and is cancelled when asked again', async () => {
    // A run of another instance's: no worker here to race the cancel.
    const elsewhere = await t.db.riskSimulationRun.create({
      data: { kind: 'season', name: 'Cancel refused', status: 'running', peril: 'hail', settings: seasonSettings(), progress: 40, total: 400, createdById: adminId, heartbeatAt: new Date() },
    });
    const lift = await refuseWritesOf(t.db, t.env.DATABASE_URL, 'AuditLog', 'INSERT');
    try {
      expect((await admin.post(`/api/admin/risk/runs/${elsewhere.id}/cancel`)).status).toBe(500);
    } finally {
      await lift();
    }
    expect((await admin.get(`/api/admin/risk/runs/${elsewhere.id}`)).body.run).toMatchObject({ status: 'running' });
    expect((await admin.post(`/api/admin/risk/runs/${elsewhere.id}/cancel`)).body.run).toMatchObject({ status: 'cancelled' });
    const audited = await t.db.auditLog.findMany({ where: { action: 'risk_season_cancelled' }, select: { details: true } });
    expect(audited.filter((entry) => (entry.details as { runId?: string }).runId === elsewhere.id)).toHaveLength(1);
    await t.db.riskSimulationRun.delete({ where: { id: elsewhere.id } });
  });

  it('answers 409 and logs no cancel for a run that ends between the check and the cancel', async () => {
    const elsewhere = await t.db.riskSimulationRun.create({
      data: { kind: 'season', name: 'Ends first', status: 'running', peril: 'hail', settings: seasonSettings(), progress: 399, total: 400, createdById: adminId, heartbeatAt: new Date() },
    });
    const runner = createSeasonRunner(t.db, t.context.logger);
    // The other instance's worker finishes the run the moment after this one found it running.
    const endingFirst: SeasonRunner = {
      ...runner,
      cancel: async (runId, alsoWrite) => {
        await t.db.riskSimulationRun.update({ where: { id: runId }, data: { status: 'completed', progress: 400 } });
        return runner.cancel(runId, alsoWrite);
      },
    };
    await expect(cancelSeasonRun(t.db, endingFirst, adminId, elsewhere.id)).rejects.toMatchObject({ status: 409, message: 'This run is not running any more, so there is nothing to cancel.' });
    expect(await t.db.riskSimulationRun.findUniqueOrThrow({ where: { id: elsewhere.id } })).toMatchObject({ status: 'completed' });
    const audited = await t.db.auditLog.findMany({ where: { action: 'risk_season_cancelled' }, select: { details: true } });
    expect(audited.filter((entry) => (entry.details as { runId?: string }).runId === elsewhere.id)).toEqual([]);
    await t.db.riskSimulationRun.delete({ where: { id: elsewhere.id } });
  });

  it('shows a season another instance runs as running while its heartbeat lasts, lets it be cancelled here, and calls a silent one interrupted', async () => {
    // Rows as another instance's runner leaves them: this instance runs no worker for either.
    const settings = seasonSettings();
    const elsewhere = await t.db.riskSimulationRun.create({
      data: { kind: 'season', name: 'On the other instance', status: 'running', peril: 'hail', settings, progress: 40, total: 400, createdById: adminId, heartbeatAt: new Date() },
    });
    const silent = await t.db.riskSimulationRun.create({
      data: { kind: 'season', name: 'Its instance stopped', status: 'running', peril: 'hail', settings, progress: 10, total: 400, createdById: adminId, heartbeatAt: new Date(Date.now() - 31_000) },
    });

    expect((await admin.get(`/api/admin/risk/runs/${elsewhere.id}`)).body.run).toMatchObject({ status: 'running', progress: 40 });
    expect((await admin.get(`/api/admin/risk/runs/${silent.id}`)).body.run).toMatchObject({ status: 'failed', error: INTERRUPTED_MESSAGE });
    const busy = await admin.post('/api/admin/risk/runs').send({ kind: 'season', name: 'Third', settings });
    expect(busy.status).toBe(409);

    const cancelled = await admin.post(`/api/admin/risk/runs/${elsewhere.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.run).toMatchObject({ status: 'cancelled' });
    expect((await admin.post(`/api/admin/risk/runs/${silent.id}/cancel`)).status).toBe(409);

    // The other way round: this instance runs a season that another instance cancels in the database.
    const long = await admin
      .post('/api/admin/risk/runs')
      .send({ kind: 'season', name: 'Cancelled elsewhere', settings: seasonSettings({ seasons: 100_000, stormsPerZone: [{ zoneCode, stormsPerSeason: 50 }] }) });
    expect(long.status).toBe(201);
    await t.db.riskSimulationRun.updateMany({ where: { id: long.body.run.id }, data: { status: 'cancelled', completedAt: new Date() } });
    // Its worker stops at its next write, so a new season may start.
    let next = await admin.post('/api/admin/risk/runs').send({ kind: 'season', name: 'After the cancel', settings: seasonSettings({ seasons: 100 }) });
    for (let attempt = 0; next.status === 409 && attempt < 50; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      next = await admin.post('/api/admin/risk/runs').send({ kind: 'season', name: 'After the cancel', settings: seasonSettings({ seasons: 100 }) });
    }
    expect(next.status).toBe(201);
    expect((await waitForRun(next.body.run.id)).status).toBe('completed');
    expect((await admin.get(`/api/admin/risk/runs/${long.body.run.id}`)).body.run.status).toBe('cancelled');
    await t.db.riskSimulationRun.deleteMany({ where: { id: { in: [elsewhere.id, silent.id, long.body.run.id, next.body.run.id] } } });
  });

  it('refuses a zone that is not active, and pages the list of runs with filters', async () => {
    const unknown = await admin.post('/api/admin/risk/runs').send({ kind: 'season', name: 'Nowhere', settings: seasonSettings({ stormsPerZone: [{ zoneCode: 'XYZ', stormsPerSeason: 2 }] }) });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toContain('Zone XYZ is not one of the active zones');
    const seasons = runsResponseSchema.parse((await admin.get('/api/admin/risk/runs?kind=season&pageSize=2')).body);
    expect(seasons).toMatchObject({ total: 4, page: 1, pageSize: 2 });
    expect(seasons.runs.map((run) => run.name)).toEqual(['After', 'Long']);
    expect(runsResponseSchema.parse((await admin.get('/api/admin/risk/runs?status=cancelled')).body).runs.map((run) => run.name)).toEqual(['Long']);
    expect((await admin.get('/api/admin/risk/runs?pageSize=500')).status).toBe(400);
    expect((await admin.get('/api/admin/risk/runs/nothing-here')).status).toBe(404);
  });
});
