/**
 * The job queue on the embedded SQLite database: one runner per server process polls the
 * BackgroundJob table. A job is claimed with a conditional update (state and attempts as read), so
 * when two runners share the database exactly one of them gets it. A schedule's run is claimed by
 * adding its job under a key unique to the slot, then moving BackgroundJobSchedule.nextRunAt on.
 * Each queue has its own lane, one job at a time, as each pg-boss worker has: a queue of slow jobs
 * (a storm's photo copies) never holds up another's (the alert e-mails), and a lane gone idle
 * starts a job added for now at once, whatever the other lanes are doing.
 */
import { randomUUID } from 'node:crypto';
import { CronExpressionParser } from 'cron-parser';
import { BACKGROUND_JOB_STATES, type BackgroundJobState } from '@shared/contracts/background-jobs';
import type { Database } from '../db/client';
import { isUniqueViolation } from '../lib/sequential-number';
import type { Logger } from '../lib/logger';
import {
  type Clock,
  DEFAULT_HANDLER_OPTIONS,
  DEFAULT_STOP_TIMEOUT_MS,
  errorMessage,
  type HandlerOptions,
  type JobHandler,
  type EnqueueOptions,
  type JobQueue,
  type RecentFailures,
  retryDelayMs,
  SCHEDULE_TIME_ZONE,
} from '../lib/job-queue';

/** A job left active this long belongs to a runner that died; it is tried again. */
const ACTIVE_EXPIRY_MS = 15 * 60 * 1000;
/** Completed jobs are kept a week for the counts, then deleted. */
const COMPLETED_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;
const CLEANUP_INTERVAL_MS = 60 * 60 * 1000;

export interface SqliteJobQueueOptions {
  db: Database;
  logger: Logger;
  clock?: Clock;
  /** How often the runner looks for due jobs and schedules. */
  pollIntervalMs?: number;
}

export function nextCronRun(cron: string, after: Date): Date {
  return CronExpressionParser.parse(cron, { currentDate: after, tz: SCHEDULE_TIME_ZONE }).next().toDate();
}

const stateOf = (value: string): BackgroundJobState => ((BACKGROUND_JOB_STATES as readonly string[]).includes(value) ? (value as BackgroundJobState) : 'created');

export class SqliteJobQueue implements JobQueue {
  readonly #db: Database;
  readonly #logger: Logger;
  readonly #clock: Clock;
  readonly #pollIntervalMs: number;
  readonly #runnerId = randomUUID();
  readonly #handlers = new Map<string, { handler: JobHandler<object>; options: HandlerOptions }>();
  #timer: NodeJS.Timeout | undefined;
  #running = false;
  /** The poll's own work (schedules, jobs of dead runners, clean-up), awaited by stop(). */
  #polling: Promise<unknown> = Promise.resolve();
  /** Each queue's lane while it drains; a job added meanwhile sets again, so it drains once more. */
  readonly #lanes = new Map<string, { draining: Promise<unknown> | undefined; again: boolean }>();
  #lastCleanup = 0;

  constructor({ db, logger, clock = () => new Date(), pollIntervalMs = 2000 }: SqliteJobQueueOptions) {
    this.#db = db;
    this.#logger = logger;
    this.#clock = clock;
    this.#pollIntervalMs = pollIntervalMs;
  }

  register<Data extends object>(queue: string, handler: JobHandler<Data>, options: Partial<HandlerOptions> = {}): void {
    this.#handlers.set(queue, { handler: handler as JobHandler<object>, options: { ...DEFAULT_HANDLER_OPTIONS, ...options } });
  }

  async schedule(queue: string, cron: string): Promise<void> {
    const now = this.#clock();
    nextCronRun(cron, now); // refuses a bad expression here, at start-up, not in the runner
    const existing = await this.#db.backgroundJobSchedule.findUnique({ where: { queue } });
    if (!existing) {
      // A new schedule runs once straight away, as the timers it replaces did at start.
      await this.#db.backgroundJobSchedule.upsert({ where: { queue }, create: { queue, cron, nextRunAt: now }, update: {} });
    } else if (existing.cron !== cron) {
      await this.#db.backgroundJobSchedule.update({ where: { queue }, data: { cron, nextRunAt: nextCronRun(cron, now) } });
    }
  }

  async enqueue(queue: string, data: object, { runAt, singletonKey, writer }: EnqueueOptions = {}): Promise<string | null> {
    const retryLimit = this.#handlers.get(queue)?.options.retryLimit ?? DEFAULT_HANDLER_OPTIONS.retryLimit;
    // In a transaction a refused insert would fail what it belongs to, so a taken key is looked for
    // first (a transaction that has written holds SQLite's one write lock: no insert comes between).
    if (writer && singletonKey && (await writer.backgroundJob.findFirst({ where: { queue, singletonKey }, select: { id: true } }))) return null;
    try {
      const job = await (writer ?? this.#db).backgroundJob.create({ data: { queue, data, runAfter: runAt ?? this.#clock(), retryLimit, singletonKey: singletonKey ?? null }, select: { id: true } });
      // A job for now is started at once, not at the next poll (once its transaction commits: wake).
      if (!runAt && !writer) this.#kick(queue);
      return job.id;
    } catch (error) {
      if (singletonKey && isUniqueViolation(error)) return null;
      throw error;
    }
  }

  async start(): Promise<void> {
    if (this.#running) return;
    this.#running = true;
    this.#poll();
  }

  async stop(timeoutMs = DEFAULT_STOP_TIMEOUT_MS): Promise<void> {
    this.#running = false;
    clearTimeout(this.#timer);
    // A job abandoned here stays active until ACTIVE_EXPIRY_MS, then is tried again.
    let timer: NodeJS.Timeout | undefined;
    const lanes = [...this.#lanes.values()].map((lane) => lane.draining);
    await Promise.race([Promise.all([this.#polling, ...lanes]), new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
    clearTimeout(timer);
  }

  /** Every poll: the schedules and dead runners' jobs, then each idle lane looks for due jobs. */
  #poll() {
    if (!this.#running) return;
    this.#polling = this.#keepHouse(this.#clock())
      .then(() => {
        for (const queue of this.#handlers.keys()) this.#kick(queue);
      })
      .catch((error: unknown) => this.#logger.error({ err: error }, 'background job runner poll failed; trying again at the next one'))
      .finally(() => {
        if (this.#running) this.#timer = setTimeout(() => this.#poll(), this.#pollIntervalMs).unref();
      });
  }

  wake(queue: string): void {
    this.#kick(queue);
  }

  /** Sets the queue's lane draining, or, when it already is, has it drain once more after. */
  #kick(queue: string) {
    if (!this.#running || !this.#handlers.has(queue)) return;
    const lane = this.#lanes.get(queue) ?? { draining: undefined, again: false };
    this.#lanes.set(queue, lane);
    if (lane.draining) {
      lane.again = true;
      return;
    }
    lane.again = false;
    lane.draining = this.#drain(queue)
      .catch((error: unknown) => this.#logger.error({ err: error, queue }, 'background job lane failed; trying again at the next poll'))
      .finally(() => {
        lane.draining = undefined;
        if (lane.again) this.#kick(queue);
      });
  }

  async #keepHouse(now: Date) {
    await this.#enqueueDueSchedules(now);
    await this.#recoverExpired(now);
    await this.#cleanUp(now);
  }

  /**
   * One pass as of the clock, for tests that step time by hand: the poll's own work, then each
   * queue's due jobs, the queues side by side and each queue's jobs one after another, until none
   * are left.
   */
  async runDueJobs(): Promise<number> {
    await this.#keepHouse(this.#clock());
    let ran = 0;
    // Again while a round ran anything: a job may have queued one in a lane already drained (the sweep's e-mails).
    for (;;) {
      const round = await Promise.all([...this.#handlers.keys()].map((queue) => this.#drain(queue)));
      const count = round.reduce((sum, each) => sum + each, 0);
      if (count === 0) return ran;
      ran += count;
    }
  }

  /** The queue's lane: claims its next due job and runs it, until it has none due. */
  async #drain(queue: string): Promise<number> {
    let ran = 0;
    for (let job = await this.#claim(queue, this.#clock()); job; job = await this.#claim(queue, this.#clock())) {
      await this.#run(job);
      ran += 1;
    }
    return ran;
  }

  async #enqueueDueSchedules(now: Date) {
    const due = await this.#db.backgroundJobSchedule.findMany({ where: { nextRunAt: { lte: now }, queue: { in: [...this.#handlers.keys()] } } });
    for (const schedule of due) {
      // The slot's job is the claim: its singleton key is unique, so of two runners one adds it.
      // No interactive transaction: on SQLite it would hold the write lock across awaits.
      await this.enqueue(schedule.queue, {}, { runAt: now, singletonKey: `schedule:${schedule.nextRunAt.toISOString()}` });
      await this.#db.backgroundJobSchedule.updateMany({ where: { queue: schedule.queue, nextRunAt: schedule.nextRunAt }, data: { nextRunAt: nextCronRun(schedule.cron, now) } });
    }
  }

  async #recoverExpired(now: Date) {
    await this.#db.backgroundJob.updateMany({
      where: { state: 'active', startedAt: { lt: new Date(now.getTime() - ACTIVE_EXPIRY_MS) } },
      data: { state: 'retry', lockedBy: null, lastError: 'The server running this job stopped before it finished.', runAfter: now },
    });
  }

  async #cleanUp(now: Date) {
    if (now.getTime() - this.#lastCleanup < CLEANUP_INTERVAL_MS) return;
    this.#lastCleanup = now.getTime();
    await this.#db.backgroundJob.deleteMany({ where: { state: 'completed', completedAt: { lt: new Date(now.getTime() - COMPLETED_RETENTION_MS) } } });
  }

  /** The queue's oldest due job, taken for this runner; none when there is none or another runner took each one first. */
  async #claim(queue: string, now: Date) {
    for (;;) {
      const job = await this.#db.backgroundJob.findFirst({ where: { queue, state: { in: ['created', 'retry'] }, runAfter: { lte: now } }, orderBy: [{ runAfter: 'asc' }, { id: 'asc' }] });
      if (!job) return undefined;
      // The state and attempts as read: if another runner took the job first, nothing matches, and the next is tried.
      const { count } = await this.#db.backgroundJob.updateMany({
        where: { id: job.id, state: job.state, attempts: job.attempts },
        data: { state: 'active', attempts: job.attempts + 1, lockedBy: this.#runnerId, startedAt: now },
      });
      if (count === 1) return { ...job, attempts: job.attempts + 1 };
    }
  }

  async #run(job: { id: string; queue: string; data: unknown; attempts: number; retryLimit: number }) {
    const registered = this.#handlers.get(job.queue);
    if (!registered) return;
    try {
      await registered.handler({ id: job.id, queue: job.queue, data: (job.data ?? {}) as object, attempt: job.attempts, now: this.#clock() });
      await this.#db.backgroundJob.updateMany({ where: { id: job.id, lockedBy: this.#runnerId }, data: { state: 'completed', completedAt: this.#clock(), lockedBy: null } });
    } catch (error) {
      const retriesLeft = job.attempts <= job.retryLimit;
      const now = this.#clock();
      this.#logger.warn({ err: error, queue: job.queue, jobId: job.id, attempt: job.attempts }, retriesLeft ? 'background job failed; it will be tried again' : 'background job failed for good');
      await this.#db.backgroundJob.updateMany({
        where: { id: job.id, lockedBy: this.#runnerId },
        data: retriesLeft
          ? { state: 'retry', lastError: errorMessage(error), lockedBy: null, runAfter: new Date(now.getTime() + retryDelayMs(registered.options, job.attempts)) }
          : { state: 'failed', lastError: errorMessage(error), lockedBy: null, completedAt: now },
      });
    }
  }

  async counts() {
    const groups = await this.#db.backgroundJob.groupBy({ by: ['queue', 'state'], _count: { _all: true }, orderBy: [{ queue: 'asc' }, { state: 'asc' }] });
    return groups.map((group) => ({ queue: group.queue, state: stateOf(group.state), count: group._count._all }));
  }

  async failedJobs({ page, pageSize }: { page: number; pageSize: number }) {
    const where = { state: 'failed' };
    const [total, rows] = await Promise.all([
      this.#db.backgroundJob.count({ where }),
      this.#db.backgroundJob.findMany({ where, orderBy: [{ completedAt: 'desc' }, { id: 'desc' }], skip: (page - 1) * pageSize, take: pageSize }),
    ]);
    return {
      total,
      jobs: rows.map((row) => ({ id: row.id, queue: row.queue, attempts: row.attempts, lastError: row.lastError, createdAt: row.createdAt.toISOString(), failedAt: row.completedAt?.toISOString() ?? null })),
    };
  }

  async failuresSince(since: Date) {
    const rows = await this.#db.backgroundJob.findMany({
      where: { state: 'failed', completedAt: { gte: since } },
      orderBy: [{ completedAt: 'desc' }, { id: 'desc' }],
      select: { queue: true, completedAt: true, lastError: true },
    });
    const byQueue = new Map<string, RecentFailures>();
    for (const row of rows) {
      const failedAt = row.completedAt ?? since;
      const kept = byQueue.get(row.queue);
      if (kept) {
        kept.count += 1;
        kept.firstFailedAt = failedAt;
      } else byQueue.set(row.queue, { queue: row.queue, count: 1, firstFailedAt: failedAt, lastError: row.lastError });
    }
    return [...byQueue.values()];
  }

  async retry(queue: string, id: string): Promise<boolean> {
    const { count } = await this.#db.backgroundJob.updateMany({ where: { id, queue, state: 'failed' }, data: { state: 'retry', attempts: 0, runAfter: this.#clock(), completedAt: null } });
    if (count === 1) this.#kick(queue);
    return count === 1;
  }
}
