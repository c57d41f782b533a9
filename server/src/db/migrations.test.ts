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

/**
 * Where Prisma's PostgreSQL adapter would cut a script but no statement ends: it runs a migration as
 * the pieces between its semicolons (executeScript splits on every one), so a `;` in a comment, a
 * quoted string or identifier, or a dollar-quoted body breaks the migration on PostgreSQL alone
 * ("syntax error at or near …", "unterminated quoted string").
 */
function semicolonsInsideText(script: string): string[] {
  const found: string[] = [];
  let at = 0;
  while (at < script.length) {
    const dollarTag = script[at] === '$' ? /^\$\w*\$/.exec(script.slice(at))?.[0] : undefined;
    let end: number;
    if (script.startsWith('--', at)) end = script.indexOf('\n', at) < 0 ? script.length : script.indexOf('\n', at);
    else if (script.startsWith('/*', at)) end = script.indexOf('*/', at + 2) + 2;
    else if (script[at] === '"') end = script.indexOf('"', at + 1) + 1;
    else if (dollarTag) end = script.indexOf(dollarTag, at + dollarTag.length) + dollarTag.length;
    else if (script[at] === "'") {
      // A quote inside a string is written twice.
      end = at + 1;
      while (end < script.length && !(script[end] === "'" && script[end + 1] !== "'")) end += script[end] === "'" ? 2 : 1;
      end += 1;
    } else {
      at += 1;
      continue;
    }
    if (end <= at) end = script.length;
    const text = script.slice(at, end);
    if (text.includes(';')) found.push(`line ${script.slice(0, at).split('\n').length}: ${text.split('\n')[0]}`);
    at = end;
  }
  return found;
}

it('finds a semicolon that does not end a statement, in each place a script can hold one', () => {
  const script = "-- one; two\nINSERT INTO t VALUES ('it''s; fine');\nCOMMENT ON TABLE \"a;b\" IS 'x';\nDO $body$ BEGIN PERFORM 1; END $body$;\n/* c; */ SELECT ';';";
  expect(semicolonsInsideText(script)).toEqual(['line 1: -- one; two', "line 2: 'it''s; fine'", 'line 3: "a;b"', 'line 4: $body$ BEGIN PERFORM 1; END $body$', 'line 5: /* c; */', "line 5: ';'"]);
  expect(semicolonsInsideText("UPDATE t SET a = 'it''s';\nSELECT 1;")).toEqual([]);
});

it('has no semicolon but at the end of a statement in any PostgreSQL migration, which would cut its script apart', () => {
  const cut = migrationNames('postgresql').flatMap((name) => semicolonsInsideText(readFileSync(join(migrationsDir('postgresql'), name, 'migration.sql'), 'utf8')).map((where) => `${name} ${where}`));
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
