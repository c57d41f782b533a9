/**
 * The embedded database's one connection: a write made while another request's transaction is open
 * must not join that transaction. Before the turns in adapter.ts, this write was lost when the other
 * transaction rolled back, after its caller had been told it was saved.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Database, openDatabase } from './client';
import { createTestDatabaseUrl } from '../testing/test-database';

let db: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  const database = await createTestDatabaseUrl();
  drop = database.drop;
  db = await openDatabase(database.url);
});
afterAll(async () => {
  await db.$disconnect();
  await drop();
});

it('keeps a write made while another transaction is open, when that transaction rolls back', async () => {
  let inside!: () => void;
  const opened = new Promise<void>((resolve) => (inside = resolve));
  const failing = db
    .$transaction(async (tx) => {
      await tx.backgroundJobSchedule.create({ data: { queue: 'rolled-back', cron: '* * * * *', nextRunAt: new Date() } });
      inside();
      await new Promise((resolve) => setTimeout(resolve, 200));
      throw new Error('this transaction fails');
    })
    .catch((error: unknown) => error);
  await opened;
  // Another request's write, while that transaction is open.
  await db.backgroundJobSchedule.create({ data: { queue: 'kept', cron: '* * * * *', nextRunAt: new Date() } });
  expect(await failing).toBeInstanceOf(Error);
  expect((await db.backgroundJobSchedule.findMany({ select: { queue: true } })).map((row) => row.queue)).toEqual(['kept']);
});
