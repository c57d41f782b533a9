/**
 * A LISTEN connection to PostgreSQL that survives the database going away: when its connection
 * ends (a restart, a failover, a network cut) it is opened again with back-off, 100 ms doubling to
 * 5 s, for as long as it takes, and LISTENs again. Readiness asks check(), which fails while it is
 * away (docs/operations.md, "Outages").
 */
import type { Client } from 'pg';
import type { Logger } from './logger';
import { reconnectDelayMs } from './redis';

const CONNECT_TIMEOUT_MS = 5_000;

export interface PostgresListener {
  /** Sends a notification on the channel; throws while the connection is away. */
  notify(payload: string): Promise<void>;
  /** Throws while the connection is away or does not answer. */
  check(): Promise<void>;
  close(): Promise<void>;
}

export async function listenToPostgres(
  databaseUrl: string,
  channel: string,
  { logger, onNotification, onReconnect }: { logger: Logger; onNotification: (payload: string) => void; onReconnect: () => void },
): Promise<PostgresListener> {
  const { default: pg } = await import('pg');
  let client: Client | undefined;
  let closed = false;
  let retries = 0;
  let retryTimer: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const candidate = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
    // Both fire when the server goes away; `lost` runs once per connection.
    let lostAlready = false;
    const lost = (error?: unknown) => {
      if (lostAlready) return;
      lostAlready = true;
      if (client === candidate) client = undefined;
      if (closed) return;
      if (retries === 0) logger.error({ err: error }, 'PostgreSQL notification connection lost; trying again with back-off');
      scheduleRetry();
    };
    candidate.on('error', lost);
    candidate.on('end', () => lost());
    candidate.on('notification', (message) => {
      if (message.channel === channel && message.payload) onNotification(message.payload);
    });
    try {
      await candidate.connect();
      await candidate.query(`LISTEN ${channel}`);
    } catch (error) {
      candidate.end().catch(() => undefined);
      lost(error);
      return;
    }
    if (closed) {
      await candidate.end();
      return;
    }
    client = candidate;
    if (retries > 0) {
      logger.info({ tries: retries }, 'PostgreSQL notification connection back');
      onReconnect();
    }
    retries = 0;
  };

  const scheduleRetry = () => {
    const delay = reconnectDelayMs(retries);
    retries += 1;
    retryTimer = setTimeout(() => void connect(), delay);
    // A retry pending must not keep a stopping process alive.
    retryTimer.unref();
  };

  await connect();
  return {
    notify: async (payload) => {
      if (!client) throw new Error('The PostgreSQL notification connection is away.');
      await client.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    check: async () => {
      if (!client) throw new Error('The PostgreSQL notification connection is away.');
      await client.query('SELECT 1');
    },
    close: async () => {
      closed = true;
      clearTimeout(retryTimer);
      await client?.end().catch(() => undefined);
    },
  };
}
