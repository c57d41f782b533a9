import type { Store } from 'express-session';
import type { Env } from './config/env';
import type { Database } from './db/client';
import type { ReferenceDataCheck } from './db/reference-data-check';
import type { JobQueue } from './lib/job-queue';
import type { Logger } from './lib/logger';
import type { Mailer } from './lib/mail-queue';
import type { MailTransport } from './lib/mailer';
import type { Metrics } from './lib/metrics';
import type { SharedState } from './lib/shared-state';
import type { SiteAddress } from './lib/site-url';

/** What every module needs from the running server; built once in index.ts, or by tests. */
export interface AppContext {
  env: Env;
  db: Database;
  logger: Logger;
  /** E-mail, queued and sent by a job with retries (lib/mail-queue.ts); the one way to send. */
  mailer: Mailer;
  /** SMTP or the outbox folder; only the mail jobs call it. */
  mailTransport: MailTransport;
  /** The session store (the database, or Redis with REDIS_URL) and the secret that signs cookies and CSRF tokens. */
  sessions: { store: Store; secret: string };
  /** What instances share beyond the database: rate-limit counts and word of changed reference data. */
  shared: SharedState;
  /** Prometheus metrics of this instance (request and pricing latency, job queue). */
  metrics: Metrics;
  /** The site's own address for links: PUBLIC_URL, or where this server listens (never a request's Host). */
  site: SiteAddress;
  /** Background jobs (docs/background-jobs.md): pg-boss on PostgreSQL, the BackgroundJob runner on SQLite. */
  jobs: JobQueue;
  /** Whether the start-up's reference-data seeding has finished (readiness waits for it). */
  referenceData: ReferenceDataCheck;
}
