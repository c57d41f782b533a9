/**
 * A data migration tried as it runs in life: every migration before it, rows as the earlier code
 * wrote them, then the migration, on a new empty database of the provider the suite runs on (dropped
 * after), each script
 * run by the Prisma driver adapter the schema engine applies migrations through (on PostgreSQL it
 * runs a script as the pieces between its semicolons, which a plain client would not show).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createAdapterFactory } from '../db/adapter';
import { migrationsDir } from '../db/migrations';
import { providerOf } from '../db/provider';
import { createTestDatabaseUrl } from './test-database';

/**
 * An application as the code of these migrations' time wrote it (its columns from the first
 * migration, the farm's columns left to their defaults), with its season and quote.
 */
export function applicationRow(id: string, { seasonYear = 2026, quoteData = {} }: { seasonYear?: number; quoteData?: unknown } = {}): string {
  return `INSERT INTO "ProtectionApplication" ("id", "userId", "coverageType", "zoneCode", "quoteDate", "seasonYear", "modelVersion", "premium", "displayedPremium", "totalPayable", "insuredValue", "coveredArea", "estimate", "pricing", "quoteData", "acknowledgements", "updatedAt") VALUES ('${id}', 'member', 'hail', 'CWB', '${seasonYear}-06-01', ${seasonYear}, 'v1', 1, 1, 1, 1, 1, '{}', '{}', '${JSON.stringify(quoteData)}', '{}', CURRENT_TIMESTAMP)`;
}

/** Runs the migrations before `migration`, the `rows` statements, then `migration`; answers what `select` reads after. */
export async function rowsAcrossMigration(migration: string, rows: readonly string[], select: string): Promise<unknown[]> {
  const database = await createTestDatabaseUrl();
  try {
    return await rowsOn(database.url, migration, rows, select);
  } finally {
    await database.drop();
  }
}

async function rowsOn(url: string, migration: string, rows: readonly string[], select: string): Promise<unknown[]> {
  const dir = migrationsDir(providerOf(url));
  const earlier = readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name < migration)
    .map((entry) => entry.name)
    .sort();
  const script = (name: string) => readFileSync(join(dir, name, 'migration.sql'), 'utf8');
  const adapter = await createAdapterFactory(url).connect();
  try {
    for (const folder of earlier) await adapter.executeScript(script(folder));
    for (const row of rows) await adapter.executeScript(row);
    await adapter.executeScript(script(migration));
    const read = await adapter.queryRaw({ sql: select, args: [], argTypes: [] });
    return read.rows.map((row) => Object.fromEntries(read.columnNames.map((column, at) => [column, row[at]])));
  } finally {
    await adapter.dispose();
  }
}
