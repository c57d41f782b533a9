import { afterAll, beforeAll, expect, it } from 'vitest';
import { createAdapterFactory } from './adapter';
import { datamodelFor, readSqliteDatamodel } from './datamodel';
import { applyMigrations } from './migrations';
import { providerOf } from './provider';
import { noSchemaFilter, withSchemaEngine } from './schema-engine';
import { createTestDatabaseUrl } from '../testing/test-database';

let database: { url: string; drop: () => Promise<void> };
beforeAll(async () => {
  database = await createTestDatabaseUrl();
});
afterAll(() => database.drop());

it('the committed migrations build exactly the schema in prisma/schema (no drift)', async () => {
  expect((await applyMigrations(database.url)).length).toBeGreaterThan(0);
  const datamodel = datamodelFor(providerOf(database.url), readSqliteDatamodel());
  const files = [{ path: 'schema.prisma', content: datamodel }];
  // The schema engine compares the migrated database with the schema files; any table, column or
  // index that a schema change added without a migration shows up here as SQL.
  const result = await withSchemaEngine(files, createAdapterFactory(database.url), (engine) =>
    engine.diff({ from: { tag: 'schemaDatasource', files, configDir: '.' }, to: { tag: 'schemaDatamodel', files }, script: true, exitCode: null, filters: noSchemaFilter }),
  );
  expect(result.stdout?.trim() ?? '').toMatch(/^(-- This is an empty migration\.)?$/);
});
