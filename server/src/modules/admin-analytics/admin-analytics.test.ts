/**
 * /api/admin/analytics/registrations and /quote-funnel on a seeded fortnight (Monday 5 to Sunday
 * 18 October 2026, Perth): every figure is counted by hand below and asserted exactly.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUOTE_ESTIMATE_CALCULATED, QUOTE_STEP_VIEWED } from '@shared/domain/analytics/events';
import { createTestUser, signedInAgent, type TestAgent } from '../../testing/accounts';
import { createApplication } from '../../testing/dashboard-fixtures';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { linesOfCsv } from '../../testing/csv-file';

let testApp: TestApp;
let admin: TestAgent;
const period = 'from=2026-10-05&to=2026-10-18';
const at = (iso: string) => new Date(iso);
const SECOND = 1000;

beforeAll(async () => {
  testApp = await createTestApp({ RATE_LIMIT_DISABLED: '1' });
  const { db } = testApp;
  await createTestUser(db, { email: 'admin@example.com', isAdmin: true });
  admin = await signedInAgent(testApp.app, 'admin@example.com');

  // Accounts: six created in the fortnight (Perth days), two outside it.
  const broker = await createTestUser(db, { email: 'broker@example.com', isBroker: true });
  await db.user.update({ where: { id: broker.id }, data: { createdAt: at('2026-01-01T00:00:00Z') } });
  const partner = await createTestUser(db, { email: 'partner@example.com', referrerCode: 'WBA' });
  const ann = await createTestUser(db, { email: 'ann@example.com' });
  const fay = await createTestUser(db, { email: 'fay@example.com' });
  const bob = await createTestUser(db, { email: 'bob@example.com', referredByCode: 'WBA' });
  const cat = await createTestUser(db, { email: 'cat@example.com', referredByCode: 'WBA' });
  const dan = await createTestUser(db, { email: 'dan@example.com', brokerId: broker.id });
  const eve = await createTestUser(db, { email: 'eve@example.com' });
  const created: Array<[string, string]> = [
    [ann.id, '2026-10-05T01:00:00Z'],
    [fay.id, '2026-10-04T16:30:00Z'], // 00:30 on Monday 5 October in Perth
    [bob.id, '2026-10-07T03:00:00Z'],
    [cat.id, '2026-10-11T17:00:00Z'], // 01:00 on Monday 12 October in Perth: the second week
    [dan.id, '2026-10-13T03:00:00Z'],
    [partner.id, '2026-10-14T03:00:00Z'],
    [eve.id, '2026-10-19T00:00:00Z'], // 19 October in Perth: after the period
  ];
  for (const [id, iso] of created) await db.user.update({ where: { id }, data: { createdAt: at(iso) } });

  // Codes: five addresses asked in the fortnight, four entered their code, three registered, two quoted.
  const code = (email: string, sent: string, waitMs: number | null) =>
    db.emailVerification.create({ data: { email, codeHash: 'x', expiresAt: at(sent), createdAt: at(sent), verifiedAt: waitMs === null ? null : new Date(Date.parse(sent) + waitMs) } });
  await code('ann@example.com', '2026-10-05T00:50:00Z', null); // a first code left unused
  await code('ann@example.com', '2026-10-05T00:55:00Z', 45 * SECOND);
  await code('bob@example.com', '2026-10-07T02:50:00Z', 180 * SECOND);
  await code('cat@example.com', '2026-10-11T16:30:00Z', 1200 * SECOND);
  await code('gus@example.com', '2026-10-12T02:00:00Z', null);
  await code('hal@example.com', '2026-10-12T03:00:00Z', 120 * SECOND); // verified, never registered
  await code('old@example.com', '2026-09-01T03:00:00Z', 10 * SECOND); // before the period

  // Quote steps of four tabs (and one event without a tab, one after the period).
  const views: Array<[string | null, string, number]> = [];
  const visit = (sessionId: string, start: string, steps: Array<[string, number]>) => {
    let time = Date.parse(start);
    for (const [step, after] of steps) {
      time += after * SECOND;
      views.push([sessionId, step, time]);
    }
  };
  visit('tab-1', '2026-10-08T01:00:00Z', [
    ['personal-details', 0],
    ['email-verification', 60],
    ['password-creation', 60],
    ['product-disclosure', 30],
    ['get-started', 20],
    ['farm-mapping', 300],
    ['protection-calculator', 120],
    ['estimate-display', 60],
    ['final-submission', 100],
    ['success', 50],
  ]);
  visit('tab-2', '2026-10-09T01:00:00Z', [
    ['personal-details', 0],
    ['email-verification', 90],
    ['password-creation', 40],
  ]);
  visit('tab-3', '2026-10-10T01:00:00Z', [['personal-details', 0]]);
  visit('tab-4', '2026-10-11T01:00:00Z', [
    ['personal-details', 0],
    ['email-verification', 2 * 3600], // left open for two hours: not time on the step
    ['password-creation', 30],
  ]);
  views.push([null, 'personal-details', Date.parse('2026-10-12T01:00:00Z')]);
  views.push(['tab-5', 'personal-details', Date.parse('2026-10-20T01:00:00Z')]);
  const estimate = (userId: string | null, coverageType: string, iso: string) => ({ event: QUOTE_ESTIMATE_CALCULATED, properties: { coverageType }, userId, sessionId: 'tab-x', occurredAt: at(iso) });
  await db.analyticsEvent.createMany({
    data: [
      ...views.map(([sessionId, step, time]) => ({ event: QUOTE_STEP_VIEWED, properties: { step }, sessionId, occurredAt: new Date(time) })),
      estimate(bob.id, 'hail', '2026-10-08T02:00:00Z'),
      estimate(bob.id, 'fire', '2026-10-08T02:00:00Z'),
      estimate(bob.id, 'both', '2026-10-08T02:00:00Z'),
      estimate(ann.id, 'hail', '2026-10-09T02:00:00Z'),
      estimate(ann.id, 'both', '2026-10-09T02:00:00Z'),
      estimate(eve.id, 'hail', '2026-10-20T02:00:00Z'), // after the period
      { event: 'page_view', properties: { path: '/' }, sessionId: 'tab-1', occurredAt: at('2026-10-08T00:59:00Z') },
    ],
  });

  // Applications: Ann's (both, CWB) and Dan's (hail, EWB) in the period; Bob's before it.
  await createApplication(db, ann.id, { coverageType: 'both', submittedAt: at('2026-10-10T03:00:00Z') });
  const dans = await createApplication(db, dan.id, { coverageType: 'hail', submittedAt: at('2026-10-15T03:00:00Z') });
  await db.protectionApplication.update({ where: { id: dans.id }, data: { zoneCode: 'EWB' } });
  await createApplication(db, bob.id, { coverageType: 'fire', submittedAt: at('2026-09-01T03:00:00Z') });
});
afterAll(() => testApp.close());

describe('GET /api/admin/analytics/registrations', () => {
  it('counts accounts per Perth week, follows the codes of the period through the funnel, and splits by source and referrer', async () => {
    const response = await admin.get(`/api/admin/analytics/registrations?${period}&bucket=week`);
    expect(response.status).toBe(200);
    const report = response.body;
    expect(report.total).toBe(6);
    expect(report.registrations).toEqual([
      { from: '2026-10-05', to: '2026-10-11', count: 3 },
      { from: '2026-10-12', to: '2026-10-18', count: 3 },
    ]);
    expect(report.funnel).toEqual([
      { step: 'code_sent', count: 5, shareOfFirst: 1, dropOff: 1, dropOffRate: 0.2 },
      { step: 'email_verified', count: 4, shareOfFirst: 0.8, dropOff: 1, dropOffRate: 0.25 },
      { step: 'password_created', count: 3, shareOfFirst: 0.6, dropOff: 1, dropOffRate: 1 / 3 },
      { step: 'first_quote', count: 2, shareOfFirst: 0.4, dropOff: null, dropOffRate: null },
    ]);
    expect(report.verificationTime).toEqual({
      verified: 4,
      medianMs: 150_000,
      bands: [
        { band: 'Under 1 minute', count: 1 },
        { band: '1 to 5 minutes', count: 2 },
        { band: '5 to 15 minutes', count: 0 },
        { band: '15 to 60 minutes', count: 1 },
        { band: '1 to 24 hours', count: 0 },
        { band: 'A day or more', count: 0 },
      ],
    });
    expect(report.bySource).toEqual([
      { source: 'referrer', count: 2 },
      { source: 'broker', count: 1 },
      { source: 'partner', count: 1 },
      { source: 'direct', count: 2 },
    ]);
    expect(report.byReferrer).toEqual([{ code: 'WBA', organisation: 'Wheatbelt Agronomy', count: 2 }]);
  });

  it('counts per Perth day by default, and exports the same figures as CSV', async () => {
    const daily = (await admin.get(`/api/admin/analytics/registrations?${period}`)).body;
    expect(daily.bucket).toBe('day');
    expect(daily.registrations).toHaveLength(14);
    expect(daily.registrations.slice(0, 3)).toEqual([
      { from: '2026-10-05', to: '2026-10-05', count: 2 },
      { from: '2026-10-06', to: '2026-10-06', count: 0 },
      { from: '2026-10-07', to: '2026-10-07', count: 1 },
    ]);
    const csv = await admin.get(`/api/admin/analytics/registrations.csv?${period}&bucket=week`);
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="registrations-2026-10-05-to-2026-10-18.csv"');
    const lines = linesOfCsv(csv.text);
    expect(lines[0]).toBe('Section,Item,Count,Percent,Drop-off / seconds / organisation');
    expect(lines).toContain('Registrations,2026-10-05 to 2026-10-11,3,,');
    expect(lines).toContain('Verification funnel,E-mail verified,4,80,1');
    expect(lines).toContain('Time to verify,Median (seconds),4,,150');
    expect(lines).toContain('Referrer,WBA,2,33.3,Wheatbelt Agronomy');
  });

  it('refuses a period in the wrong order or an unknown bucket with a message naming the field', async () => {
    const reversed = await admin.get('/api/admin/analytics/registrations?from=2026-10-18&to=2026-10-05');
    expect(reversed.status).toBe(400);
    expect(reversed.body.issues).toEqual([{ path: 'from', message: 'must be on or before to; swap the two dates' }]);
    const bucket = await admin.get('/api/admin/analytics/registrations?bucket=month');
    expect(bucket.status).toBe(400);
    expect(bucket.body.issues[0]).toEqual({ path: 'bucket', message: 'must be one of day, week' });
  });
});

describe('GET /api/admin/analytics/quote-funnel', () => {
  it('counts the tabs that reached each step, the drop-off and the median time on each step', async () => {
    const response = await admin.get(`/api/admin/analytics/quote-funnel?${period}`);
    expect(response.status).toBe(200);
    const steps = response.body.steps as Array<{ step: string; count: number; dropOff: number | null; medianMs: number | null; timedVisits: number }>;
    expect(steps.map(({ step, count, dropOff, medianMs, timedVisits }) => [step, count, dropOff, medianMs, timedVisits])).toEqual([
      ['personal-details', 4, 1, 75_000, 2],
      ['email-verification', 3, 0, 40_000, 3],
      ['password-creation', 3, 2, 30_000, 1],
      ['product-disclosure', 1, 0, 20_000, 1],
      ['get-started', 1, 0, 300_000, 1],
      ['farm-mapping', 1, 0, 120_000, 1],
      ['protection-calculator', 1, 0, 60_000, 1],
      ['estimate-display', 1, 0, 100_000, 1],
      ['final-submission', 1, 0, 50_000, 1],
      ['success', 1, null, null, 0],
    ]);
    expect(steps[0]).toMatchObject({ shareOfFirst: 1, dropOffRate: 0.25 });
    expect(steps[3]).toMatchObject({ shareOfFirst: 0.25 });
  });

  it('counts estimates by coverage type, the conversion to submission and the applications by coverage, zone and crop', async () => {
    const report = (await admin.get(`/api/admin/analytics/quote-funnel?${period}`)).body;
    expect(report.estimates).toEqual({
      byCoverageType: [
        { coverageType: 'hail', count: 2 },
        { coverageType: 'fire', count: 1 },
        { coverageType: 'both', count: 2 },
      ],
      people: 2,
      submitted: 1,
      conversionRate: 0.5,
      recordedSince: '2026-11-23',
    });
    expect(report.applications).toEqual({
      total: 2,
      byCoverageType: [
        { coverageType: 'hail', count: 1 },
        { coverageType: 'fire', count: 0 },
        { coverageType: 'both', count: 1 },
      ],
      byZone: [
        { zoneCode: 'CWB', count: 1, hectares: 300 },
        { zoneCode: 'EWB', count: 1, hectares: 300 },
      ],
      byCrop: [
        { crop: 'wheat', paddocks: 2, hectares: 400 },
        { crop: 'canola', paddocks: 2, hectares: 200 },
      ],
    });
  });

  it('exports the funnel as CSV', async () => {
    const csv = await admin.get(`/api/admin/analytics/quote-funnel.csv?${period}`);
    expect(csv.status).toBe(200);
    const lines = linesOfCsv(csv.text);
    expect(lines[0]).toBe('Section,Item,Count,Percent,Drop-off / hectares,Median seconds on step');
    expect(lines[1]).toBe('Quote funnel,personal-details,4,100,1,75');
    expect(lines).toContain('Estimate to submission,Of them, submitted,1,50,,'.replace('Of them, submitted', '"Of them, submitted"'));
    expect(lines).toContain('Applications by crop,wheat,2,,400,');
  });
});
