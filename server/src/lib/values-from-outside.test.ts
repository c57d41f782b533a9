import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyQuoteState } from '@shared/contracts/quote';
import { draftDataHash, draftQuoteData } from '@shared/domain/quote/draft';
import { createTestUser, csrfAgent, signedInAgent, type TestAgent } from '../testing/accounts';
import { createTestApp, type TestApp } from '../testing/test-app';

/**
 * Values the schemas let through and PostgreSQL then refused (500 there, stored or 409 on SQLite):
 * days and moments that JavaScript reads but no calendar of ours holds (year 0, which PostgreSQL
 * does not have, the 13th month), whole numbers past an integer column, a NUL far down a lab's
 * file. Each is refused with 400 and a sentence, on both databases, and nothing of it is kept.
 */
let t: TestApp;
let member: TestAgent;
let staff: TestAgent;
let memberId: string;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_DISABLED: '1' });
  memberId = (await createTestUser(t.db, { email: 'grower@example.com' })).id;
  await createTestUser(t.db, { email: 'desk@example.com', isAdmin: true });
  member = await signedInAgent(t.app, 'grower@example.com');
  staff = await signedInAgent(t.app, 'desk@example.com');
});
afterAll(() => t.close());

const YEAR_ZERO = '0000-06-01T12:00:00Z';

describe('a day or moment from outside', () => {
  it('refuses a browser’s report or page view dated in year 0, keeping none of the batch', async () => {
    const visitor = await csrfAgent(t.app);
    const viewed = await visitor.post('/api/analytics/events').send({ events: [{ event: 'quote_step.viewed', timestamp: YEAR_ZERO, properties: { step: 'personal-details' } }] });
    expect(viewed.status).toBe(400);
    const report = { id: 'report-1', type: 'javascript', message: 'Boom', timestamp: YEAR_ZERO, severity: 'high', metadata: {}, fingerprint: 'boom' };
    const crashed = await visitor.post('/api/errors/track').send({ errors: [report] });
    expect(crashed.status).toBe(400);
    expect([await t.db.analyticsEvent.count(), await t.db.errorReport.count()]).toEqual([0, 0]);
  });

  it('refuses a finished quote or fire survey dated in year 0, or at no time at all', async () => {
    const data = draftQuoteData(emptyQuoteState());
    expect((await member.post('/api/user/drafts').send({ id: 'draft-dated', userId: memberId, step: 'get-started', data, status: 'DRAFT', dataHash: draftDataHash(data) })).status).toBe(201);
    for (const completedAt of [YEAR_ZERO, 'yesterday']) {
      const response = await member.put('/api/user/drafts/draft-dated/status').send({ status: 'COMPLETED', completedAt });
      expect(response.status, completedAt).toBe(400);
    }
    expect((await t.db.draft.findUniqueOrThrow({ where: { id: 'draft-dated' } })).status).toBe('DRAFT');
    const survey = await member.post('/api/user/fire-risk-survey').send({ answers: {}, completedAt: '0000-05-20T09:30:00+08:00' });
    expect(survey.status).toBe(400);
  });

  it('refuses staff’s filters and a phoned-in report at days no calendar holds', async () => {
    for (const path of [
      `/api/admin/security-logs?from=${encodeURIComponent(YEAR_ZERO)}`,
      `/api/admin/user-tracking/${memberId}?from=0000-01-01`,
      '/api/admin/pricing-monitor?from=2026-12-01&to=2026-13-01',
      '/api/admin/pricing-monitor?from=0000-01-01&to=0000-01-02',
    ]) {
      const response = await staff.get(path);
      expect(response.status, path).toBe(400);
      expect(response.body.message, path).toEqual(expect.any(String));
    }
    const report = {
      kind: 'hail',
      title: 'Caller at Creek Flat',
      effective: '0000-06-01T12:00',
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [118.1, -31.5],
            [118.2, -31.5],
            [118.2, -31.4],
            [118.1, -31.5],
          ],
        ],
      },
    };
    expect((await staff.post('/api/admin/events/drawn').send(report)).status).toBe(400);
    expect(await t.db.alertEvent.count()).toBe(0);
  });

  it('refuses whole numbers past what a column holds: a draft’s version, a discount’s seasons', async () => {
    const data = draftQuoteData(emptyQuoteState());
    const saved = await member.put('/api/user/drafts/draft-dated').send({ userId: memberId, step: 'get-started', data, status: 'DRAFT', dataHash: draftDataHash(data), version: 2 ** 31 });
    expect(saved.status).toBe(400);
    expect(saved.body.message).toBe('version: version must be the version the draft was read at');
    const rule = await staff.put('/api/admin/discount-rules/discount-multi-year').send({ name: 'Multi-year member discount', kind: 'multiYear', minimumPriorSeasons: 2 ** 31, rate: 0.03, isActive: true });
    expect(rule.status).toBe(400);
    expect(rule.body.message).toMatch('A multi-year discount asks for at most 50 prior seasons');
  });

  it('refuses a lab’s file with a NUL character anywhere in it, however far down', async () => {
    const rows = Array.from({ length: 1500 }, (_, index) => `Home paddock,2026-03-0${(index % 9) + 1},0,10,5.${index % 10},Sample ${index} by the north fence`);
    rows[1499] += '\u0000';
    const file = Buffer.from(['Paddock,Sample date,Depth from,Depth to,pH (CaCl2),Sample ID', ...rows].join('\n'));
    expect(file.length).toBeGreaterThan(64 * 1024);
    const response = await staff.post('/api/admin/soil-samples/import/preview').field('memberId', memberId).field('lab', 'CSBP').attach('file', file, 'soil-report.csv');
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/^This file is not a CSV \(it holds binary data\)/);
  });
});
