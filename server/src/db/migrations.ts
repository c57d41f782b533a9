import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { MigrationList } from '@prisma/schema-engine-wasm/schema_engine_bg';
import { createAdapterFactory } from './adapter';
import { datamodelFor, readSqliteDatamodel } from './datamodel';
import { type DatabaseProvider, providerOf } from './provider';
import { noSchemaFilter, withSchemaEngine } from './schema-engine';
import { repositoryRoot } from '../lib/paths';

export function migrationsDir(provider: DatabaseProvider): string {
  return join(repositoryRoot, 'prisma', 'migrations', provider);
}

export function readMigrationList(provider: DatabaseProvider): MigrationList {
  const baseDir = migrationsDir(provider);
  const lockPath = join(baseDir, 'migration_lock.toml');
  const folders = existsSync(baseDir)
    ? readdirSync(baseDir, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
        .sort()
    : [];
  return {
    baseDir,
    lockfile: { path: 'migration_lock.toml', content: existsSync(lockPath) ? readFileSync(lockPath, 'utf8') : null },
    shadowDbInitScript: '',
    migrationDirectories: folders.map((folder) => ({
      path: folder,
      migrationFile: { path: 'migration.sql', content: { tag: 'ok' as const, value: readFileSync(join(baseDir, folder, 'migration.sql'), 'utf8') } },
    })),
  };
}

/** Applies the committed migrations that the database has not seen; a second call applies nothing. */
export async function applyMigrations(databaseUrl: string): Promise<string[]> {
  const provider = providerOf(databaseUrl);
  const datamodel = datamodelFor(provider, readSqliteDatamodel());
  const migrationsList = readMigrationList(provider);
  const { appliedMigrationNames } = await withSchemaEngine([{ path: 'schema.prisma', content: datamodel }], createAdapterFactory(databaseUrl), (engine) =>
    engine.applyMigrations({ migrationsList, filters: noSchemaFilter }),
  );
  return appliedMigrationNames;
}

/**
 * The committed migrations the database has not finished, read from Prisma's own record without
 * loading the schema engine (a start on an up-to-date database then costs one query). A database
 * without the record has none applied.
 */
export async function pendingMigrations(db: { $queryRawUnsafe<T>(sql: string): Promise<T> }, provider: DatabaseProvider): Promise<string[]> {
  const committed = readMigrationList(provider).migrationDirectories.map((directory) => directory.path);
  let applied: Array<{ migration_name: string }>;
  try {
    applied = await db.$queryRawUnsafe('SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL');
  } catch {
    return committed;
  }
  const done = new Set(applied.map((row) => row.migration_name));
  return committed.filter((name) => !done.has(name));
}
