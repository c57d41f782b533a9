import { createHmac, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { PrismaSessionStore } from '@quixo3/prisma-session-store';
import type { RedisStore } from 'connect-redis';
import session, { type SessionData, type Store } from 'express-session';
import type { Request, RequestHandler } from 'express';
import type { RedisClientType } from 'redis';
import { SESSION_FRESHNESS_MS } from '@shared/constants';
import { REFERRAL_CODE_COOKIE } from '@shared/contracts/accounts';
import type { Env } from '../config/env';
import type { Database } from '../db/client';
import { providerOf, sqliteFilePath } from '../db/provider';
import type { Logger } from './logger';
import './session-types';

/** Sessions idle for 24 hours end (docs/behaviour.md §4); every response pushes the expiry forward. */
export const SESSION_IDLE_TIMEOUT_MS = SESSION_FRESHNESS_MS;

/**
 * A session's stored expiry is written at most this often, not on every request: express-session
 * touches the store on every response of a rolling session, which was a read and a write per call.
 * The idle timeout therefore holds to within this interval (a session may end up to a minute early).
 */
export const SESSION_EXPIRY_WRITE_INTERVAL_MS = 60_000;

/**
 * A session store that answers one person's sessions without reading anyone else's:
 * the database keeps each session's user in an indexed column, Redis a set of session ids per user.
 */
export interface UserSessionStore extends Store {
  /** The sessions signed in as this user that have not expired, as [session id, data]. */
  sessionsOf(userId: string): Promise<Array<[string, SessionData]>>;
}

export function isUserSessionStore(store: Store): store is UserSessionStore {
  return typeof (store as Partial<UserSessionStore>).sessionsOf === 'function';
}

/** The Redis set of one user's session ids, kept as long as the longest-lived of them. */
export const redisUserSessionsKey = (userId: string) => `grain-session-user:${userId}`;

export interface SessionStoreHandle {
  store: UserSessionStore;
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
 * memory store, which forgets everyone at a restart and grows without bound. In Redis, sessions are
 * read on the shared state's connection (`redis`), the one readiness asks: a connection of their own
 * could still be coming back after an outage while readiness was already green.
 */
export async function createSessionStore({ db, redis }: { db: Database; redis?: RedisClientType }): Promise<SessionStoreHandle> {
  if (redis) {
    const { RedisStore: ConnectRedisStore } = await import('connect-redis');
    // The connection is the shared state's to close.
    return { store: redisSessionStore(ConnectRedisStore, redis), close: async () => undefined };
  }
  const store = new DatabaseSessionStore(db, {
    // No timer of its own: the background job sessions.prune deletes expired rows (server/src/jobs/app-jobs.ts).
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
 * The expiry each loaded session had in the store, read by the store's get (so it is the same
 * whichever server instance answers), keyed by the request's Session object.
 */
const storedExpiries = new WeakMap<object, number>();
const STORED_EXPIRY = Symbol('stored session expiry');
type LoadedSessionData = SessionData & { [STORED_EXPIRY]?: number };

/** The session data a store's get answers, carrying the stored expiry to createSession. */
function loaded(data: SessionData, storedExpiry: number | undefined): LoadedSessionData {
  return Object.assign(data, { [STORED_EXPIRY]: storedExpiry });
}

/** What touch is given: the session with its cookie (the Prisma store types it partially). */
interface TouchedSession {
  cookie?: { expires?: Date | string | null | undefined } | undefined;
}

function rememberStoredExpiry(session: object, data: LoadedSessionData): void {
  const storedExpiry = data[STORED_EXPIRY];
  if (storedExpiry !== undefined) storedExpiries.set(session, storedExpiry);
}

/** True when the store's expiry lags the session's new one by a write interval or more (or is unknown). */
function expiryWriteDue(session: TouchedSession): boolean {
  const stored = storedExpiries.get(session);
  const wanted = newExpiry(session).getTime();
  return stored === undefined || wanted - stored >= SESSION_EXPIRY_WRITE_INTERVAL_MS;
}

function newExpiry(session: TouchedSession): Date {
  return session.cookie?.expires ? new Date(session.cookie.expires) : new Date(Date.now() + SESSION_IDLE_TIMEOUT_MS);
}

/** Who is signed in with a session's data, if anyone. */
function userOf(session: { userId?: unknown } | undefined): string | null {
  return typeof session?.userId === 'string' ? session.userId : null;
}

/** Answers a store call both ways express-session may make it: a callback, and a promise. */
function settle<T>(work: Promise<T>, callback?: (error?: unknown, value?: T) => void): Promise<T | undefined> {
  return work.then(
    (value) => {
      callback?.(undefined, value);
      return value;
    },
    (error: unknown) => {
      if (!callback) throw error;
      callback(error);
      return undefined;
    },
  );
}

/** A session as express-session hands it to the store to save (the Prisma store types it partially). */
type SessionToSave = Parameters<PrismaSessionStore<'session'>['set']>[1];

/**
 * Sessions in the app's database. Reading a session is one query (the library's get also asks
 * Prisma to connect first); touching one writes only when its stored expiry is a write interval
 * behind, and then also the cookie kept in the data (the settings page's 'last active' reads it).
 * Saving a session is one upsert that also keeps who is signed in with it (`userId`, indexed), so
 * one person's sessions are read by that column alone; destroying one is the library's.
 */
class DatabaseSessionStore extends PrismaSessionStore implements UserSessionStore {
  constructor(
    private readonly db: Database,
    options: ConstructorParameters<typeof PrismaSessionStore<'session'>>[1],
  ) {
    super(db as never, options);
  }

  override readonly get = (sid: string, callback?: (error?: unknown, data?: SessionData) => void) => settle<SessionData | undefined>(this.read(sid), callback);

  override readonly touch = (sid: string, session: TouchedSession, callback?: (error?: unknown) => void) => settle(expiryWriteDue(session) ? this.writeExpiry(sid, session) : Promise.resolve(), callback);

  override readonly set = (sid: string, session: SessionToSave, callback?: (error?: unknown) => void) => settle(this.write(sid, session), callback);

  async sessionsOf(userId: string): Promise<Array<[string, SessionData]>> {
    const rows = await this.db.session.findMany({ where: { userId, expiresAt: { gt: new Date() } }, select: { sid: true, data: true } });
    return rows.map((row): [string, SessionData] => [row.sid, JSON.parse(row.data) as SessionData]).filter(([, data]) => userOf(data) === userId);
  }

  override createSession(req: Request, data: LoadedSessionData) {
    const created = super.createSession(req, data);
    rememberStoredExpiry(created, data);
    return created;
  }

  private async read(sid: string): Promise<SessionData | undefined> {
    const row = await this.db.session.findUnique({ where: { sid } });
    if (!row) return undefined;
    if (row.expiresAt.getTime() <= Date.now()) {
      await this.db.session.deleteMany({ where: { sid } });
      return undefined;
    }
    return loaded(JSON.parse(row.data) as SessionData, row.expiresAt.getTime());
  }

  /** The session as express-session hands it over (a new or changed one), with who is signed in with it. */
  private async write(sid: string, session: SessionToSave): Promise<void> {
    const expiresAt = newExpiry(session);
    const data = JSON.stringify(session);
    const userId = userOf(session);
    await this.db.session.upsert({ where: { sid }, create: { id: sid, sid, data, expiresAt, userId }, update: { data, expiresAt, userId } });
  }

  private async writeExpiry(sid: string, session: TouchedSession): Promise<void> {
    const row = await this.db.session.findUnique({ where: { sid }, select: { data: true } });
    if (!row) return;
    const expiresAt = newExpiry(session);
    // The data as stored now, not this request's copy: another request may have changed it meanwhile.
    const data = JSON.stringify({ ...(JSON.parse(row.data) as SessionData), cookie: session.cookie });
    await this.db.session.updateMany({ where: { sid }, data: { expiresAt, data } });
  }
}

/** Seconds until the session's cookie expires, as connect-redis counts a key's time to live. */
function ttlSeconds(session: TouchedSession): number {
  return Math.ceil((newExpiry(session).getTime() - Date.now()) / 1000);
}

/**
 * Sessions in Redis: get reads the key's remaining time with its value (one round trip), touch sets
 * a new one only when due. Each signed-in session's id is also in its user's set
 * (`grain-session-user:<id>`), written in the same transaction as the session and given at least the
 * session's time to live, so one person's sessions are read from their set alone; an id whose
 * session is gone (expired, or ended elsewhere) is taken out when the set is next read.
 */
function redisSessionStore(ConnectRedisStore: typeof RedisStore, redis: RedisClientType): UserSessionStore {
  /** Adds the session to its user's set and makes the set live at least as long as it: NX sets a first expiry, GT only lengthens one. */
  const indexed = (multi: ReturnType<RedisClientType['multi']>, sid: string, userId: string | null, ttl: number) =>
    userId ? multi.sAdd(redisUserSessionsKey(userId), sid).expire(redisUserSessionsKey(userId), ttl, 'NX').expire(redisUserSessionsKey(userId), ttl, 'GT') : multi;

  class RedisSessionStore extends ConnectRedisStore implements UserSessionStore {
    override get(sid: string, callback?: (error?: unknown, data?: SessionData) => void) {
      return settle<SessionData | undefined>(this.read(sid), callback);
    }

    override set(sid: string, session: SessionData, callback?: (error?: unknown) => void) {
      return settle(this.write(sid, session), callback);
    }

    override touch(sid: string, session: SessionData, callback?: (error?: unknown) => void) {
      return settle(expiryWriteDue(session) ? this.writeExpiry(sid, session) : Promise.resolve(), callback);
    }

    override destroy(sid: string, callback?: (error?: unknown) => void) {
      return settle(this.remove(sid), callback);
    }

    async sessionsOf(userId: string): Promise<Array<[string, SessionData]>> {
      const index = redisUserSessionsKey(userId);
      const sids = await redis.sMembers(index);
      if (sids.length === 0) return [];
      const values = await redis.mGet(sids.map((sid) => this.prefix + sid));
      const found: Array<[string, SessionData]> = [];
      const gone: string[] = [];
      sids.forEach((sid, at) => {
        const raw = values[at];
        const data = raw ? (JSON.parse(raw) as SessionData) : undefined;
        if (data && userOf(data) === userId) found.push([sid, data]);
        else gone.push(sid);
      });
      if (gone.length > 0) await redis.sRem(index, gone);
      return found;
    }

    private async write(sid: string, session: SessionData): Promise<void> {
      const ttl = ttlSeconds(session);
      if (ttl <= 0) return this.remove(sid);
      await indexed(redis.multi().set(this.prefix + sid, JSON.stringify(session), { expiration: { type: 'EX', value: ttl } }), sid, userOf(session), ttl).exec();
    }

    private async writeExpiry(sid: string, session: SessionData): Promise<void> {
      const ttl = ttlSeconds(session);
      await indexed(redis.multi().expire(this.prefix + sid, ttl), sid, userOf(session), ttl).exec();
    }

    /** Deletes the session and takes its id out of its user's set (the value is read in the same transaction). */
    private async remove(sid: string): Promise<void> {
      const [raw] = await redis
        .multi()
        .get(this.prefix + sid)
        .del(this.prefix + sid)
        .exec();
      const userId = typeof raw === 'string' ? userOf(JSON.parse(raw) as SessionData) : null;
      if (userId) await redis.sRem(redisUserSessionsKey(userId), sid);
    }

    override createSession(req: Request, data: LoadedSessionData) {
      const created = super.createSession(req, data);
      rememberStoredExpiry(created, data);
      return created;
    }

    private async read(sid: string): Promise<SessionData | undefined> {
      const key = this.prefix + sid;
      // Sent together: node-redis pipelines the commands of one tick.
      const [raw, remainingMs] = await Promise.all([redis.get(key), redis.pTTL(key)]);
      if (!raw) return undefined;
      return loaded(JSON.parse(raw) as SessionData, remainingMs >= 0 ? Date.now() + remainingMs : undefined);
    }
  }
  return new RedisSessionStore({ client: redis, prefix: 'grain-session:' });
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
  return { session: `${prefix}grain.sid`, csrf: `${prefix}grain.csrf`, visitor: `${prefix}grain.visitor`, referral: `${prefix}${REFERRAL_CODE_COOKIE}` };
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
    // Never 'destroy': express-session then also destroys the stored session of a call whose read
    // failed (Redis or the database away for a moment), which signed members out when the store came
    // back before the 503 was sent. Every sign-out and revocation destroys its session by name.
    unset: 'keep',
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
