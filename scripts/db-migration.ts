// Writes a new migration for both providers from the change in prisma/schema since the last one:
//   npm run db:migration -- <name>
// The datamodel as of the last migration is kept in prisma/migrations/schema.snapshot.prisma, so the
// diff needs no shadow database. A lock folder keeps two runs from writing the same change twice.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createAdapterFactory } from '../server/src/db/adapter';
import { migrationsDir } from '../server/src/db/migrations';
import type { DatabaseProvider } from '../server/src/db/provider';
import { noSchemaFilter, withSchemaEngine } from '../server/src/db/schema-engine';
import { repositoryRoot } from '../server/src/lib/paths';
import { datamodelFor, readSqliteDatamodel } from '../server/src/db/datamodel';

const name = (process.argv[2] ?? '')
  .toLowerCase()
  .replace(/[^a-z0-9]+/g, '_')
  .replace(/^_|_$/g, '');
if (!name) {
  console.error('Usage: npm run db:migration -- <name>');
  process.exit(2);
}

const snapshotPath = join(repositoryRoot, 'prisma', 'migrations', 'schema.snapshot.prisma');
const lockDir = join(repositoryRoot, 'prisma', 'migrations', '.lock');
const scratchUrls: Record<DatabaseProvider, string> = {
  sqlite: `file:${join(repositoryRoot, '.tmp', 'migration-scratch.db')}`,
  // The engine connects even to diff two datamodels; any reachable PostgreSQL server will do.
  postgresql: process.env.MIGRATION_POSTGRES_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres',
};

async function diffScript(provider: DatabaseProvider, from: string | null, to: string): Promise<string> {
  const target = (datamodel: string) => ({ tag: 'schemaDatamodel' as const, files: [{ path: 'schema.prisma', content: datamodelFor(provider, datamodel) }] });
  const result = await withSchemaEngine(target(to).files, createAdapterFactory(scratchUrls[provider]), (engine) =>
    engine.diff({ from: from === null ? { tag: 'empty' } : target(from), to: target(to), script: true, exitCode: null, filters: noSchemaFilter }),
  );
  return result.stdout ?? '';
}

mkdirSync(join(repositoryRoot, 'prisma', 'migrations'), { recursive: true });
mkdirSync(join(repositoryRoot, '.tmp'), { recursive: true });
try {
  mkdirSync(lockDir);
} catch {
  console.error(`Another migration is being written (${lockDir} exists). Wait, or remove it if no run is going.`);
  process.exit(1);
}
try {
  const current = readSqliteDatamodel();
  const previous = existsSync(snapshotPath) ? readFileSync(snapshotPath, 'utf8') : null;
  const scripts = {
    sqlite: await diffScript('sqlite', previous, current),
    postgresql: await diffScript('postgresql', previous, current),
  };
  if (!/\b(CREATE|ALTER|DROP)\b/i.test(scripts.sqlite)) {
    console.log('No schema changes since the last migration.');
  } else {
    const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
    for (const provider of ['sqlite', 'postgresql'] as const) {
      const folder = join(migrationsDir(provider), `${stamp}_${name}`);
      mkdirSync(folder, { recursive: true });
      writeFileSync(join(folder, 'migration.sql'), scripts[provider]);
      writeFileSync(join(migrationsDir(provider), 'migration_lock.toml'), `# Written by scripts/db-migration.ts\nprovider = "${provider}"\n`);
      console.log(`Wrote ${folder}/migration.sql`);
    }
  }
  // Rewritten either way: with no change in the tables the datamodel differs at most in its comments, kept current.
  writeFileSync(snapshotPath, current);
} finally {
  rmSync(lockDir, { recursive: true, force: true });
}
