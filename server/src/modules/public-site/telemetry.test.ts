/**
 * Anonymous error reports and analytics events cannot grow the database without
 * bound. Per-address limits, bounded batches, errors grouped by fingerprint, analytics rolled up
 * after 13 months.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORTING_LIMITS, TELEMETRY_RETENTION } from '@shared/contracts/public-site';
import { createTestUser, signedInAgent } from '../../testing/accounts';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { pruneTelemetry } from './telemetry-retention';
import { clientErrorReport } from '../../testing/client-error-report';

const sameOrigin = (testApp: TestApp, path: string) => request(testApp.app).post(path).set('Sec-Fetch-Site', 'same-origin');

const analyticsEvent = (event: string, timestamp: string) => ({ event, timestamp, properties: { path: '/' } });

describe('per-address limits', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp.close());

  it('refuses the 11th error post in a minute from one address with 429, Retry-After and a sentence, while analytics still pass', async () => {
    for (let sent = 0; sent < 10; sent += 1) expect((await sameOrigin(testApp, '/api/errors/track').send({ errors: [clientErrorReport()] })).status).toBe(202);
    const refused = await sameOrigin(testApp, '/api/errors/track').send({ errors: [clientErrorReport()] });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.body).toEqual({ error: 'too_many_requests', message: 'This address has sent too many error reports in a short time; the ones already sent have reached us. Please try again in 1 minute.' });
    expect((await sameOrigin(testApp, '/api/analytics/events').send({ events: [analyticsEvent('page_view', '2026-10-01T03:04:05.000Z')] })).status).toBe(202);
  });

  it('refuses telemetry past the daily budget of an address, whichever kind it is', async () => {
    const limited = await createTestApp({ RATE_LIMITS: 'telemetryPerAddressPerDay=3/24h' });
    try {
      expect((await sameOrigin(limited, '/api/errors/track').send({ errors: [clientErrorReport()] })).status).toBe(202);
      expect((await sameOrigin(limited, '/api/analytics/events').send({ events: [analyticsEvent('page_view', '2026-10-01T03:04:05.000Z')] })).status).toBe(202);
      expect((await sameOrigin(limited, '/api/analytics/events').send({ events: [analyticsEvent('page_view', '2026-10-01T03:04:05.000Z')] })).status).toBe(202);
      const refused = await sameOrigin(limited, '/api/errors/track').send({ errors: [clientErrorReport()] });
      expect(refused.status).toBe(429);
      expect(refused.body.message).toMatch(/^This address has sent as many error reports and analytics events as we accept in a day\. Please try again in 24 hours\.$/);
    } finally {
      await limited.close();
    }
  });
});

describe('bounded batches', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ RATE_LIMIT_DISABLED: '1' });
  });
  afterAll(() => testApp.close());

  it('refuses a batch of more than 50 error reports or events with 400 saying how many fit', async () => {
    const errors = Array.from({ length: REPORTING_LIMITS.errorsPerRequest + 1 }, () => clientErrorReport());
    const tooManyErrors = await sameOrigin(testApp, '/api/errors/track').send({ errors });
    expect(tooManyErrors.status).toBe(400);
    expect(tooManyErrors.body.message).toBe('errors: Send at most 50 error reports per request; split larger batches.');
    const events = Array.from({ length: REPORTING_LIMITS.eventsPerRequest + 1 }, () => analyticsEvent('page_view', '2026-10-01T03:04:05.000Z'));
    const tooManyEvents = await sameOrigin(testApp, '/api/analytics/events').send({ events });
    expect(tooManyEvents.status).toBe(400);
    expect(tooManyEvents.body.message).toBe('events: Send at most 50 analytics events per request; split larger batches.');
    expect(await testApp.db.errorReport.count()).toBe(0);
    expect(await testApp.db.analyticsEvent.count()).toBe(0);
  });

  it('refuses a body over 128 kB with 413, before storing anything', async () => {
    const errors = Array.from({ length: 20 }, () => clientErrorReport({ stack: 'x'.repeat(REPORTING_LIMITS.stack) }));
    const response = await sameOrigin(testApp, '/api/errors/track').send({ errors });
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ error: 'payload_too_large', message: 'Reports are limited to 128 kB per request; send them in smaller batches.' });
    expect(await testApp.db.errorReport.count()).toBe(0);
  });

  it('still accepts every docs/behaviour.md §3 field of an error report and an analytics event at their limits', async () => {
    const full = clientErrorReport({
      message: 'm'.repeat(REPORTING_LIMITS.message),
      url: 'u'.repeat(REPORTING_LIMITS.url),
      userAgent: 'a'.repeat(REPORTING_LIMITS.userAgent),
      userId: 'user-1',
      sessionId: 's'.repeat(200),
      fingerprint: 'f'.repeat(200),
    });
    expect((await sameOrigin(testApp, '/api/errors/track').send({ errors: [full] })).status).toBe(202);
    const event = { event: 'quote_step.viewed', timestamp: '2026-10-01T03:04:05.000Z', properties: { step: 3 }, userId: 'user-1', sessionId: 'tab-9' };
    expect((await sameOrigin(testApp, '/api/analytics/events').send({ events: [event] })).status).toBe(202);
  });
});

describe('error groups', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ RATE_LIMIT_DISABLED: '1' });
    await createTestUser(testApp.db, { email: 'admin@example.com', isAdmin: true });
  });
  afterAll(() => testApp.close());

  it('stores an error repeated 60 times as one group with a count of 60, keeping only its newest reports', async () => {
    const at = (minute: number) => new Date(Date.UTC(2026, 9, 1, 3, minute)).toISOString();
    for (const batch of [0, 1, 2]) {
      const errors = Array.from({ length: 20 }, (_, index) => clientErrorReport({ id: `r-${batch * 20 + index}`, timestamp: at(batch * 20 + index), message: `Repeat ${batch * 20 + index}` }));
      expect((await sameOrigin(testApp, '/api/errors/track').send({ errors })).status).toBe(202);
    }
    const groups = await testApp.db.errorGroup.findMany();
    expect(groups).toHaveLength(1);
    expect(groups[0]).toMatchObject({ fingerprint: 'javascript-1111111111111111', count: 60, message: 'Repeat 59' });
    expect(groups[0]!.firstSeen.toISOString()).toBe(at(0));
    expect(groups[0]!.lastSeen.toISOString()).toBe(at(59));
    expect(await testApp.db.errorReport.count()).toBe(TELEMETRY_RETENTION.errorReportsPerGroup);
    // Every report is still counted in its hour, for the spike alert (docs/alerts.md).
    expect(await testApp.db.errorHourlyCount.findMany()).toEqual([{ fingerprint: 'javascript-1111111111111111', hourStart: new Date('2026-10-01T03:00:00.000Z'), count: 60 }]);

    const admin = await signedInAgent(testApp.app, 'admin@example.com');
    const list = (await admin.get('/api/admin/errors')).body;
    expect(list).toMatchObject({ total: 1, groups: [{ fingerprint: 'javascript-1111111111111111', count: 60, lastSeen: at(59), message: 'Repeat 59' }] });
    const detail = (await admin.get('/api/admin/errors/javascript-1111111111111111')).body;
    expect(detail.group.count).toBe(60);
    expect(detail.reportsKept).toBe(20);
    expect(detail.reports.map((report: { clientId: string }) => report.clientId)).toEqual(Array.from({ length: 20 }, (_, index) => `r-${59 - index}`));
  });

  it('keeps an older report from changing what the group shows as newest, and stores a future time as the time received', async () => {
    await sameOrigin(testApp, '/api/errors/track').send({ errors: [clientErrorReport({ fingerprint: 'api-2222222222222222', timestamp: '2026-10-05T00:00:00.000Z', message: 'Newer' })] });
    await sameOrigin(testApp, '/api/errors/track').send({ errors: [clientErrorReport({ fingerprint: 'api-2222222222222222', timestamp: '2026-10-02T00:00:00.000Z', message: 'Older' })] });
    const group = await testApp.db.errorGroup.findUniqueOrThrow({ where: { fingerprint: 'api-2222222222222222' } });
    expect(group).toMatchObject({ count: 2, message: 'Newer' });
    expect(group.firstSeen.toISOString()).toBe('2026-10-02T00:00:00.000Z');

    const before = Date.now();
    await sameOrigin(testApp, '/api/errors/track').send({ errors: [clientErrorReport({ fingerprint: 'react-3333333333333333', timestamp: '2099-01-01T00:00:00.000Z' })] });
    const future = await testApp.db.errorGroup.findUniqueOrThrow({ where: { fingerprint: 'react-3333333333333333' } });
    expect(future.lastSeen.getTime()).toBeGreaterThanOrEqual(before);
    expect(future.lastSeen.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('deletes groups not seen for 180 days, with their reports, and hourly counts older than 8 days, when pruning', async () => {
    const now = new Date('2027-05-01T00:00:00.000Z');
    const result = await pruneTelemetry(testApp.context, now);
    expect(result).toMatchObject({ errorGroupsDeleted: 2, errorReportsDeleted: 22, errorHourlyCountsDeleted: 4 });
    expect((await testApp.db.errorGroup.findMany()).map((group) => group.fingerprint)).toEqual(['react-3333333333333333']);
    expect(await testApp.db.errorReport.count()).toBe(1);
  });
});

describe('analytics retention', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ RATE_LIMIT_DISABLED: '1' });
    await createTestUser(testApp.db, { email: 'admin@example.com', isAdmin: true });
  });
  afterAll(() => testApp.close());

  it('rolls events older than 13 months into daily counts, deletes them, and the admin figures for that period come from the counts', async () => {
    const events = [
      analyticsEvent('page_view', '2025-09-15T02:00:00.000Z'),
      analyticsEvent('page_view', '2025-09-15T09:00:00.000Z'),
      analyticsEvent('quote_cta.clicked', '2025-09-15T09:30:00.000Z'),
      // 23:30 on 22 October 2025 in Perth: the last day past the retention on 23 November 2026.
      analyticsEvent('page_view', '2025-10-22T15:30:00.000Z'),
      // 00:30 on 23 October 2025 in Perth: still kept.
      analyticsEvent('page_view', '2025-10-22T16:30:00.000Z'),
    ];
    expect((await sameOrigin(testApp, '/api/analytics/events').send({ events })).status).toBe(202);
    const admin = await signedInAgent(testApp.app, 'admin@example.com');
    const summaryPath = '/api/admin/analytics/summary?from=2025-09-01&to=2025-10-31';
    const before = (await admin.get(summaryPath)).body;

    const now = new Date('2026-11-23T04:00:00.000Z');
    expect(await pruneTelemetry(testApp.context, now)).toMatchObject({ analyticsEventsRolledUp: 4 });
    expect((await testApp.db.analyticsEvent.findMany()).map((event) => event.occurredAt.toISOString())).toEqual(['2025-10-22T16:30:00.000Z']);
    const counts = await testApp.db.analyticsDailyCount.findMany({ orderBy: [{ day: 'asc' }, { event: 'asc' }] });
    expect(counts.map(({ day, event, count }) => [day, event, count])).toEqual([
      ['2025-09-15', 'page_view', 2],
      ['2025-09-15', 'quote_cta.clicked', 1],
      ['2025-10-22', 'page_view', 1],
    ]);

    const after = (await admin.get(summaryPath)).body;
    expect(after).toEqual(before);
    expect(after.total).toBe(5);
    expect(after.daily.find((point: { day: string }) => point.day === '2025-09-15')).toEqual({ day: '2025-09-15', count: 3 });
    expect(after.topEvents).toEqual([
      { event: 'page_view', count: 4 },
      { event: 'quote_cta.clicked', count: 1 },
    ]);
    const pageViews = (await admin.get(`${summaryPath}&event=page_view`)).body;
    expect(pageViews.total).toBe(4);
    expect(pageViews.daily.filter((point: { count: number }) => point.count > 0)).toEqual([
      { day: '2025-09-15', count: 2 },
      { day: '2025-10-22', count: 1 },
      { day: '2025-10-23', count: 1 },
    ]);

    // A second pass changes nothing; a late event for a rolled-up day is added to its count.
    expect(await pruneTelemetry(testApp.context, now)).toMatchObject({ analyticsEventsRolledUp: 0 });
    await sameOrigin(testApp, '/api/analytics/events').send({ events: [analyticsEvent('page_view', '2025-09-15T10:00:00.000Z')] });
    await pruneTelemetry(testApp.context, now);
    expect(await testApp.db.analyticsDailyCount.findUnique({ where: { day_event: { day: '2025-09-15', event: 'page_view' } } })).toMatchObject({ count: 3 });
    expect(await testApp.db.analyticsEvent.count()).toBe(1);
  });
});
