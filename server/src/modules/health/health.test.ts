import session from 'express-session';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { readinessResponseSchema } from '@shared/contracts/health';
import { createApp } from '../../app';
import { parseEnv } from '../../config/env';
import { createDatabase } from '../../db/client';
import { referenceDataCheck, referenceDataSeeded } from '../../db/reference-data-check';
import { createJobQueue } from '../../jobs/create-job-queue';
import { createLogger } from '../../lib/logger';
import { createMailer } from '../../lib/mail-queue';
import { createMailTransport } from '../../lib/mailer';
import { createMetrics, serveMetrics } from '../../lib/metrics';
import { openSharedState } from '../../lib/shared-state';
import { createSiteAddress } from '../../lib/site-url';
import { csrfAgent } from '../../testing/accounts';
import { createTestApp } from '../../testing/test-app';

it('answers 503 when the database cannot be reached', async () => {
  // Nothing listens on port 1, so every query fails the way a database outage does.
  const env = parseEnv({ NODE_ENV: 'test', DATABASE_URL: 'postgresql://postgres@127.0.0.1:1/unreachable', LOG_LEVEL: 'silent' });
  const db = await createDatabase(env.DATABASE_URL);
  const logger = createLogger('silent');
  const mailTransport = createMailTransport({ from: env.MAIL_FROM, outboxDir: env.MAIL_OUTBOX_DIR, logger });
  // The database is down, so sessions stay in memory for this one request.
  const sessions = { store: new session.MemoryStore(), secret: 'test-session-secret-long-enough-for-hmac' };
  // On SQLite's URL the shared state is in-process: it needs no connection of its own here.
  const shared = await openSharedState({ databaseUrl: 'file:unused.db', logger });
  const jobs = createJobQueue({ databaseUrl: env.DATABASE_URL, db, logger });
  const mailer = createMailer({ db, jobs, transport: mailTransport, logger, from: env.MAIL_FROM });
  const response = await request(
    createApp({ env, db, logger, mailer, mailTransport, sessions, shared, metrics: await createMetrics(), site: createSiteAddress(env), jobs, referenceData: referenceDataSeeded }),
  ).get('/api/health');
  expect(response.status).toBe(503);
  expect(response.body).toEqual({ error: 'database_unavailable', message: 'The database cannot be reached.' });
  await db.$disconnect();
});

describe('GET /api/ready', () => {
  it('answers 200 when the database, the shared state and the migrations are in order', async () => {
    const t = await createTestApp();
    try {
      const response = await request(t.app).get('/api/ready');
      expect(response.status).toBe(200);
      expect(readinessResponseSchema.parse(response.body)).toEqual({ status: 'ready', checks: { database: { ok: true }, migrations: { ok: true }, sharedState: { ok: true }, referenceData: { ok: true } } });
    } finally {
      await t.close();
    }
  });

  it('answers 503 naming a migration the database has not had, while /api/health stays 200', async () => {
    const t = await createTestApp();
    try {
      const [latest] = await t.db.$queryRawUnsafe<Array<{ migration_name: string }>>('SELECT migration_name FROM _prisma_migrations ORDER BY migration_name DESC LIMIT 1');
      await t.db.$executeRawUnsafe(`DELETE FROM _prisma_migrations WHERE migration_name = '${latest!.migration_name}'`);
      const response = await request(t.app).get('/api/ready');
      expect(response.status).toBe(503);
      expect(response.body.status).toBe('not_ready');
      expect(response.body.checks.migrations).toEqual({ ok: false, detail: `1 migration not applied: ${latest!.migration_name}. Run npm run db:migrate.` });
      expect((await request(t.app).get('/api/health')).status).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe('Prometheus metrics', () => {
  it('count API requests by route pattern and time pricing, on their own listener', async () => {
    const t = await createTestApp();
    const listener = await serveMetrics(t.metrics, '127.0.0.1', 0);
    try {
      const agent = await csrfAgent(t.app);
      await agent.get('/api/health');
      const priced = await agent
        .post('/api/pricing/calculate')
        .send({ coverageType: 'hail', zone: 'CWB', cropAllocations: [{ type: 'wheat', hectares: 100, expectedYield: 2, pricePerTonne: 300, hurdlePercentage: 0 }] });
      expect(priced.status).toBe(200);
      const response = await fetch(`http://127.0.0.1:${listener.port}/metrics`);
      expect(response.status).toBe(200);
      const text = await response.text();
      expect(text).toContain('http_request_duration_seconds_count{method="GET",route="/api/health",status="200"} 1');
      expect(text).toContain('http_request_duration_seconds_count{method="POST",route="/api/pricing/calculate",status="200"} 1');
      expect(text).toContain('pricing_calculation_duration_seconds_count{endpoint="calculate"} 1');
      expect((await fetch(`http://127.0.0.1:${listener.port}/api/health`)).status).toBe(404);
    } finally {
      listener.server.close();
      await t.close();
    }
  });

  it('waits for the start-up’s reference-data seeding, and says so when it failed, while /api/health stays 200', async () => {
    const t = await createTestApp();
    try {
      let finish!: () => void;
      let fail!: (error: Error) => void;
      const seeding = new Promise<void>((resolve) => (finish = resolve));
      const seedingThatFails = new Promise<void>((_resolve, reject) => (fail = reject));
      const app = createApp({ ...t.context, referenceData: referenceDataCheck(seeding, t.context.logger) });
      const pending = await request(app).get('/api/ready').expect(503);
      expect(pending.body.checks.referenceData).toEqual({ ok: false, detail: 'Reference data is still being checked.' });
      await request(app).get('/api/health').expect(200);
      finish();
      await seeding;
      expect((await request(app).get('/api/ready').expect(200)).body.status).toBe('ready');

      const failing = createApp({ ...t.context, referenceData: referenceDataCheck(seedingThatFails, t.context.logger) });
      fail(new Error('disk full'));
      await seedingThatFails.catch(() => undefined);
      expect((await request(failing).get('/api/ready').expect(503)).body.checks.referenceData).toEqual({ ok: false, detail: 'Reference data could not be seeded; the log says why.' });
    } finally {
      await t.close();
    }
  });
});
