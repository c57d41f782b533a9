import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { repositoryRoot } from '../lib/paths';

/**
 * A brand-new, empty database for one test file: a SQLite file by default, or a PostgreSQL
 * database on TEST_POSTGRES_URL's server when TEST_DATABASE=postgresql (npm run test:pg).
 */
export async function createTestDatabaseUrl(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `grain_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  if (process.env.TEST_DATABASE === 'postgresql') {
    const adminUrl = process.env.TEST_POSTGRES_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
    await withPgAdmin(adminUrl, async (client) => {
      await client.query(`CREATE DATABASE "${name}"`);
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
