import type { Database } from '../db/client';
import { providerOf } from '../db/provider';
import type { Logger } from '../lib/logger';
import type { Clock, JobQueue } from '../lib/job-queue';
import { PgBossJobQueue } from './pg-boss-job-queue';
import { SqliteJobQueue } from './sqlite-job-queue';

/** pg-boss on PostgreSQL, the in-process runner over BackgroundJob on SQLite. Not started: call start() once the app is built. */
export function createJobQueue({ databaseUrl, db, logger, clock }: { databaseUrl: string; db: Database; logger: Logger; clock?: Clock }): JobQueue {
  return providerOf(databaseUrl) === 'postgresql' ? new PgBossJobQueue({ databaseUrl, db, logger, clock }) : new SqliteJobQueue({ db, logger, clock });
}
