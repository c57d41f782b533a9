import { EnvError, parseEnv } from './config/env';
import { openDatabase } from './db/client';
import { seedReferenceData } from './db/seed';
import { createLogger } from './lib/logger';

/**
 * The server's start. The database opens first, and the rest of the server loads while it does:
 * Prisma compiles its query engine (WebAssembly) off the main thread, so its time and the modules'
 * loading overlap instead of adding up (docs/operations.md, "Start-up").
 */
async function main() {
  const env = parseEnv();
  const logger = createLogger(env.LOG_LEVEL);
  const database = openDatabase(env.DATABASE_URL).then(async (db) => {
    await seedReferenceData(db);
    return db;
  });
  // Its failure is reported below, once the server's modules have loaded, not as an unhandled rejection meanwhile.
  database.catch(() => undefined);
  const { serve } = await import('./serve');
  await serve({ env, logger, db: await database });
}

main().catch((error: unknown) => {
  console.error(error instanceof EnvError ? error.message : error);
  process.exit(1);
});
