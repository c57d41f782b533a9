/**
 * A data migration tried as it runs in life: every migration before it, rows as the earlier code
 * wrote them, then the migration, on a fresh database of the provider the suite runs on.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { migrationsDir } from '../db/migrations';
import { providerOf } from '../db/provider';

/** Runs the migrations before `migration`, the `rows` statements, then `migration`; answers what `select` reads after. */
export async function rowsAcrossMigration(url: string, migration: string, rows: readonly string[], select: string): Promise<unknown[]> {
  const dir = migrationsDir(providerOf(url));
  const earlier = readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name < migration)
    .map((entry) => entry.name)
    .sort();
  const script = (name: string) => readFileSync(join(dir, name, 'migration.sql'), 'utf8');
  if (providerOf(url) === 'sqlite') {
    const db = new Database(url.slice('file:'.length));
    try {
      for (const folder of earlier) db.exec(script(folder));
      for (const row of rows) db.exec(row);
      db.exec(script(migration));
      return db.prepare(select).all();
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const folder of earlier) await client.query(script(folder));
    for (const row of rows) await client.query(row);
    await client.query(script(migration));
    return (await client.query(select)).rows;
  } finally {
    await client.end();
  }
}
