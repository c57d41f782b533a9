// prisma/schema/*.prisma (SQLite) is the single source of the data model; the PostgreSQL schema is
// derived from it by swapping the provider and the client's output folder, and letting the
// PostgreSQL client read a record with its relations in one query (relationJoins: a signed-in call's
// user and referrer in one round trip, not two queued behind the pool; docs/operations.md).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repositoryRoot } from '../lib/paths';
import type { DatabaseProvider } from './provider';

export const sqliteSchemaDir = join(repositoryRoot, 'prisma', 'schema');
/** Written by scripts/prisma-generate.ts for the PostgreSQL client; not committed. */
export const postgresSchemaPath = join(repositoryRoot, 'prisma', 'postgresql', 'schema.prisma');

/** All schema files joined into one SQLite datamodel. */
export function readSqliteDatamodel(): string {
  return readdirSync(sqliteSchemaDir)
    .filter((file) => file.endsWith('.prisma'))
    .sort()
    .map((file) => `// from prisma/schema/${file}\n${readFileSync(join(sqliteSchemaDir, file), 'utf8')}`)
    .join('\n');
}

export function datamodelFor(provider: DatabaseProvider, sqliteDatamodel: string): string {
  if (provider === 'sqlite') return sqliteDatamodel;
  return sqliteDatamodel
    .replace('provider = "sqlite"', 'provider = "postgresql"')
    .replace(/output(\s*)= "\.\.\/\.\.\/server\/src\/generated\/prisma"/, 'output$1= "../../server/src/generated/prisma-postgresql"\n  previewFeatures = ["relationJoins"]');
}
