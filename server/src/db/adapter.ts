import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3';
import { Mutex } from 'async-mutex';
import type * as AdapterPg from '@prisma/adapter-pg';
import { providerOf, sqliteFilePath } from './provider';
import { registerUnicodeLike } from './unicode-like';

export const DATABASE_CONNECT_TIMEOUT_MS = 5_000;

/**
 * The Prisma driver adapter for a DATABASE_URL; creates the SQLite folder on first use. With
 * `readConnection`, a SQLite file's reads outside a transaction go to a read-only connection of their
 * own (SerialisedSqlite below): the app's client, whose every transaction goes through the adapter.
 * Not for Prisma's schema engine, which begins its transactions in SQL the adapter cannot see.
 */
export function createAdapterFactory(databaseUrl: string, { readConnection = false } = {}) {
  if (providerOf(databaseUrl) === 'postgresql') {
    // Required here, not imported at the top: a server on the SQLite default never loads pg.
    const { PrismaPg } = createRequire(import.meta.url)('@prisma/adapter-pg') as typeof AdapterPg;
    // A query waits at most 5 s for a connection (a new one, or a free one of the pool), then fails: 503, not a hang.
    return new PrismaPg({ connectionString: databaseUrl, max: 10, connectionTimeoutMillis: DATABASE_CONNECT_TIMEOUT_MS });
  }
  const file = sqliteFilePath(databaseUrl);
  const options = { timestampFormat: 'unixepoch-ms' } as const;
  const writer = new PrismaBetterSqlite3({ url: file }, options);
  if (file === ':memory:') return new SerialisedSqlite(writer);
  mkdirSync(dirname(file), { recursive: true });
  return new SerialisedSqlite(writer, readConnection ? new PrismaBetterSqlite3({ url: file, readonly: true }, options) : undefined);
}

type SqliteAdapter = Awaited<ReturnType<PrismaBetterSqlite3['connect']>>;

/**
 * The connection with LIKE folding case as PostgreSQL's insensitive mode does (unicode-like.ts). The
 * adapter keeps its better-sqlite3 connection as `client` without declaring it; a version that no
 * longer does fails here, at the first connection, not in a search.
 */
function withUnicodeLike(adapter: SqliteAdapter): SqliteAdapter {
  const { client } = adapter as SqliteAdapter & { client?: Parameters<typeof registerUnicodeLike>[0] };
  if (typeof client?.function !== 'function') throw new Error('The SQLite adapter no longer exposes its connection: LIKE cannot fold case for every language');
  registerUnicodeLike(client);
  return adapter;
}
type SqliteTransaction = Awaited<ReturnType<SqliteAdapter['startTransaction']>>;

/**
 * The embedded database has one connection that writes. Prisma's better-sqlite3 adapter (7.10) takes
 * turns for transactions on it but runs any other query at once, so a write made by one request while
 * another request's interactive transaction is open joins that transaction, and is lost with it when
 * it rolls back, after its caller was told it was saved (a contact message, a job, an e-mail in the
 * queue). Here every write outside a transaction waits while one is open, and a transaction waits for
 * them. Given a second, read-only connection, reads outside a transaction go to it and wait for
 * nobody: in WAL mode it reads what was last committed, as a read on PostgreSQL does, so a member's
 * session read is not queued behind another request's claim being saved.
 */
class SerialisedSqlite {
  readonly provider = 'sqlite' as const;
  readonly adapterName: string;
  readonly #writer: PrismaBetterSqlite3;
  readonly #reader: PrismaBetterSqlite3 | undefined;

  constructor(writer: PrismaBetterSqlite3, reader?: PrismaBetterSqlite3) {
    this.#writer = writer;
    this.#reader = reader;
    this.adapterName = writer.adapterName;
  }

  async connect(): Promise<SqliteAdapter> {
    // The writer first: it creates a new database's file, which the read-only connection cannot.
    const writer = withUnicodeLike(await this.#writer.connect());
    return serialised(writer, this.#reader && withUnicodeLike(await this.#reader.connect()));
  }

  async connectToShadowDb(): Promise<SqliteAdapter> {
    return serialised(withUnicodeLike(await this.#writer.connectToShadowDb()));
  }
}

/** A statement that only reads: SQLite's SELECT cannot write (Prisma's writes are INSERT, UPDATE or DELETE, with RETURNING). */
const READ_ONLY_STATEMENT = /^\s*SELECT\b/i;

/**
 * The variables one SQLite statement may bind in the SQLite better-sqlite3 ships (its default since
 * SQLite 3.32). Told nothing, Prisma assumes 999, and a read of a relation in order under more than
 * 999 rows (every live application with its paddocks) failed with P2029 instead of being answered.
 */
const SQLITE_MAX_VARIABLES = 32_766;

/** The longest the embedded database's queries run back to back before other work gets a turn. */
const YIELD_AFTER_MS = 10;
let lastYield = performance.now();

/**
 * better-sqlite3 answers at once, so a chain of awaited queries (a job sending a thousand alert
 * e-mails, each in its transaction) resolves promise after promise without ever going back to the
 * event loop: every other request waited for the whole chain, seconds, until connections were reset.
 * Each query first lets waiting I/O and timers run when the queries before it have held the thread
 * for YIELD_AFTER_MS.
 */
async function letOthersIn(): Promise<void> {
  if (performance.now() - lastYield < YIELD_AFTER_MS) return;
  await new Promise((resolve) => setImmediate(resolve));
  lastYield = performance.now();
}

const inTurn =
  <A, R>(run: (argument: A) => Promise<R>) =>
  async (argument: A): Promise<R> => {
    await letOthersIn();
    return run(argument);
  };

function serialised(adapter: SqliteAdapter, reader?: SqliteAdapter): SqliteAdapter {
  const turn = new Mutex();
  const read = reader && inTurn(reader.queryRaw.bind(reader));
  return {
    provider: adapter.provider,
    adapterName: adapter.adapterName,
    getConnectionInfo: () => ({ maxBindValues: SQLITE_MAX_VARIABLES, supportsRelationJoins: false }),
    queryRaw: (query) => (read && READ_ONLY_STATEMENT.test(query.sql) ? read(query) : turn.runExclusive(() => inTurn(adapter.queryRaw.bind(adapter))(query))),
    executeRaw: (query) => turn.runExclusive(() => inTurn(adapter.executeRaw.bind(adapter))(query)),
    executeScript: (script) => turn.runExclusive(() => adapter.executeScript(script)),
    startTransaction: async (isolationLevel) => {
      const release = await turn.acquire();
      try {
        return heldUntilEnd(await adapter.startTransaction(isolationLevel), release);
      } catch (error) {
        release();
        throw error;
      }
    },
    dispose: async () => {
      await reader?.dispose();
      await adapter.dispose();
    },
  };
}

/** The transaction as the adapter made it, giving the turn back when it commits or rolls back. */
function heldUntilEnd(transaction: SqliteTransaction, release: () => void): SqliteTransaction {
  const ending = (end: () => Promise<void>) => async () => {
    try {
      await end();
    } finally {
      release();
    }
  };
  return {
    provider: transaction.provider,
    adapterName: transaction.adapterName,
    options: transaction.options,
    queryRaw: inTurn((query) => transaction.queryRaw(query)),
    executeRaw: inTurn((query) => transaction.executeRaw(query)),
    commit: ending(() => transaction.commit()),
    rollback: ending(() => transaction.rollback()),
    createSavepoint: (name) => transaction.createSavepoint?.(name) ?? Promise.resolve(),
    rollbackToSavepoint: (name) => transaction.rollbackToSavepoint?.(name) ?? Promise.resolve(),
    releaseSavepoint: (name) => transaction.releaseSavepoint?.(name) ?? Promise.resolve(),
  };
}
