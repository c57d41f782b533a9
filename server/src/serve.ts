import type { Server } from 'node:http';
import { createApp } from './app';
import type { Env } from './config/env';
import type { Database } from './db/client';
import type { ReferenceDataCheck } from './db/reference-data-check';
import { registerAppJobs } from './jobs/app-jobs';
import { createJobQueue } from './jobs/create-job-queue';
import type { Logger } from './lib/logger';
import { createMailer } from './lib/mail-queue';
import { createMailTransport } from './lib/mailer';
import { createMetrics, serveMetrics, UNREAD_METRICS } from './lib/metrics';
import { openSharedState } from './lib/shared-state';
import { createSessionStore, loadSessionSecret } from './lib/sessions';
import { createSiteAddress, listeningOrigin } from './lib/site-url';
import { startAlertWork } from './modules/alerts/alert-work';
import { bootstrapAdministrator } from './modules/accounts/bootstrap-admin';
import { xeroStartupWarning } from './modules/xero/xero-client';

/** How long an idle keep-alive connection stays open (docs/operations.md, "Several instances"). */
const KEEP_ALIVE_MS = 65_000;

/** Everything after the database: the administrator, sessions, jobs, the HTTP app, listening and shutdown. */
export async function serve({ env, logger, db, referenceData }: { env: Env; logger: Logger; db: Database; referenceData: ReferenceDataCheck }) {
  await bootstrapAdministrator(db, logger, { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD });

  if (env.RATE_LIMIT_DISABLED) logger.warn('RATE_LIMIT_DISABLED is set: sign-in, verification and reset rate limits are OFF. Use this for load benchmarks only.');
  const xeroKeyWarning = xeroStartupWarning(env);
  if (xeroKeyWarning) logger.warn(xeroKeyWarning);

  const mailTransport = createMailTransport({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, replyTo: env.STAFF_EMAIL, outboxDir: env.MAIL_OUTBOX_DIR, logger });
  const shared = await openSharedState({ databaseUrl: env.DATABASE_URL, redisUrl: env.REDIS_URL, logger });
  const sessionStore = await createSessionStore({ db, redis: shared.redis });
  const prometheus = env.METRICS_PORT === undefined ? undefined : await createMetrics();
  const metrics = prometheus ?? UNREAD_METRICS;
  const site = createSiteAddress(env);
  const jobs = createJobQueue({ databaseUrl: env.DATABASE_URL, db, logger });
  const mailer = createMailer({ db, jobs, transport: mailTransport, logger, from: env.MAIL_FROM });
  metrics.measureJobs(jobs);
  const sessions = { store: sessionStore.store, secret: loadSessionSecret(env, logger) };
  const app = createApp({ env, db, logger, mailer, mailTransport, sessions, shared, metrics, site, jobs, referenceData });
  await registerAppJobs(jobs, { db, env, logger, mailer, mailTransport, site, sessions });
  await jobs.start();
  const metricsListener = prometheus && env.METRICS_PORT !== undefined ? await serveMetrics(prometheus, env.HOST, env.METRICS_PORT) : undefined;
  if (metricsListener) logger.info(`Metrics on ${listeningOrigin(env.HOST, metricsListener.port)}/metrics`);
  const server: Server = app.listen(env.PORT, env.HOST, () => {
    const address = server.address();
    site.listening(address);
    logger.info(`Listening on ${listeningOrigin(env.HOST, typeof address === 'object' && address ? address.port : env.PORT)}`);
    // After listening, so the start is not slower for it: the first warning of a storm then finds the alert worker loaded and warmed.
    startAlertWork(logger);
  });
  // An idle keep-alive connection is kept longer than a load balancer's (60 s on most): with Node's 5 s the
  // server closed connections the balancer or a client was about to reuse, and that request failed with a reset.
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    const graceMs = env.SHUTDOWN_GRACE_SECONDS * 1000;
    logger.info({ signal, graceSeconds: env.SHUTDOWN_GRACE_SECONDS }, 'shutting down: no new connections, finishing requests in flight');
    // Whatever is down (a database or Redis that does not answer), the process ends within the grace period.
    setTimeout(() => {
      logger.warn(`still stopping after ${env.SHUTDOWN_GRACE_SECONDS} s; exiting with work abandoned`);
      process.exit(1);
    }, graceMs).unref();
    // Requests still open at half the grace period are cut, leaving the rest of it to close connections.
    setTimeout(() => {
      logger.warn('requests still open; closing them');
      server.closeAllConnections();
    }, graceMs / 2).unref();
    server.close(async () => {
      // Running jobs finish (and pg-boss closes its pool) before the database closes.
      await jobs.stop(graceMs / 2).catch((error: unknown) => logger.warn({ err: error }, 'background jobs did not stop cleanly'));
      metricsListener?.server.close();
      await Promise.allSettled([shared.close(), sessionStore.close()]);
      await db.$disconnect().catch(() => undefined);
      logger.info('stopped');
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}
