/**
 * The one interface of background jobs (docs/background-jobs.md). Two implementations, chosen by the
 * database: pg-boss on PostgreSQL (jobs/pg-boss-job-queue.ts), an in-process runner over the
 * BackgroundJob table on SQLite (jobs/sqlite-job-queue.ts). Either way a job runs once across every
 * server on the database, and a failed try is retried with exponential back-off.
 */
import type { BackgroundJobCount, FailedBackgroundJob } from '@shared/contracts/background-jobs';
import type { DatabaseWriter } from '../db/client';

/** The time source of a queue and its handlers; tests pass one they move by hand. */
export type Clock = () => Date;

export interface JobRun<Data> {
  id: string;
  queue: string;
  data: Data;
  /** 1 for the first try, 2 for the first retry, … */
  attempt: number;
  /** The queue's clock when the try started. */
  now: Date;
}

export type JobHandler<Data> = (job: JobRun<Data>) => Promise<void>;

export interface HandlerOptions {
  /** Retries after the first try before the job is failed for staff to see. */
  retryLimit: number;
  /** The first retry waits this long; each next one twice as long as the one before. */
  retryDelaySeconds: number;
}

export interface EnqueueOptions {
  /** Not started before this instant. */
  runAt?: Date;
  /** A job with the same queue and key is added once: a second enqueue answers null. */
  singletonKey?: string;
  /**
   * Added in this transaction of the app's database, so the job is there exactly when what it is to
   * work on was stored: call `wake` once the transaction has committed.
   */
  writer?: DatabaseWriter;
}

export interface FailedJobsPage {
  jobs: FailedBackgroundJob[];
  total: number;
}

/** The jobs of one queue that failed for good since a moment, for the system alerts (docs/alerts.md). */
export interface RecentFailures {
  queue: string;
  count: number;
  firstFailedAt: Date;
  lastError: string | null;
}

export interface JobQueue {
  /** Registers the queue's handler; call before start(). */
  register<Data extends object>(queue: string, handler: JobHandler<Data>, options?: Partial<HandlerOptions>): void;
  /** Runs the queue's job on a cron expression read in Perth time (e.g. '0 8 * * *' is 8 am in WA); once per slot across servers. */
  schedule(queue: string, cron: string): Promise<void>;
  /** The new job's id, or null when the singleton key is already taken. */
  enqueue(queue: string, data: object, options?: EnqueueOptions): Promise<string | null>;
  /** Starts the queue's jobs due now at once rather than at its next poll: after a transaction that added one has committed. */
  wake(queue: string): void;
  start(): Promise<void>;
  /** Takes no new jobs and waits for the running ones to finish, at most `timeoutMs` (30 s unless given); the rest are abandoned, to be tried again. */
  stop(timeoutMs?: number): Promise<void>;
  /** How many jobs each queue has in each state, for the staff page and metrics. */
  counts(): Promise<BackgroundJobCount[]>;
  /** Failed jobs, newest first, a page at a time. */
  failedJobs(page: { page: number; pageSize: number }): Promise<FailedJobsPage>;
  /** Per queue, the jobs that failed for good at or after `since` (still failed now), with the newest one's error. */
  failuresSince(since: Date): Promise<RecentFailures[]>;
  /** Queues a failed job again with a fresh set of tries; false when there is no such failed job. */
  retry(queue: string, id: string): Promise<boolean>;
}

export const DEFAULT_STOP_TIMEOUT_MS = 30_000;

export const DEFAULT_HANDLER_OPTIONS: HandlerOptions = { retryLimit: 3, retryDelaySeconds: 60 };

/** The wait before try `attempt + 1` after try `attempt` failed: the delay, doubled per try. */
export function retryDelayMs(options: HandlerOptions, attempt: number): number {
  return options.retryDelaySeconds * 1000 * 2 ** Math.max(0, attempt - 1);
}

/** Cron expressions are read in the mutual's own time zone. */
export const SCHEDULE_TIME_ZONE = 'Australia/Perth';

export function errorMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.slice(0, 2000);
}
