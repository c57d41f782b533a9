import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Express } from 'express';
import type { DestinationStream } from 'pino';
import { createApp } from '../app';
import { type Env, parseEnv } from '../config/env';
import type { AppContext } from '../context';
import { type Database, openDatabase } from '../db/client';
import { referenceDataSeeded } from '../db/reference-data-check';
import { seedReferenceData } from '../seed';
import { createJobQueue } from '../jobs/create-job-queue';
import type { Clock } from '../lib/job-queue';
import { SqliteJobQueue } from '../jobs/sqlite-job-queue';
import { registerPasswordResetJobs } from '../modules/accounts/password-reset.service';
import { registerStaffRecordJobs } from '../modules/staff-records/staff-records.service';
import { createLogger } from '../lib/logger';
import { createMailer, registerMailJobs } from '../lib/mail-queue';
import { createMailTransport } from '../lib/mailer';
import { createMetrics, type PrometheusMetrics } from '../lib/metrics';
import { openSharedState } from '../lib/shared-state';
import { createSessionStore } from '../lib/sessions';
import { createSiteAddress } from '../lib/site-url';
import { repositoryRoot } from '../lib/paths';
import { createMigratedTestDatabaseUrl } from './test-database';

export interface TestApp {
  app: Express;
  db: Database;
  env: Env;
  context: AppContext;
  /** The app's metrics, always measured in tests, for serveMetrics. */
  metrics: PrometheusMetrics;
  close: () => Promise<void>;
}

/**
 * The real application on a new database, as the server builds it at start-up. The renderer is
 * stood in for by a one-line index.html so the single-page fallback can be observed.
 */
export async function createTestApp(
  overrides: Record<string, string> = {},
  {
    logDestination,
    jobClock,
  }: {
    logDestination?: DestinationStream;
    /** Jobs on the BackgroundJob runner with this clock, on either database, run by the test with runDueJobs(); otherwise the queue runs (e-mail goes through it). */
    jobClock?: Clock;
  } = {},
): Promise<TestApp> {
  const database = await createMigratedTestDatabaseUrl();
  const staticDir = mkdtempSync(join(repositoryRoot, '.tmp', 'static-'));
  mkdirSync(join(staticDir, 'assets'), { recursive: true });
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><div id="root" data-test-index></div>');
  const env = parseEnv({
    NODE_ENV: 'test',
    DATABASE_URL: database.url,
    STATIC_DIR: staticDir,
    LOG_LEVEL: 'silent',
    MAIL_OUTBOX_DIR: join(staticDir, 'outbox'),
    SESSION_SECRET: 'test-session-secret-long-enough-for-hmac',
    ...overrides,
  });
  const db = await openDatabase(env.DATABASE_URL);
  await seedReferenceData(db);
  const logger = createLogger(env.LOG_LEVEL, logDestination);
  const mailTransport = createMailTransport({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, replyTo: env.STAFF_EMAIL, outboxDir: env.MAIL_OUTBOX_DIR, logger });
  const jobs = jobClock ? new SqliteJobQueue({ db, logger, clock: jobClock }) : createJobQueue({ databaseUrl: env.DATABASE_URL, db, logger });
  const shared = await openSharedState({ databaseUrl: env.DATABASE_URL, redisUrl: env.REDIS_URL, logger });
  const sessionStore = await createSessionStore({ db, redis: shared.redis });
  const metrics = await createMetrics();
  const context: AppContext = {
    env,
    db,
    logger,
    mailer: createMailer({ db, jobs, transport: mailTransport, logger, from: env.MAIL_FROM }),
    mailTransport,
    sessions: { store: sessionStore.store, secret: env.SESSION_SECRET ?? 'test-session-secret-long-enough-for-hmac' },
    shared,
    metrics,
    site: createSiteAddress(env),
    referenceData: referenceDataSeeded,
    jobs,
  };
  await registerMailJobs(jobs, { db, logger, transport: mailTransport });
  // Like the mail queue, the staff records' and a reset request's jobs are added by the person's own request: their queues must be there.
  registerStaffRecordJobs(jobs, { db });
  registerPasswordResetJobs(jobs, context);
  if (!jobClock) await jobs.start();
  return {
    app: createApp(context),
    db,
    env,
    context,
    metrics,
    close: async () => {
      await context.jobs.stop();
      await shared.close();
      await sessionStore.close();
      await db.$disconnect();
      await database.drop();
    },
  };
}
