import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3';
import type * as AdapterPg from '@prisma/adapter-pg';
import { providerOf, sqliteFilePath } from './provider';

export const DATABASE_CONNECT_TIMEOUT_MS = 5_000;

/** The Prisma driver adapter for a DATABASE_URL; creates the SQLite folder on first use. */
export function createAdapterFactory(databaseUrl: string) {
  if (providerOf(databaseUrl) === 'postgresql') {
    // Required here, not imported at the top: a server on the SQLite default never loads pg.
    const { PrismaPg } = createRequire(import.meta.url)('@prisma/adapter-pg') as typeof AdapterPg;
    // A query waits at most 5 s for a connection (a new one, or a free one of the pool), then fails: 503, not a hang.
    return new PrismaPg({ connectionString: databaseUrl, max: 10, connectionTimeoutMillis: DATABASE_CONNECT_TIMEOUT_MS });
  }
  const file = sqliteFilePath(databaseUrl);
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  return new PrismaBetterSqlite3({ url: file }, { timestampFormat: 'unixepoch-ms' });
}
