import { EnvError, parseEnv } from './config/env';
import { openMigratedDatabase } from './db/client';
import { referenceDataCheck } from './db/reference-data-check';
import { seedReferenceData } from './seed';
import { createLogger, logProcessWarnings } from './lib/logger';

/**
 * The server's start. The database opens first, and the rest of the server loads while it does:
 * Prisma compiles its query engine (WebAssembly) off the main thread, so its time and the modules'
 * loading overlap instead of adding up. Reference data is seeded as soon as the database is open:
 * a new or upgraded database gets it before the server listens; on one already set up seeding adds
 * nothing as a rule, so the start does not wait for it and readiness does (docs/operations.md,
 * "Start-up").
 */
async function main() {
  const env = parseEnv();
  const logger = createLogger(env.LOG_LEVEL);
  logProcessWarnings(logger);
  const database = openMigratedDatabase(env.DATABASE_URL).then(({ db, migrated }) => ({ db, migrated, seeding: seedReferenceData(db) }));
  // Its failure is reported below, once the server's modules have loaded, not as an unhandled rejection meanwhile.
  database.catch(() => undefined);
  const { serve } = await import('./serve');
  const { db, migrated, seeding } = await database;
  const referenceData = referenceDataCheck(seeding, logger);
  if (migrated) await seeding;
  await serve({ env, logger, db, referenceData });
}

main().catch((error: unknown) => {
  console.error(error instanceof EnvError ? error.message : error);
  process.exit(1);
});
