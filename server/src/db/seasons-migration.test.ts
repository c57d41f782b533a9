/**
 * The seasons migration makes a season record for every season the applications already held
 * belong to, with the dates the calendar-year rule gave them, before their applications are tied to
 * it. Run on the database the suite runs on, after every migration before it, against rows as the
 * earlier code wrote them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabaseUrl } from '../testing/test-database';
import { migrationsDir } from './migrations';
import { providerOf } from './provider';

const MIGRATION = '20261128210310_seasons';

let database: { url: string; drop: () => Promise<void> };
beforeAll(async () => {
  database = await createTestDatabaseUrl();
});
afterAll(() => database.drop());

const application = (id: string, seasonYear: number) =>
  `INSERT INTO "ProtectionApplication" ("id", "userId", "coverageType", "zoneCode", "quoteDate", "seasonYear", "modelVersion", "premium", "displayedPremium", "totalPayable", "insuredValue", "coveredArea", "estimate", "pricing", "quoteData", "acknowledgements", "updatedAt") VALUES ('${id}', 'member', 'hail', 'CWB', '${seasonYear}-06-01', ${seasonYear}, 'v1', 1, 1, 1, 1, 1, '{}', '{}', '{}', '{}', CURRENT_TIMESTAMP)`;

it('makes the seasons of the applications already held, once each, opened 1 January and ending 31 March after', async () => {
  const dir = migrationsDir(providerOf(database.url));
  const folders = readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name < MIGRATION)
    .map((entry) => entry.name)
    .sort();
  const run = (name: string) => readFileSync(join(dir, name, 'migration.sql'), 'utf8');
  const rows = [application('a', 2025), application('b', 2026), application('c', 2026)];
  const select = 'SELECT "year", "opensOn", "coverEndsOn", "openedById" FROM "Season" ORDER BY "year"';
  let seasons: unknown[];
  if (providerOf(database.url) === 'sqlite') {
    const db = new Database(database.url.slice('file:'.length));
    for (const folder of folders) db.exec(run(folder));
    for (const row of rows) db.exec(row);
    db.exec(run(MIGRATION));
    seasons = db.prepare(select).all();
    db.close();
  } else {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      for (const folder of folders) await client.query(run(folder));
      for (const row of rows) await client.query(row);
      await client.query(run(MIGRATION));
      seasons = (await client.query(select)).rows;
    } finally {
      await client.end();
    }
  }
  expect(seasons).toEqual([
    { year: 2025, opensOn: '2025-01-01', coverEndsOn: '2026-03-31', openedById: null },
    { year: 2026, opensOn: '2026-01-01', coverEndsOn: '2027-03-31', openedById: null },
  ]);
});
