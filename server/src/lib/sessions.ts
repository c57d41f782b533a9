import { createHmac, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { PrismaSessionStore } from '@quixo3/prisma-session-store';
import { RedisStore } from 'connect-redis';
import session, { type Store } from 'express-session';
import type { RequestHandler } from 'express';
import { createClient } from 'redis';
import { SESSION_FRESHNESS_MS } from '@shared/constants';
import type { Env } from '../config/env';
import type { Database } from '../db/client';
import { providerOf, sqliteFilePath } from '../db/provider';
import type { Logger } from './logger';
import './session-types';

/** Sessions idle for 24 hours end (SPEC §4); every response pushes the expiry forward. */
export const SESSION_IDLE_TIMEOUT_MS = SESSION_FRESHNESS_MS;

export interface SessionStoreHandle {
  store: Store;
  /** Stops background pruning (the database itself is closed by its owner) or closes Redis. */
  close: () => Promise<void>;
}

export interface SessionSettings {
  store: Store;
  secret: string;
  /** Secure cookies with the __Host- prefix: behind HTTPS (NODE_ENV=production or an https PUBLIC_URL). */
  secureCookies: boolean;
}

/**
 * The session store: Redis when REDIS_URL is set, otherwise the app's own database. Never the
 * memory store, which forgets everyone at a restart and grows without bound.
 */
export async function createSessionStore({ db, redisUrl, logger, pruneExpired }: { db: Database; redisUrl?: string; logger: Logger; pruneExpired: boolean }): Promise<SessionStoreHandle> {
  if (redisUrl) {
    const client = createClient({ url: redisUrl });
    client.on('error', (error) => logger.error({ err: error }, 'Redis session store error'));
    await client.connect();
    return {
      store: new RedisStore({ client, prefix: 'grain-session:' }),
      close: async () => {
        await client.quit();
      },
    };
  }
  const store = new PrismaSessionStore(db as never, {
    // Expired rows are deleted every 10 minutes; tests switch this off so no timer outlives them.
    checkPeriod: pruneExpired ? 10 * 60 * 1000 : undefined,
    dbRecordIdIsSessionId: true,
    logger: false,
  });
  return {
    store,
    close: async () => {
      store.stopInterval();
    },
  };
}

/**
 * SESSION_SECRET, or one generated on first start and kept (mode 0600) in the data folder beside
 * the SQLite file, so sessions survive a restart without anyone having to invent a secret.
 */
export function loadSessionSecret(env: Pick<Env, 'SESSION_SECRET' | 'DATABASE_URL'>, logger: Logger): string {
  if (env.SESSION_SECRET) return env.SESSION_SECRET;
  const dataDir = providerOf(env.DATABASE_URL) === 'sqlite' ? dirname(resolve(sqliteFilePath(env.DATABASE_URL))) : resolve('data');
  const file = join(dataDir, 'session-secret');
  if (existsSync(file)) {
    const secret = readFileSync(file, 'utf8').trim();
    if (secret.length >= 32) return secret;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  logger.warn({ file }, 'SESSION_SECRET is not set; generated one and kept it in the data folder');
  return secret;
}

export function usesSecureCookies(env: Pick<Env, 'NODE_ENV' | 'PUBLIC_URL'>): boolean {
  return env.NODE_ENV === 'production' || Boolean(env.PUBLIC_URL?.startsWith('https:'));
}

/** Cookie names: the __Host- prefix (Secure, host-only, path /) whenever cookies are Secure. */
export function cookieNames(secureCookies: boolean) {
  const prefix = secureCookies ? '__Host-' : '';
  return { session: `${prefix}grain.sid`, csrf: `${prefix}grain.csrf`, visitor: `${prefix}grain.visitor` };
}

export function sessionMiddleware({ store, secret, secureCookies }: SessionSettings): RequestHandler {
  return session({
    name: cookieNames(secureCookies).session,
    secret,
    store,
    resave: false,
    // Visitors get no stored session until they sign in (their CSRF token needs none).
    saveUninitialized: false,
    rolling: true,
    unset: 'destroy',
    cookie: { httpOnly: true, sameSite: 'lax', secure: secureCookies, path: '/', maxAge: SESSION_IDLE_TIMEOUT_MS },
  });
}

/**
 * The session reference the account calls return as `sessionId`: stable for the session, useful in
 * logs and error reports, and useless as a credential (the cookie value never leaves HttpOnly).
 */
export function publicSessionId(secret: string, sessionId: string): string {
  return createHmac('sha256', secret).update(`session-reference:${sessionId}`).digest('base64url').slice(0, 24);
}
