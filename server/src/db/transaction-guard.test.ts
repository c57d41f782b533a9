/**
 * A query made through `db` inside an interactive transaction's callback is refused at once, on both
 * databases. Before the guard, on the embedded database it waited for the transaction's own turn
 * until the transaction expired five seconds later (a manual discount granted before anything had
 * read the pricing model answered 500 that way); on PostgreSQL it ran outside the transaction.
 */
import { expect, it } from 'vitest';
import { QueryBesideTransactionError } from './transaction-guard';
import { useTestDatabase } from '../testing/test-database';

const database = useTestDatabase();

const schedule = (queue: string) => ({ data: { queue, cron: '* * * * *', nextRunAt: new Date() } });
const queues = async () => (await database().backgroundJobSchedule.findMany({ select: { queue: true }, orderBy: { queue: 'asc' } })).map((row) => row.queue);

it('refuses a query through db inside a transaction, and the transaction keeps nothing it wrote', async () => {
  const db = database();
  const outcome = await db
    .$transaction(async (tx) => {
      await tx.backgroundJobSchedule.create(schedule('inside-refused'));
      await db.backgroundJobSchedule.create(schedule('beside-refused'));
    })
    .catch((error: unknown) => error);
  expect(outcome).toBeInstanceOf(QueryBesideTransactionError);
  expect((await queues()).filter((queue) => queue.endsWith('-refused'))).toEqual([]);
});

it('refuses a transaction started through db inside another', async () => {
  const db = database();
  const outcome = await db.$transaction(async () => db.$transaction(async (inner) => inner.backgroundJobSchedule.count())).catch((error: unknown) => error);
  expect(outcome).toBeInstanceOf(QueryBesideTransactionError);
});

it('answers what the transaction client asks, a batch, work the callback leaves for after, and other requests meanwhile', async () => {
  const db = database();
  let afterwards!: Promise<unknown>;
  let inside!: () => void;
  const opened = new Promise<void>((resolve) => (inside = resolve));
  const transaction = db.$transaction(async (tx) => {
    await tx.backgroundJobSchedule.create(schedule('kept-inside'));
    // Started in the callback, run once the transaction has ended.
    afterwards = new Promise((resolve) => setTimeout(resolve, 100)).then(() => db.backgroundJobSchedule.create(schedule('kept-after')));
    inside();
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
  await opened;
  // Another request's write while the transaction is open waits its turn and is kept.
  await db.backgroundJobSchedule.create(schedule('kept-meanwhile'));
  await transaction;
  await afterwards;
  await db.$transaction([db.backgroundJobSchedule.create(schedule('kept-batch'))]);
  expect(await queues()).toEqual(expect.arrayContaining(['kept-after', 'kept-batch', 'kept-inside', 'kept-meanwhile']));
});

it('answers another request’s read that Prisma batches in the same tick as a read of the transaction’s', async () => {
  // Prisma gathers the findUnique calls of one tick and runs them from a callback scheduled by the
  // first: when that first was the transaction's, another request's read ran in the transaction's
  // context and was refused (a session read answered 500 once in 24,000 calls on a storm day).
  const db = database();
  await db.backgroundJobSchedule.create(schedule('read-beside'));
  let opened!: () => void;
  const transactionOpen = new Promise<void>((resolve) => (opened = resolve));
  // Registered here, outside the transaction: it runs in this context, in the tick the transaction reads in.
  const besideRead = transactionOpen.then(() => db.backgroundJobSchedule.findUnique({ where: { queue: 'read-beside' }, select: { queue: true } }));
  await db.$transaction(async (tx) => {
    opened();
    await tx.backgroundJobSchedule.findUnique({ where: { queue: 'read-beside' }, select: { queue: true } });
  });
  expect(await besideRead).toEqual({ queue: 'read-beside' });
});
