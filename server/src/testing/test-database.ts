import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { type Database, openDatabase } from '../db/client';
import { repositoryRoot } from '../lib/paths';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A database migrated and seeded once per run (database-template.global.ts), which each test app's database is copied from. */
    databaseTemplate: string | undefined;
  }
}

const postgresAdminUrl = () => process.env.TEST_POSTGRES_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const uniqueName = (prefix: string) => `${prefix}_${Date.now()}_${randomBytes(4).toString('hex')}`;
const sqliteFile = (url: string) => url.slice('file:'.length);

/**
 * A brand-new, empty database for one test file: a SQLite file by default, or a PostgreSQL
 * database on TEST_POSTGRES_URL's server when TEST_DATABASE=postgresql (npm run test:pg).
 */
export async function createTestDatabaseUrl(): Promise<{ url: string; drop: () => Promise<void> }> {
  return createDatabase(uniqueName('grain_test'), undefined);
}

/** A brand-new database opened before the file's tests and dropped after them; the function answers its client. */
export function useTestDatabase(): () => Database {
  let db: Database | undefined;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const database = await createTestDatabaseUrl();
    drop = database.drop;
    db = await openDatabase(database.url);
  });
  afterAll(async () => {
    await db?.$disconnect();
    await drop?.();
  });
  return () => {
    if (!db) throw new Error('The test database is opened in beforeAll: ask for it inside a test');
    return db;
  };
}

/**
 * A database with every migration applied and the reference data in, for one test file: a copy of
 * the run's template (a file copy on SQLite, CREATE DATABASE … TEMPLATE on PostgreSQL), so the
 * migrations run once per run rather than once per file. Without a template (a file run outside
 * the api project), a new database that the app migrates as it opens it.
 */
export async function createMigratedTestDatabaseUrl(): Promise<{ url: string; drop: () => Promise<void> }> {
  return createDatabase(uniqueName('grain_test'), inject('databaseTemplate'));
}

async function createDatabase(name: string, template: string | undefined): Promise<{ url: string; drop: () => Promise<void> }> {
  if (process.env.TEST_DATABASE === 'postgresql') {
    const adminUrl = postgresAdminUrl();
    await withPgAdmin(adminUrl, async (client) => {
      await client.query(template ? `CREATE DATABASE "${name}" TEMPLATE "${new URL(template).pathname.slice(1)}"` : `CREATE DATABASE "${name}"`);
      // A test's database never outlives a crash of the cluster, so its commits need not wait for the disk.
      await client.query(`ALTER DATABASE "${name}" SET synchronous_commit = off`);
    });
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return {
      url: url.toString(),
      drop: () =>
        withPgAdmin(adminUrl, async (client) => {
          await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        }),
    };
  }
  const dir = join(repositoryRoot, '.tmp', 'test-db');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${name}.db`);
  if (template) copyFileSync(sqliteFile(template), file);
  return {
    url: `file:${file}`,
    drop: async () => {
      for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(file + suffix, { force: true });
    },
  };
}

async function withPgAdmin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
