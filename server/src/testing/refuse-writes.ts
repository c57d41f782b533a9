/**
 * Makes the database itself refuse every UPDATE (or INSERT) of one table, with a trigger, so a test
 * can see what a command leaves behind when a write fails half-way (nothing, when the writes share a
 * transaction). Returns the function that lifts the refusal.
 */
import type { Database } from '../db/client';
import { providerOf } from '../db/provider';

export async function refuseWritesOf(db: Database, databaseUrl: string, table: string, operation: 'UPDATE' | 'INSERT' = 'UPDATE'): Promise<() => Promise<void>> {
  const trigger = `refuse_${operation.toLowerCase()}_${table.toLowerCase()}`;
  if (providerOf(databaseUrl) === 'postgresql') {
    await db.$executeRawUnsafe(`CREATE FUNCTION ${trigger}() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION '${operation} on ${table} refused'; END $$ LANGUAGE plpgsql`);
    await db.$executeRawUnsafe(`CREATE TRIGGER ${trigger} BEFORE ${operation} ON "${table}" FOR EACH ROW EXECUTE FUNCTION ${trigger}()`);
    return async () => {
      await db.$executeRawUnsafe(`DROP TRIGGER ${trigger} ON "${table}"`);
      await db.$executeRawUnsafe(`DROP FUNCTION ${trigger}()`);
    };
  }
  await db.$executeRawUnsafe(`CREATE TRIGGER ${trigger} BEFORE ${operation} ON "${table}" BEGIN SELECT RAISE(ABORT, '${operation} on ${table} refused'); END`);
  return async () => {
    await db.$executeRawUnsafe(`DROP TRIGGER ${trigger}`);
  };
}
