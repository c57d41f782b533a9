/**
 * The system's own alerts on real rows (docs/alerts.md 'System alerts'): a job that failed in the
 * job queue, error reports posted as browsers post them, and sign-in failures as the sign-in call
 * and the security log record them.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemAlertsResponseSchema } from '@shared/contracts/alerts';
import { errorReportSchema } from '@shared/contracts/public-site';
import { csrfAgent } from '../../testing/accounts';
import { createDashboardWorld } from '../../testing/dashboard-fixtures';
import { reportingService } from '../public-site/reporting.service';
import { currentSystemAlerts } from './system-alerts.service';

const HOUR_MS = 60 * 60 * 1000;
let world: Awaited<ReturnType<typeof createDashboardWorld>>;

const errorReport = (fingerprint: string, message: string, timestamp: Date) => ({
  id: `client-${Math.random().toString(36).slice(2)}`,
  type: 'javascript',
  message,
  stack: null,
  url: 'https://site/quote',
  userAgent: 'Mozilla/5.0 Chrome/126',
  timestamp: timestamp.toISOString(),
  severity: 'high',
  metadata: {},
  fingerprint,
  userId: null,
  sessionId: 'tab-1',
});
/** As a browser sends them: same-origin, a batch of at most 50. */
const postErrors = (errors: object[]) => request(world.t.app).post('/api/errors/track').set('Sec-Fetch-Site', 'same-origin').send({ errors }).expect(202);
const alerts = async () => systemAlertsResponseSchema.parse((await world.agents.admin.get('/api/admin/system-alerts').expect(200)).body);

beforeAll(async () => {
  world = await createDashboardWorld();
  world.t.context.jobs.register(
    'test.statement',
    async () => {
      throw new Error('The statement printer is out of paper');
    },
    { retryLimit: 0, retryDelaySeconds: 1 },
  );
  await world.t.context.jobs.start();
});
afterAll(async () => {
  await world.t.close();
});

describe('GET /api/admin/system-alerts', () => {
  it('is for administrators only', async () => {
    await request(world.t.app).get('/api/admin/system-alerts').expect(401);
    await world.agents.member.get('/api/admin/system-alerts').expect(403);
    await world.agents.broker.get('/api/admin/system-alerts').expect(403);
  });

  it('is quiet when nothing is wrong, then names a failed job, a spiking error and a flood of sign-in failures', async () => {
    expect((await alerts()).alerts).toEqual([]);

    // A job that fails for good.
    await world.t.context.jobs.enqueue('test.statement', {});
    await expect.poll(async () => (await world.t.context.jobs.failuresSince(new Date(Date.now() - HOUR_MS))).length, { timeout: 30_000 }).toBe(1);

    // Error A: 12 reports in this hour, never seen before. Error B: 12 now, but 4 an hour all week (672): no spike.
    const now = new Date();
    await postErrors(Array.from({ length: 12 }, () => errorReport('javascript-aaaa', 'Cannot read properties of undefined (reading ‘hectares’)', now)));
    await postErrors(Array.from({ length: 12 }, () => errorReport('javascript-bbbb', 'Map tiles failed to load', now)));
    // The week's reports go straight to the store the route uses (the route allows 10 posts a minute from one address).
    const store = reportingService(world.t.context);
    for (let day = 1; day <= 7; day += 1) {
      const at = new Date(now.getTime() - day * 24 * HOUR_MS + 2 * HOUR_MS);
      await store.storeErrors(
        Array.from({ length: 96 }, () => errorReportSchema.parse(errorReport('javascript-bbbb', 'Map tiles failed to load', at))),
        {},
      );
    }

    // Sign-in failures: three through the sign-in call, then a stranger's address trying one account many times.
    const visitor = await csrfAgent(world.t.app);
    for (let tries = 0; tries < 3; tries += 1) await visitor.post('/api/auth/signin').send({ email: 'grower@example.com', password: 'not-the-password' }).expect(401);
    const recorded = await world.t.db.securityEvent.count({ where: { type: 'sign_in_failure', email: 'grower@example.com' } });
    expect(recorded).toBe(3);
    await world.t.db.securityEvent.createMany({
      data: Array.from({ length: 20 }, (_, index) => ({
        type: 'sign_in_failure',
        email: 'grower@example.com',
        ip: '203.0.113.9',
        details: { reason: 'wrong_password' },
        createdAt: new Date(now.getTime() - index * 60_000),
      })),
    });

    const body = await alerts();
    expect(body.alerts.map((alert) => [alert.kind, alert.severity, alert.title, alert.link])).toEqual([
      ['job_failures', 'warning', '1 background job of “test.statement” failed in the last 24 hours.', '/admin/background-jobs'],
      ['error_spike', 'warning', 'An error was reported 12 times in the last hour: “Cannot read properties of undefined (reading ‘hectares’)”.', '/admin/errors/javascript-aaaa'],
      ['sign_in_failures', 'warning', '23 sign-ins failed in the last hour, far more than usual.', '/admin/security-logs?type=sign_in_failure'],
      ['sign_in_failures_address', 'warning', '20 sign-ins failed in the last hour from the address 203.0.113.9.', '/admin/security-logs?type=sign_in_failure'],
      ['sign_in_failures_email', 'warning', '23 sign-ins failed in the last hour for grower@example.com.', '/admin/security-logs?type=sign_in_failure&email=grower%40example.com'],
    ]);
    expect(body.alerts[0]!.detail).toBe('Last error: The statement printer is out of paper Try the job again on Background Jobs once the cause is fixed.');
    expect(body.alerts[1]!.detail).toBe('There were none in the week before.');
    expect(body.alerts[2]!.detail).toBe('There were none in the week before.');
  });

  it('lets the failures of the hour age out: an hour and a day later only what is still within its window remains', async () => {
    const later = await currentSystemAlerts(world.t.context, new Date(Date.now() + 3 * HOUR_MS));
    expect(later.alerts.map((alert) => alert.kind)).toEqual(['job_failures']);
    expect((await currentSystemAlerts(world.t.context, new Date(Date.now() + 25 * HOUR_MS))).alerts).toEqual([]);
  });
});
