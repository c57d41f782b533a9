// Applies the committed migrations and the reference data to DATABASE_URL, as start-up does.
import { parseEnv } from '../server/src/config/env';
import { createDatabase } from '../server/src/db/client';
import { applyMigrations } from '../server/src/db/migrations';
import { seedReferenceData } from '../server/src/seed';

const env = parseEnv();
const applied = await applyMigrations(env.DATABASE_URL);
console.log(applied.length ? `Applied ${applied.join(', ')}` : 'The database is up to date.');
const db = await createDatabase(env.DATABASE_URL);
await seedReferenceData(db);
await db.$disconnect();
console.log('Reference data is in place.');
