import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/client';
import { providerOf } from '../db/provider';
import { createLogger } from '../lib/logger';
import { unavailableDependency } from '../lib/outages';
import { startTcpProxy } from '../testing/services';
import { createTestDatabaseUrl } from '../testing/test-database';
import type { JobQueue } from '../lib/job-queue';
import { PgBossJobQueue } from './pg-boss-job-queue';
import { SqliteJobQueue } from './sqlite-job-queue';

// The queue the server would pick for the test database: pg-boss under `npm run test:pg`, the
// SQLite runner otherwise. Two queues on one database stand for two servers.
const logger = createLogger('silent');
let database: Awaited<ReturnType<typeof createTestDatabaseUrl>>;
let clients: Database[] = [];
let started: JobQueue[] = [];

function newQueue(db: Database): JobQueue {
  return providerOf(database.url) === 'postgresql'
    ? new PgBossJobQueue({ databaseUrl: database.url, db, logger, pollIntervalSeconds: 0.5, cronMonitorIntervalSeconds: 1 })
    : new SqliteJobQueue({ db, logger, pollIntervalMs: 100 });
}

async function twoServers(setUp: (queue: JobQueue) => Promise<void> | void): Promise<[JobQueue, JobQueue]> {
  const queues = clients.map(newQueue) as [JobQueue, JobQueue];
  for (const queue of queues) await setUp(queue);
  for (const queue of queues) {
    await queue.start();
    started.push(queue);
  }
  return queues;
}

beforeAll(async () => {
  database = await createTestDatabaseUrl();
  clients = [await openDatabase(database.url), await openDatabase(database.url)];
});
afterEach(async () => {
  for (const queue of started) await queue.stop();
  started = [];
});
afterAll(async () => {
  for (const db of clients) await db.$disconnect();
  await database.drop();
});

describe(`the job queue on ${process.env.TEST_DATABASE === 'postgresql' ? 'PostgreSQL (pg-boss)' : 'SQLite'}`, () => {
  it('runs each job once across two servers', async () => {
    const ran: number[] = [];
    const [a] = await twoServers((queue) => queue.register<{ n: number }>('test.each', async ({ data }) => void ran.push(data.n)));
    for (let n = 0; n < 12; n += 1) await a.enqueue('test.each', { n });
    await expect.poll(() => ran.length, { timeout: 20_000 }).toBe(12);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect([...ran].sort((x, y) => x - y)).toEqual(Array.from({ length: 12 }, (_, n) => n));
    await expect.poll(async () => (await a.counts()).find((count) => count.queue === 'test.each' && count.state === 'completed')?.count, { timeout: 10_000 }).toBe(12);
  });

  it('takes a job for a queue registered after it started, at once, and runs it', async () => {
    const [a] = await twoServers(() => undefined);
    const ran: string[] = [];
    a.register<{ note: string }>('test.late', async ({ data }) => void ran.push(data.note));
    expect(await a.enqueue('test.late', { note: 'added before its worker was up' })).toEqual(expect.any(String));
    await expect.poll(() => ran, { timeout: 20_000 }).toEqual(['added before its worker was up']);
  });

  it('adds a job in a transaction of the app’s database only when it commits, and runs it when woken', async () => {
    const ran: string[] = [];
    const [a] = await twoServers((queue) => queue.register<{ note: string }>('test.in-transaction', async ({ data }) => void ran.push(data.note)));
    const db = clients[0]!;
    await expect(
      db.$transaction(async (tx) => {
        await a.enqueue('test.in-transaction', { note: 'rolled back' }, { writer: tx });
        throw new Error('the change it was to work on failed');
      }),
    ).rejects.toThrow('the change it was to work on failed');
    await db.$transaction((tx) => a.enqueue('test.in-transaction', { note: 'committed' }, { writer: tx, singletonKey: 'committed' }));
    a.wake('test.in-transaction');
    await expect.poll(() => ran, { timeout: 20_000 }).toEqual(['committed']);
    // The singleton key was taken by the committed job: it is not added again.
    expect(await a.enqueue('test.in-transaction', { note: 'again' }, { singletonKey: 'committed' })).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(ran).toEqual(['committed']);
  });

  it('adds a job with a singleton key once', async () => {
    const [a, b] = await twoServers((queue) => queue.register('test.singleton', async () => undefined));
    expect(await a.enqueue('test.singleton', {}, { singletonKey: 'payment_overdue:inv1' })).toEqual(expect.any(String));
    expect(await b.enqueue('test.singleton', {}, { singletonKey: 'payment_overdue:inv1' })).toBeNull();
  });

  it.runIf(process.env.TEST_DATABASE === 'postgresql')('adds a job through the app’s own database client, so losing the database there is an outage the server answers with 503', async () => {
    const ran: string[] = [];
    await twoServers((queue) => queue.register<{ note: string }>('test.app-client', async ({ data }) => void ran.push(data.note)));
    // A server whose every connection to the database (its app client's and pg-boss's pool) goes
    // through a network that is then cut.
    const network = await startTcpProxy(database.url);
    const appClient = await openDatabase(network.url);
    const server = new PgBossJobQueue({ databaseUrl: network.url, db: appClient, logger });
    await server.start();
    try {
      expect(await server.enqueue('test.app-client', { note: 'added before the cut' })).toEqual(expect.any(String));
      await expect.poll(() => ran, { timeout: 20_000 }).toEqual(['added before the cut']);

      await network.cut();
      const failure = await server.enqueue('test.app-client', { note: 'added after the cut' }).catch((error: unknown) => error);
      // The error the server's error handler sees names the database, so the caller is told 503 with Retry-After.
      expect(unavailableDependency(failure)).toBe('database');
    } finally {
      await server.stop(1000);
      await appClient.$disconnect();
    }
  });

  it('keeps a job that failed every try for staff, with its error, and runs it again when asked', async () => {
    let broken = true;
    const [a] = await twoServers((queue) =>
      queue.register(
        'test.broken',
        async () => {
          if (broken) throw new Error('The mail server refused the message');
        },
        { retryLimit: 0, retryDelaySeconds: 1 },
      ),
    );
    const id = await a.enqueue('test.broken', {});
    await expect.poll(async () => (await a.failedJobs({ page: 1, pageSize: 10 })).total, { timeout: 20_000 }).toBe(1);
    expect((await a.failedJobs({ page: 1, pageSize: 10 })).jobs).toEqual([expect.objectContaining({ id, queue: 'test.broken', attempts: 1, lastError: 'The mail server refused the message' })]);
    expect(await a.counts()).toContainEqual({ queue: 'test.broken', state: 'failed', count: 1 });

    broken = false;
    expect(await a.retry('test.broken', id!)).toBe(true);
    await expect.poll(async () => (await a.counts()).find((count) => count.queue === 'test.broken' && count.state === 'completed')?.count, { timeout: 20_000 }).toBe(1);
    expect(await a.failedJobs({ page: 1, pageSize: 10 })).toEqual({ total: 0, jobs: [] });
  });

  it('runs a scheduled job once per slot across two servers', { timeout: 100_000 }, async () => {
    const runs: Array<{ id: string; at: number }> = [];
    const watchedFrom = Date.now();
    await twoServers(async (queue) => {
      queue.register('test.every-minute', async ({ id }) => void runs.push({ id, at: Date.now() }));
      await queue.schedule('test.every-minute', '* * * * *');
    });
    // pg-boss sends a cron job at the top of the minute; the SQLite runner also runs a new schedule at once.
    await expect.poll(() => runs.length, { timeout: 80_000, interval: 500 }).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 4000));
    // Each slot's job ran on one server only, and no more jobs ran than there were slots while watched
    // (a slot's job may start a moment into the next minute, so start times alone do not tell slots apart).
    expect(new Set(runs.map((run) => run.id)).size).toBe(runs.length);
    const slotsWatched = Math.floor(Date.now() / 60_000) - Math.floor(watchedFrom / 60_000) + 1;
    expect(runs.length).toBeLessThanOrEqual(slotsWatched);
  });
});
