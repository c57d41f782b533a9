import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { Store as RateLimitStore } from 'express-rate-limit';
import type { RedisClientType } from 'redis';
import { providerOf } from '../db/provider';
import type { Logger } from './logger';
import { listenToPostgres } from './postgres-listener';
import { openRedis, withinConnectTimeout } from './redis';

/** Cached reference data an instance keeps in memory; a change to it is announced to every instance. */
const CHANGE_TOPICS = ['pricing-model'] as const;
export type ChangeTopic = (typeof CHANGE_TOPICS)[number];

/**
 * What instances of the server share beyond the database, so that nothing a person sees depends on
 * which instance answers: rate-limit counts, and word that cached reference data has changed.
 * - With REDIS_URL: counts in Redis, announcements on a Redis channel.
 * - On PostgreSQL without Redis: counts per instance (a limit then holds per instance, not overall),
 *   announcements through LISTEN/NOTIFY.
 * - On the embedded SQLite default (one instance): counts in memory, and no one else to tell.
 */
export interface SharedState {
  /** Where a rate limit keeps its counts; undefined means this process's memory. */
  rateLimitStore(limitName: string): RateLimitStore | undefined;
  /** Tells every other instance that `topic` changed (the announcing instance has acted on it already). */
  announce(topic: ChangeTopic): Promise<void>;
  /** Calls `listener` whenever another instance announces `topic`; returns the unsubscribe. */
  onChange(topic: ChangeTopic, listener: () => void): () => void;
  /**
   * With REDIS_URL, the one connection for commands: rate-limit counts, announcements sent, and the
   * session store's reads and writes, so that readiness (`check`) answers for every one of them.
   */
  redis?: RedisClientType;
  /** Throws if a shared service (Redis, the notification connection) does not answer. */
  check(): Promise<void>;
  close(): Promise<void>;
}

const CHANNEL = 'grain_changes';
const RATE_LIMIT_PREFIX = 'grain-rate-limit:';

export async function openSharedState({ databaseUrl, redisUrl, logger }: { databaseUrl: string; redisUrl?: string; logger: Logger }): Promise<SharedState> {
  const local = new EventEmitter();
  // Each message names the instance that sent it: hearing one's own announcement late would drop a
  // cache filled since, with nothing new to read.
  const instanceId = randomUUID();
  const message = (topic: ChangeTopic) => `${topic}|${instanceId}`;
  const deliver = (received: string) => {
    const [topic, sender] = received.split('|');
    if (topic !== undefined && isTopic(topic) && sender !== instanceId) local.emit(topic);
  };
  const onChange = (topic: ChangeTopic, listener: () => void) => {
    local.on(topic, listener);
    return () => local.off(topic, listener);
  };

  // A connection that was lost may have missed announcements: every cache is dropped when it is back.
  const resync = () => {
    for (const topic of CHANGE_TOPICS) local.emit(topic);
  };
  // An announcement that cannot be sent is logged, not thrown: the change it reports is saved, and the
  // other instances drop their caches when their own connection comes back.
  const announceWith = (send: (text: string) => Promise<unknown>) => async (topic: ChangeTopic) => {
    await send(message(topic)).catch((error: unknown) => logger.warn({ err: error, topic }, 'a change could not be announced to the other instances'));
  };

  if (redisUrl) {
    const [redis, subscription, { RedisStore: RedisRateLimitStore }] = await Promise.all([
      openRedis(redisUrl, logger, 'commands'),
      openRedis(redisUrl, logger, 'announcements', { subscriber: true, onReconnect: resync }),
      import('rate-limit-redis'),
    ]);
    const { client } = redis;
    // node-redis subscribes again by itself after every reconnection.
    await withinConnectTimeout(subscription.client.subscribe(CHANNEL, deliver).catch((error: unknown) => logger.error({ err: error }, 'Redis subscription failed')));
    return {
      redis: client,
      rateLimitStore: (limitName) => new RedisRateLimitStore({ sendCommand: (...args: string[]) => client.sendCommand(args), prefix: `${RATE_LIMIT_PREFIX}${limitName}:` }),
      announce: announceWith((text) => client.publish(CHANNEL, text)),
      onChange,
      check: async () => {
        await client.ping();
        // Announcements missed meanwhile are made good when it is back (resync), but none are heard until then.
        if (!subscription.client.isReady) throw new Error('The Redis subscription for announcements is not connected.');
      },
      close: async () => {
        await Promise.all([subscription.close(), redis.close()]);
      },
    };
  }

  if (providerOf(databaseUrl) === 'postgresql') {
    const listener = await listenToPostgres(databaseUrl, CHANNEL, { logger, onNotification: deliver, onReconnect: resync });
    return {
      rateLimitStore: () => undefined,
      announce: announceWith((text) => listener.notify(text)),
      onChange,
      check: () => listener.check(),
      close: () => listener.close(),
    };
  }

  return {
    rateLimitStore: () => undefined,
    announce: async () => undefined,
    onChange,
    check: async () => undefined,
    close: async () => undefined,
  };
}

function isTopic(message: string): message is ChangeTopic {
  return (CHANGE_TOPICS as readonly string[]).includes(message);
}
