/**
 * The job queue on PostgreSQL: pg-boss (v12) in its own `pgboss` schema of the same database.
 * pg-boss claims jobs with SKIP LOCKED and runs each cron slot once across instances; this class
 * only maps our interface onto it. A singleton key becomes the job's id (a UUID derived from the
 * queue and key), so a second send of the same key is refused by the primary key whatever state
 * the first job is in.
 */
import { createHash } from 'node:crypto';
import type { PgBoss } from 'pg-boss';
import { BACKGROUND_JOB_STATES, type BackgroundJobState } from '@shared/contracts/background-jobs';
import { DATABASE_CONNECT_TIMEOUT_MS } from '../db/adapter';
import type { Database, DatabaseWriter } from '../db/client';
import type { Logger } from '../lib/logger';
import { type Clock, DEFAULT_HANDLER_OPTIONS, DEFAULT_STOP_TIMEOUT_MS, type EnqueueOptions, type HandlerOptions, type JobHandler, type JobQueue, SCHEDULE_TIME_ZONE } from '../lib/job-queue';

const SCHEMA = 'pgboss';

export interface PgBossJobQueueOptions {
  databaseUrl: string;
  /** Jobs are added, and staff's views read pg-boss's table, through the app's own client: they work before start() (and in tests that never start it). */
  db: Database;
  logger: Logger;
  clock?: Clock;
  /** How often workers look for jobs (pg-boss's pollingIntervalSeconds). */
  pollIntervalSeconds?: number;
  /** How often an instance checks for due schedules (pg-boss's cronMonitorIntervalSeconds, 1 to 45). */
  cronMonitorIntervalSeconds?: number;
}

/** A UUID (version-5 layout) from the queue and key, so the same key always names the same job. */
function singletonId(queue: string, key: string): string {
  const hex = createHash('sha256').update(`${queue}\u0000${key}`).digest('hex');
  const variant = ((parseInt(hex.slice(16, 17), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const stateOf = (value: string): BackgroundJobState => ((BACKGROUND_JOB_STATES as readonly string[]).includes(value) ? (value as BackgroundJobState) : 'created');

/** pg-boss keeps a failed try's error as the job's output (a serialised Error). */
function lastErrorOf(output: unknown): string | null {
  if (!output || typeof output !== 'object') return null;
  const message = (output as { message?: unknown }).message;
  return typeof message === 'string' ? message : JSON.stringify(output).slice(0, 2000);
}

export class PgBossJobQueue implements JobQueue {
  /** pg-boss, loaded and made on first use: a server on SQLite never loads it. */
  readonly #boss: () => Promise<PgBoss>;
  readonly #db: Database;
  readonly #logger: Logger;
  readonly #clock: Clock;
  readonly #pollIntervalSeconds: number;
  readonly #handlers = new Map<string, { handler: JobHandler<object>; options: HandlerOptions }>();
  readonly #schedules = new Map<string, string>();
  /** Each queue's worker, to wake when a job is added for now (pg-boss's notifyWorker) rather than at its next poll. */
  readonly #workers = new Map<string, string>();
  /** Workers starting for handlers registered after start(); a job or a schedule on such a queue waits for its queue to exist. */
  readonly #starting = new Map<string, Promise<void>>();
  #started = false;

  constructor({ databaseUrl, db, logger, clock = () => new Date(), pollIntervalSeconds = 2, cronMonitorIntervalSeconds = 30 }: PgBossJobQueueOptions) {
    let boss: Promise<PgBoss> | undefined;
    this.#boss = () =>
      (boss ??= import('pg-boss').then(({ PgBoss }) => {
        const made = new PgBoss({
          connectionString: databaseUrl,
          schema: SCHEMA,
          max: 4,
          connectionTimeoutMillis: DATABASE_CONNECT_TIMEOUT_MS,
          cronMonitorIntervalSeconds,
          cronWorkerIntervalSeconds: Math.min(5, cronMonitorIntervalSeconds),
        });
        made.on('error', (error) => logger.error({ err: error }, 'pg-boss error'));
        return made;
      }));
    this.#db = db;
    this.#logger = logger;
    this.#clock = clock;
    this.#pollIntervalSeconds = pollIntervalSeconds;
  }

  register<Data extends object>(queue: string, handler: JobHandler<Data>, options: Partial<HandlerOptions> = {}): void {
    const registered = { handler: handler as JobHandler<object>, options: { ...DEFAULT_HANDLER_OPTIONS, ...options } };
    this.#handlers.set(queue, registered);
    // Registered after start: its worker starts now, and a job added meanwhile waits for its queue (below).
    if (this.#started) {
      this.#starting.set(
        queue,
        this.#work(queue, registered).catch((error: unknown) => this.#logger.error({ err: error, queue }, 'background job worker could not start')),
      );
    }
  }

  async #work(queue: string, { handler, options }: { handler: JobHandler<object>; options: HandlerOptions }) {
    const boss = await this.#boss();
    const queueOptions = { retryLimit: options.retryLimit, retryDelay: options.retryDelaySeconds, retryBackoff: true };
    if (await boss.getQueue(queue)) await boss.updateQueue(queue, queueOptions);
    else await boss.createQueue(queue, queueOptions);
    // Filled once work() answers; a job may already be running by then.
    const worker = { id: '' };
    worker.id = await boss.work<object>(queue, { pollingIntervalSeconds: this.#pollIntervalSeconds }, async ([job]) => {
      if (!job) return;
      try {
        await handler({ id: job.id, queue, data: job.data ?? {}, attempt: job.retryCount + 1, now: this.#clock() });
      } finally {
        // A job was there, so more may be: the worker fetches again at once rather than after its poll
        // interval (a burst of a thousand e-mails would otherwise go one every two seconds).
        if (worker.id) boss.notifyWorker(worker.id);
      }
    });
    this.#workers.set(queue, worker.id);
  }

  async schedule(queue: string, cron: string): Promise<void> {
    this.#schedules.set(queue, cron);
    if (!this.#started) return;
    await this.#starting.get(queue);
    await (await this.#boss()).schedule(queue, cron, {}, { tz: SCHEDULE_TIME_ZONE });
  }

  async enqueue(queue: string, data: object, { runAt, singletonKey, writer }: EnqueueOptions = {}): Promise<string | null> {
    const boss = await this.#boss();
    // pg-boss refuses a job for a queue it does not have yet.
    await this.#starting.get(queue);
    const id = await boss.send(queue, data, {
      ...(runAt ? { startAfter: runAt } : {}),
      ...(singletonKey ? { id: singletonId(queue, singletonKey), singletonKey } : {}),
      ...this.#through(writer),
    });
    if (id && !runAt && !writer) this.wake(queue);
    return id;
  }

  /**
   * pg-boss's pgboss schema is in the app's database, so what a caller asks of it (adding a job, with
   * ON CONFLICT DO NOTHING; trying one again) runs through the app's client: in the caller's transaction
   * when given one. A database that went away then fails as the app's client does (an outage, 503),
   * never as an error of pg-boss's own pool, which only its workers and schedules use.
   */
  #through(writer: DatabaseWriter = this.#db) {
    return { db: { executeSql: async (text: string, values: unknown[] = []) => ({ rows: await writer.$queryRawUnsafe<unknown[]>(text, ...values) }) } };
  }

  wake(queue: string): void {
    const worker = this.#workers.get(queue);
    if (worker) void this.#boss().then((boss) => boss.notifyWorker(worker));
  }

  async start(): Promise<void> {
    if (this.#started) return;
    const boss = await this.#boss();
    await boss.start();
    this.#started = true;
    for (const [queue, registered] of this.#handlers) await this.#work(queue, registered);
    for (const [queue, cron] of this.#schedules) await boss.schedule(queue, cron, {}, { tz: SCHEDULE_TIME_ZONE });
  }

  async stop(timeoutMs = DEFAULT_STOP_TIMEOUT_MS): Promise<void> {
    if (!this.#started) return;
    this.#started = false;
    this.#workers.clear();
    // graceful: waits for the handlers running now, then closes pg-boss's own pool.
    await (await this.#boss()).stop({ graceful: true, timeout: timeoutMs, close: true });
    this.#logger.info('background jobs stopped');
  }

  /** Rows of pg-boss's job table; none before pg-boss has installed its schema. */
  async #query<Row>(text: string, values: unknown[] = []): Promise<Row[]> {
    const [installed] = await this.#db.$queryRawUnsafe<Array<{ table: string | null }>>(`SELECT to_regclass('${SCHEMA}.job')::text AS table`);
    if (!installed?.table) return [];
    return this.#db.$queryRawUnsafe<Row[]>(text, ...values);
  }

  async counts() {
    // pg-boss's own queues (names starting __pgboss) are its business, not staff's.
    const rows = await this.#query<{ name: string; state: string; count: number }>(
      `SELECT name, state::text AS state, COUNT(*)::int AS count FROM ${SCHEMA}.job WHERE name NOT LIKE '\\_\\_pgboss%' GROUP BY 1, 2 ORDER BY 1, 2`,
    );
    return rows.map((row) => ({ queue: row.name, state: stateOf(row.state), count: row.count }));
  }

  async failedJobs({ page, pageSize }: { page: number; pageSize: number }) {
    const [totals, rows] = await Promise.all([
      this.#query<{ total: number }>(`SELECT COUNT(*)::int AS total FROM ${SCHEMA}.job WHERE state = 'failed' AND name NOT LIKE '\\_\\_pgboss%'`),
      this.#query<{ id: string; name: string; retry_count: number; output: unknown; created_on: Date; completed_on: Date | null }>(
        `SELECT id, name, retry_count, output, created_on, completed_on FROM ${SCHEMA}.job WHERE state = 'failed' AND name NOT LIKE '\\_\\_pgboss%'
         ORDER BY completed_on DESC NULLS LAST, id DESC LIMIT $1 OFFSET $2`,
        [pageSize, (page - 1) * pageSize],
      ),
    ]);
    return {
      total: totals[0]?.total ?? 0,
      jobs: rows.map((row) => ({
        id: row.id,
        queue: row.name,
        attempts: row.retry_count + 1,
        lastError: lastErrorOf(row.output),
        createdAt: new Date(row.created_on).toISOString(),
        failedAt: row.completed_on ? new Date(row.completed_on).toISOString() : null,
      })),
    };
  }

  async failuresSince(since: Date) {
    const rows = await this.#query<{ name: string; count: number; first_failed: Date; output: unknown }>(
      `SELECT DISTINCT ON (name) name, COUNT(*) OVER (PARTITION BY name)::int AS count, MIN(completed_on) OVER (PARTITION BY name) AS first_failed, output
       FROM ${SCHEMA}.job WHERE state = 'failed' AND completed_on >= $1 AND name NOT LIKE '\\_\\_pgboss%'
       ORDER BY name, completed_on DESC`,
      [since],
    );
    return rows.map((row) => ({ queue: row.name, count: row.count, firstFailedAt: new Date(row.first_failed), lastError: lastErrorOf(row.output) }));
  }

  async retry(queue: string, id: string): Promise<boolean> {
    // pg-boss ids are UUIDs; anything else names no job (and would be refused by the cast).
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return false;
    const [failed] = await this.#query<{ id: string }>(`SELECT id FROM ${SCHEMA}.job WHERE name = $1 AND id = $2 AND state = 'failed'`, [queue, id]);
    if (!failed || !this.#started) return false;
    // pg-boss raises the job's retry limit by one and queues it again.
    await (await this.#boss()).retry(queue, id, this.#through());
    return true;
  }
}
