import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/client';
import { createLogger } from '../lib/logger';
import { createMetrics } from '../lib/metrics';
import { createTestDatabaseUrl } from '../testing/test-database';
import { SqliteJobQueue } from './sqlite-job-queue';

// The in-process runner is the SQLite queue; on PostgreSQL pg-boss runs instead (job-queue.test.ts).
const onSqlite = process.env.TEST_DATABASE !== 'postgresql';
const logger = createLogger('silent');

describe.skipIf(!onSqlite)('the SQLite job runner', () => {
  let database: Awaited<ReturnType<typeof createTestDatabaseUrl>>;
  let first: Database;
  let second: Database;
  let now: Date;
  const clock = () => now;
  const runner = (db: Database) => new SqliteJobQueue({ db, logger, clock });

  beforeAll(async () => {
    database = await createTestDatabaseUrl();
    // Two clients on one file: two servers sharing the database.
    first = await openDatabase(database.url);
    second = await openDatabase(database.url);
  });
  afterAll(async () => {
    await first.$disconnect();
    await second.$disconnect();
    await database.drop();
  });
  beforeEach(async () => {
    now = new Date('2026-07-01T00:00:00.000Z');
    await first.backgroundJob.deleteMany();
    await first.backgroundJobSchedule.deleteMany();
  });

  it('runs every job once when two runners share the database', async () => {
    const ran: string[] = [];
    const [a, b] = [runner(first), runner(second)];
    for (const queue of [a, b]) queue.register<{ n: number }>('test.count', async ({ data }) => void ran.push(String(data.n)));
    for (let n = 0; n < 30; n += 1) await a.enqueue('test.count', { n });
    await Promise.all([a.runDueJobs(), b.runDueJobs(), a.runDueJobs(), b.runDueJobs()]);
    expect(ran).toHaveLength(30);
    expect(new Set(ran).size).toBe(30);
    expect(await a.counts()).toEqual([{ queue: 'test.count', state: 'completed', count: 30 }]);
  });

  it('runs each queue in a lane of its own: a queue of slow jobs holds up no other queue', async () => {
    const queue = runner(first);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const slowStarted: number[] = [];
    let quickRan = 0;
    queue.register<{ n: number }>('test.photo-copies', async ({ data }) => {
      slowStarted.push(data.n);
      await held;
    });
    queue.register('test.emails', async () => void (quickRan += 1));
    // Older than the e-mail: the photos' jobs come first in the order of the table.
    for (let n = 0; n < 4; n += 1) await queue.enqueue('test.photo-copies', { n });
    await queue.enqueue('test.emails', {});
    const pass = queue.runDueJobs();
    await expect.poll(() => quickRan).toBe(1);
    // One slow job at a time in its lane, as a pg-boss worker takes them.
    expect(slowStarted).toEqual([0]);
    release();
    expect(await pass).toBe(5);
    expect(slowStarted).toEqual([0, 1, 2, 3]);
  });

  it('while it runs, starts a job queued or tried again in one queue as another queue is still busy', async () => {
    const queue = new SqliteJobQueue({ db: first, logger, pollIntervalMs: 50 });
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let slowStarted = 0;
    let quickRan = 0;
    queue.register('test.photo-copies', async () => {
      slowStarted += 1;
      await held;
    });
    queue.register('test.emails', async () => void (quickRan += 1));
    await queue.enqueue('test.photo-copies', {});
    await queue.start();
    await expect.poll(() => slowStarted).toBe(1);

    await queue.enqueue('test.emails', {});
    await expect.poll(() => quickRan).toBe(1);
    const failed = await first.backgroundJob.create({ data: { queue: 'test.emails', data: {}, state: 'failed', attempts: 4, retryLimit: 3, runAfter: new Date(), completedAt: new Date() } });
    expect(await queue.retry('test.emails', failed.id)).toBe(true);
    await expect.poll(() => quickRan).toBe(2);

    release();
    await queue.stop();
    expect(await queue.counts()).toEqual([
      { queue: 'test.emails', state: 'completed', count: 2 },
      { queue: 'test.photo-copies', state: 'completed', count: 1 },
    ]);
  });

  it('adds a job with a singleton key once', async () => {
    const queue = runner(first);
    expect(await queue.enqueue('test.once', {}, { singletonKey: 'invoice-1' })).toEqual(expect.any(String));
    expect(await queue.enqueue('test.once', {}, { singletonKey: 'invoice-1' })).toBeNull();
    expect(await queue.enqueue('test.once', {}, { singletonKey: 'invoice-2' })).toEqual(expect.any(String));
  });

  it('waits before a job runs at a later time', async () => {
    const queue = runner(first);
    let runs = 0;
    queue.register('test.later', async () => void (runs += 1));
    await queue.enqueue('test.later', {}, { runAt: new Date('2026-07-01T01:00:00.000Z') });
    expect(await queue.runDueJobs()).toBe(0);
    now = new Date('2026-07-01T01:00:00.000Z');
    expect(await queue.runDueJobs()).toBe(1);
    expect(runs).toBe(1);
  });

  it('retries a failed job after 1, then 2 minutes (doubling), and completes it', async () => {
    const queue = runner(first);
    const attempts: number[] = [];
    queue.register(
      'test.flaky',
      async ({ attempt }) => {
        attempts.push(attempt);
        if (attempt < 3) throw new Error(`try ${attempt} failed`);
      },
      { retryLimit: 3, retryDelaySeconds: 60 },
    );
    await queue.enqueue('test.flaky', {});
    await queue.runDueJobs();
    expect(attempts).toEqual([1]);
    expect(await first.backgroundJob.findFirst()).toMatchObject({ state: 'retry', lastError: 'try 1 failed', runAfter: new Date('2026-07-01T00:01:00.000Z') });

    now = new Date('2026-07-01T00:00:59.000Z');
    await queue.runDueJobs();
    expect(attempts).toEqual([1]);
    now = new Date('2026-07-01T00:01:00.000Z');
    await queue.runDueJobs();
    expect(attempts).toEqual([1, 2]);
    // The second wait is twice the first.
    now = new Date('2026-07-01T00:02:59.000Z');
    await queue.runDueJobs();
    expect(attempts).toEqual([1, 2]);
    now = new Date('2026-07-01T00:03:00.000Z');
    await queue.runDueJobs();
    expect(attempts).toEqual([1, 2, 3]);
    expect(await first.backgroundJob.findFirst()).toMatchObject({ state: 'completed' });
  });

  it('records a job that ran out of tries as failed, and staff can try it again', async () => {
    const queue = runner(first);
    let broken = true;
    queue.register(
      'test.mail',
      async () => {
        if (broken) throw new Error('SMTP server refused the connection');
      },
      { retryLimit: 1, retryDelaySeconds: 10 },
    );
    const id = await queue.enqueue('test.mail', {});
    await queue.runDueJobs();
    now = new Date(now.getTime() + 10_000);
    await queue.runDueJobs();
    const failed = await queue.failedJobs({ page: 1, pageSize: 10 });
    expect(failed).toMatchObject({ total: 1, jobs: [{ id, queue: 'test.mail', attempts: 2, lastError: 'SMTP server refused the connection', failedAt: now.toISOString() }] });

    // Nothing runs it again by itself.
    now = new Date(now.getTime() + 3_600_000);
    expect(await queue.runDueJobs()).toBe(0);

    broken = false;
    expect(await queue.retry('test.mail', 'no-such-job')).toBe(false);
    expect(await queue.retry('test.mail', id!)).toBe(true);
    expect(await queue.retry('test.mail', id!)).toBe(false);
    expect(await queue.runDueJobs()).toBe(1);
    expect(await queue.failedJobs({ page: 1, pageSize: 10 })).toEqual({ total: 0, jobs: [] });
    expect(await queue.counts()).toEqual([{ queue: 'test.mail', state: 'completed', count: 1 }]);
  });

  it('runs a schedule once per slot across two runners, in Perth time', async () => {
    const runs: string[] = [];
    const [a, b] = [runner(first), runner(second)];
    for (const queue of [a, b]) {
      queue.register('test.daily', async ({ now: at }) => void runs.push(at.toISOString()));
      await queue.schedule('test.daily', '0 8 * * *');
    }
    // A new schedule runs once at start, whichever runner gets there.
    await Promise.all([a.runDueJobs(), b.runDueJobs()]);
    expect(runs).toHaveLength(1);
    // 8 am in Perth is midnight UTC: the next slot is 2026-07-02T00:00Z.
    now = new Date('2026-07-01T23:59:00.000Z');
    await Promise.all([a.runDueJobs(), b.runDueJobs()]);
    expect(runs).toHaveLength(1);
    now = new Date('2026-07-02T00:00:30.000Z');
    await Promise.all([a.runDueJobs(), b.runDueJobs(), a.runDueJobs()]);
    expect(runs).toEqual([expect.any(String), '2026-07-02T00:00:30.000Z']);
  });

  it('takes back a job whose runner died, and stop() waits for a running job', async () => {
    const queue = runner(first);
    let finished = 0;
    queue.register('test.slow', async () => {
      await new Promise((resolve) => setTimeout(resolve, 200));
      finished += 1;
    });
    const id = await queue.enqueue('test.slow', {});
    await first.backgroundJob.update({ where: { id: id! }, data: { state: 'active', attempts: 1, startedAt: now, lockedBy: 'a runner that died' } });
    now = new Date(now.getTime() + 16 * 60_000);
    await queue.start();
    // Taken back and started again by this runner (the job was 'active' already under the dead one, so its state alone says nothing).
    await expect.poll(() => first.backgroundJob.findUniqueOrThrow({ where: { id: id! } }).then((job) => [job.state, job.attempts, job.lockedBy === 'a runner that died'])).toEqual(['active', 2, false]);
    await queue.stop();
    expect(finished).toBe(1);
    expect(await first.backgroundJob.findUniqueOrThrow({ where: { id: id! } })).toMatchObject({ state: 'completed', attempts: 2 });
  });

  it('reports its depth and every failed try to Prometheus', async () => {
    const queue = runner(first);
    const metrics = await createMetrics();
    metrics.measureJobs(queue);
    queue.register('invoices.sync', () => Promise.reject(new Error('accounting system unreachable')), { retryLimit: 1, retryDelaySeconds: 60 });
    await queue.enqueue('invoices.sync', {});
    await queue.enqueue('invoices.sync', {}, { runAt: new Date(now.getTime() + 3_600_000) });
    await queue.runDueJobs();
    now = new Date(now.getTime() + 61_000);
    await queue.runDueJobs();

    const text = await metrics.registry.metrics();
    expect(text).toContain('job_failures_total{job="invoices.sync"} 2');
    expect(text).toContain('job_queue_depth{job="invoices.sync",state="failed"} 1');
    expect(text).toContain('job_queue_depth{job="invoices.sync",state="created"} 1');
  });
});
