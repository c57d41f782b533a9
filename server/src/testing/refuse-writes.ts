/**
 * Makes the database itself refuse every UPDATE (or INSERT, or DELETE) of one table, with a trigger, so a test
 * can see what a command leaves behind when a write fails half-way (nothing, when the writes share a
 * transaction). `when`, a condition on the row (`NEW."percentage" = 15`), refuses only the writes it
 * holds for. Returns the function that lifts the refusal.
 */
import type { Database } from '../db/client';
import { providerOf } from '../db/provider';

type Write = 'UPDATE' | 'INSERT' | 'DELETE';

export async function refuseWritesOf(db: Database, databaseUrl: string, table: string, operation: Write = 'UPDATE', when?: string): Promise<() => Promise<void>> {
  return refuseWrites(db, databaseUrl, { sqlName: `"${table}"`, label: table }, operation, when);
}

/** The job queue's table refuses new jobs of one queue: BackgroundJob on SQLite, the queue's pg-boss table on PostgreSQL. */
export async function refuseNewJobs(db: Database, databaseUrl: string, queue: string): Promise<() => Promise<void>> {
  if (providerOf(databaseUrl) !== 'postgresql') return refuseWritesOf(db, databaseUrl, 'BackgroundJob', 'INSERT');
  // A handler registered after the queue started has its pg-boss queue made a moment later.
  let found: { table_name: string } | undefined;
  for (let tries = 0; !found && tries < 100; tries += 1) {
    [found] = await db.$queryRawUnsafe<Array<{ table_name: string }>>('SELECT table_name FROM pgboss.queue WHERE name = $1', queue);
    if (!found) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!found) throw new Error(`pg-boss has no queue ${queue}`);
  return refuseWrites(db, databaseUrl, { sqlName: `pgboss."${found.table_name}"`, label: found.table_name }, 'INSERT');
}

async function refuseWrites(db: Database, databaseUrl: string, { sqlName, label }: { sqlName: string; label: string }, operation: Write, when?: string) {
  const trigger = `refuse_${operation.toLowerCase()}_${label.toLowerCase()}`;
  if (providerOf(databaseUrl) === 'postgresql') {
    await db.$executeRawUnsafe(`CREATE FUNCTION ${trigger}() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION '${operation} on ${label} refused'; END $$ LANGUAGE plpgsql`);
    await db.$executeRawUnsafe(`CREATE TRIGGER ${trigger} BEFORE ${operation} ON ${sqlName} FOR EACH ROW ${when ? `WHEN (${when}) ` : ''}EXECUTE FUNCTION ${trigger}()`);
    return async () => {
      await db.$executeRawUnsafe(`DROP TRIGGER ${trigger} ON ${sqlName}`);
      await db.$executeRawUnsafe(`DROP FUNCTION ${trigger}()`);
    };
  }
  await db.$executeRawUnsafe(`CREATE TRIGGER ${trigger} BEFORE ${operation} ON ${sqlName} ${when ? `WHEN ${when} ` : ''}BEGIN SELECT RAISE(ABORT, '${operation} on ${label} refused'); END`);
  return async () => {
    await db.$executeRawUnsafe(`DROP TRIGGER ${trigger}`);
  };
}
