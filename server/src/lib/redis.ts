/**
 * The one way the server opens a Redis connection (sessions, rate-limit counts, announcements), so
 * that each behaves the same through an outage (docs/operations.md, "Outages"):
 * - a command while Redis is away fails at once (no offline queue) and the request answers 503,
 *   rather than waiting for a server that may not come back;
 * - the connection is tried again with back-off, 100 ms doubling to 5 s, for as long as it takes, and
 *   a subscriber's channels are subscribed again when it is back;
 * - the outage is logged when it starts and when it ends, not at every try;
 * - closing never waits on a server that does not answer.
 */
import type { RedisClientType } from 'redis';
import type { Logger } from './logger';

export const REDIS_CONNECT_TIMEOUT_MS = 5_000;
const MAX_RECONNECT_DELAY_MS = 5_000;
/** How long closing waits for Redis to take QUIT before it drops the connection. */
const QUIT_TIMEOUT_MS = 1_000;

export const reconnectDelayMs = (retries: number) => Math.min(100 * 2 ** retries, MAX_RECONNECT_DELAY_MS);

export interface RedisConnection {
  client: RedisClientType;
  close(): Promise<void>;
}

/**
 * Waits for the connection at most REDIS_CONNECT_TIMEOUT_MS: a server that starts while Redis is down
 * still starts, and is not ready (GET /api/ready) until Redis answers. `subscriber` keeps commands
 * made while away (SUBSCRIBE) to send when it is back; every other connection refuses them.
 * `onReconnect` is called each time the connection is back after being lost.
 */
export async function openRedis(url: string, logger: Logger, purpose: string, { subscriber = false, onReconnect }: { subscriber?: boolean; onReconnect?: () => void } = {}): Promise<RedisConnection> {
  // Loaded only when configured: Redis's client is a tenth of a second of every start-up.
  const { createClient } = await import('redis');
  const client = createClient({
    url,
    disableOfflineQueue: !subscriber,
    socket: { connectTimeout: REDIS_CONNECT_TIMEOUT_MS, reconnectStrategy: (retries) => reconnectDelayMs(retries) },
  }) as RedisClientType;
  let down = false;
  client.on('error', (error: unknown) => {
    if (down) return;
    down = true;
    logger.error({ err: error, purpose }, `Redis connection lost (${purpose}); trying again with back-off`);
  });
  client.on('ready', () => {
    if (!down) return;
    down = false;
    logger.info({ purpose }, `Redis connection back (${purpose})`);
    onReconnect?.();
  });
  await withinConnectTimeout(client.connect().catch((error: unknown) => logger.error({ err: error, purpose }, `Redis connection could not be opened (${purpose})`)));
  return {
    client,
    close: async () => {
      if (!client.isOpen) return;
      // QUIT when Redis answers; otherwise drop the socket and stop reconnecting, so shutdown is bounded.
      const quit = client.isReady
        ? client.quit().then(
            () => true,
            () => false,
          )
        : Promise.resolve(false);
      const timeout = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), QUIT_TIMEOUT_MS).unref());
      if (!(await Promise.race([quit, timeout])) && client.isOpen) client.destroy();
    },
  };
}

/** `promise`, or nothing once REDIS_CONNECT_TIMEOUT_MS has passed (it goes on in the background). */
export async function withinConnectTimeout(promise: Promise<unknown>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([promise, new Promise((resolve) => (timer = setTimeout(resolve, REDIS_CONNECT_TIMEOUT_MS)))]);
  clearTimeout(timer);
}
