import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { Store as RateLimitStore } from 'express-rate-limit';
import { providerOf } from '../db/provider';
import type { Logger } from './logger';

/** Cached reference data an instance keeps in memory; a change to it is announced to every instance. */
export type ChangeTopic = 'pricing-model';

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

  if (redisUrl) {
    // Loaded only when configured: Redis's client is a tenth of a second of every start-up.
    const [{ createClient }, { RedisStore: RedisRateLimitStore }] = await Promise.all([import('redis'), import('rate-limit-redis')]);
    const client = createClient({ url: redisUrl });
    const subscriber = client.duplicate();
    for (const connection of [client, subscriber]) connection.on('error', (error) => logger.error({ err: error }, 'Redis error (shared state)'));
    await Promise.all([client.connect(), subscriber.connect()]);
    await subscriber.subscribe(CHANNEL, deliver);
    return {
      rateLimitStore: (limitName) => new RedisRateLimitStore({ sendCommand: (...args: string[]) => client.sendCommand(args), prefix: `${RATE_LIMIT_PREFIX}${limitName}:` }),
      announce: async (topic) => {
        await client.publish(CHANNEL, message(topic));
      },
      onChange,
      check: async () => {
        await client.ping();
      },
      close: async () => {
        await Promise.allSettled([subscriber.quit(), client.quit()]);
      },
    };
  }

  if (providerOf(databaseUrl) === 'postgresql') {
    const { default: pg } = await import('pg');
    const listener = new pg.Client({ connectionString: databaseUrl });
    listener.on('error', (error) => logger.error({ err: error }, 'PostgreSQL notification connection error'));
    listener.on('notification', (message) => {
      if (message.channel === CHANNEL && message.payload) deliver(message.payload);
    });
    await listener.connect();
    await listener.query(`LISTEN ${CHANNEL}`);
    return {
      rateLimitStore: () => undefined,
      announce: async (topic) => {
        await listener.query('SELECT pg_notify($1, $2)', [CHANNEL, message(topic)]);
      },
      onChange,
      check: async () => {
        await listener.query('SELECT 1');
      },
      close: async () => {
        await listener.end();
      },
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
  return message === 'pricing-model';
}
