import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createAdapterFactory } from './adapter';
import { datamodelFor, readSqliteDatamodel } from './datamodel';
import { applyMigrations, migrationsDir } from './migrations';
import { providerOf } from './provider';
import { noSchemaFilter, withSchemaEngine } from './schema-engine';
import { createTestDatabaseUrl } from '../testing/test-database';

let database: { url: string; drop: () => Promise<void> };
beforeAll(async () => {
  database = await createTestDatabaseUrl();
});
afterAll(() => database.drop());

const migrationNames = (provider: 'sqlite' | 'postgresql') =>
  readdirSync(migrationsDir(provider), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();

it('has the same migrations for SQLite and PostgreSQL (they are written together)', () => {
  expect(migrationNames('postgresql')).toEqual(migrationNames('sqlite'));
});

// Prisma's PostgreSQL adapter runs a migration as the pieces between its semicolons, so one in a
// comment cuts the statement after it ("syntax error at or near …" on PostgreSQL alone).
it('has no semicolon in a migration’s comments, which would cut its PostgreSQL script apart', () => {
  const cut = migrationNames('postgresql').flatMap((name) =>
    readFileSync(join(migrationsDir('postgresql'), name, 'migration.sql'), 'utf8')
      .split('\n')
      .filter((line) => /--.*;/.test(line))
      .map((line) => `${name}: ${line.trim()}`),
  );
  expect(cut).toEqual([]);
});

// The WebAssembly schema engine cannot read a PostgreSQL database's structure through the pg
// adapter ("Column type 'char' could not be deserialized"), so the comparison runs on SQLite; the
// PostgreSQL migrations come from the same schema diff (scripts/db-migration.ts).
it.skipIf(process.env.TEST_DATABASE === 'postgresql')('the committed migrations build exactly the schema in prisma/schema (no drift)', async () => {
  expect((await applyMigrations(database.url)).length).toBeGreaterThan(0);
  const datamodel = datamodelFor(providerOf(database.url), readSqliteDatamodel());
  const files = [{ path: 'schema.prisma', content: datamodel }];
  // The engine compares the migrated database with the schema files; any table, column or index
  // that a schema change added without a migration shows up here as SQL.
  const result = await withSchemaEngine(files, createAdapterFactory(database.url), (engine) =>
    engine.diff({ from: { tag: 'schemaDatasource', files, configDir: '.' }, to: { tag: 'schemaDatamodel', files }, script: true, exitCode: null, filters: noSchemaFilter }),
  );
  expect(result.stdout?.trim() ?? '').toMatch(/^(-- This is an empty migration\.)?$/);
});
