import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3';
import { PrismaPg } from '@prisma/adapter-pg';
import { providerOf, sqliteFilePath } from './provider';

/** The Prisma driver adapter for a DATABASE_URL; creates the SQLite folder on first use. */
export function createAdapterFactory(databaseUrl: string) {
  if (providerOf(databaseUrl) === 'postgresql') {
    return new PrismaPg({ connectionString: databaseUrl, max: 10 });
  }
  const file = sqliteFilePath(databaseUrl);
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  return new PrismaBetterSqlite3({ url: file }, { timestampFormat: 'unixepoch-ms' });
}
