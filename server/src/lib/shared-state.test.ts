/**
 * The shared state's forms, each over its real service: a change announced by one instance reaches
 * another (Redis pub/sub; PostgreSQL LISTEN/NOTIFY without Redis), and never comes back to its sender.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startPostgresCluster, startRedis, type StoppableService, waitUntil } from '../testing/services';
import { createTestDatabaseUrl } from '../testing/test-database';
import { createLogger } from './logger';
import { openSharedState, type SharedState } from './shared-state';

const logger = createLogger('silent');
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const opened: SharedState[] = [];
const open = async (options: { databaseUrl: string; redisUrl?: string }) => {
  const state = await openSharedState({ ...options, logger });
  opened.push(state);
  return state;
};
afterEach(async () => {
  await Promise.all(opened.splice(0).map((state) => state.close()));
});

/** Resolves when `state` hears of a pricing model change. */
const heard = (state: SharedState) => new Promise<void>((resolve) => state.onChange('pricing-model', resolve));

describe('a change announced by one instance', () => {
  it('reaches the other through Redis', async () => {
    const [one, other] = [await open({ databaseUrl: 'file:unused.db', redisUrl: REDIS_URL }), await open({ databaseUrl: 'file:unused.db', redisUrl: REDIS_URL })];
    let heardByOne = 0;
    one.onChange('pricing-model', () => (heardByOne += 1));
    const otherHeard = heard(other);
    await one.announce('pricing-model');
    await otherHeard;
    // Its own announcement never comes back to the sender; the other's does.
    const oneHeard = heard(one);
    await other.announce('pricing-model');
    await oneHeard;
    expect(heardByOne).toBe(1);
    await expect(one.check()).resolves.toBeUndefined();
    expect(one.rateLimitStore('signInPerAddress')).toBeDefined();
  });

  it('reaches the other through PostgreSQL LISTEN/NOTIFY when there is no Redis', async () => {
    const database = await createTestDatabaseUrl();
    if (!database.url.startsWith('postgres')) {
      // The SQLite pass of the API tests: one instance, no one else to tell, counts in memory.
      const state = await open({ databaseUrl: database.url });
      await expect(state.announce('pricing-model')).resolves.toBeUndefined();
      expect(state.rateLimitStore('signInPerAddress')).toBeUndefined();
      return;
    }
    try {
      const [one, other] = [await open({ databaseUrl: database.url }), await open({ databaseUrl: database.url })];
      const otherHeard = heard(other);
      await one.announce('pricing-model');
      await otherHeard;
      await expect(other.check()).resolves.toBeUndefined();
    } finally {
      await Promise.all(opened.splice(0).map((state) => state.close()));
      await database.drop();
    }
  });
});

/** Two instances on `options`; `service` restarts: each drops its cache when back, and an announcement reaches the other again. */
async function announcementsSurviveRestart(service: StoppableService, options: { databaseUrl: string; redisUrl?: string }) {
  try {
    const [one, other] = [await open(options), await open(options)];
    await service.stop();
    // What was missed while away is made good by dropping the cache when the connection is back.
    const resynced = heard(other);
    await service.start();
    await resynced;
    await waitUntil('the instance connected again', () =>
      one.check().then(
        () => true,
        () => false,
      ),
    );
    const otherHeard = heard(other);
    await one.announce('pricing-model');
    await otherHeard;
  } finally {
    await Promise.all(opened.splice(0).map((state) => state.close()));
    await service.dispose();
  }
}

describe('after the service restarts', () => {
  it('Redis: the subscriber is back on the channel, and an announcement reaches the other instance again', async () => {
    const redis = await startRedis();
    await announcementsSurviveRestart(redis, { databaseUrl: 'file:unused.db', redisUrl: redis.url });
  });

  it.runIf(process.env.TEST_DATABASE === 'postgresql')('PostgreSQL: the LISTEN connection is back, and an announcement reaches the other instance again', async () => {
    const postgres = await startPostgresCluster();
    await announcementsSurviveRestart(postgres, { databaseUrl: postgres.url('postgres') });
  });
});
