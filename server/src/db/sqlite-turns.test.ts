/**
 * The embedded database's one writing connection: a write made while another request's transaction
 * is open must not join that transaction. Before the turns in adapter.ts, this write was lost when
 * the other transaction rolled back, after its caller had been told it was saved. Reads wait for no
 * transaction: they go to a read-only connection that sees what was last committed.
 */
import { expect, it } from 'vitest';
import { useTestDatabase } from '../testing/test-database';
import { bareApplication, ensureSeason } from '../testing/dashboard-fixtures';

const database = useTestDatabase();

it('keeps a write made while another transaction is open, when that transaction rolls back', async () => {
  const db = database();
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
  expect((await db.backgroundJobSchedule.findMany({ where: { queue: { in: ['rolled-back', 'kept'] } }, select: { queue: true } })).map((row) => row.queue)).toEqual(['kept']);
});

it("answers a read while another request's transaction is open, with what was committed before it", async () => {
  const db = database();
  await db.backgroundJobSchedule.create({ data: { queue: 'read: committed', cron: '* * * * *', nextRunAt: new Date() } });
  const queues = async () => (await db.backgroundJobSchedule.findMany({ where: { queue: { startsWith: 'read: ' } }, select: { queue: true }, orderBy: { queue: 'asc' } })).map((row) => row.queue);
  let inside!: () => void;
  const opened = new Promise<void>((resolve) => (inside = resolve));
  let open = true;
  const committing = db.$transaction(async (tx) => {
    await tx.backgroundJobSchedule.create({ data: { queue: 'read: in a transaction', cron: '* * * * *', nextRunAt: new Date() } });
    inside();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    open = false;
  });
  await opened;
  // Another request's read, while that transaction is open.
  const readWhileOpen = await queues().then((read) => ({ read, answeredWhileOpen: open }));
  expect(readWhileOpen).toEqual({ read: ['read: committed'], answeredWhileOpen: true });
  await committing;
  expect(await queues()).toEqual(['read: committed', 'read: in a transaction']);
});

it('reads 1,200 applications each with its paddocks in order (Prisma binds every parent in one statement)', async () => {
  const db = database();
  await db.user.create({ data: { id: 'many-applications', email: 'many@example.com', passwordHash: '-', firstName: 'Many', lastName: 'Applications', permissions: [] } });
  await ensureSeason(db, 2026);
  await db.protectionApplication.createMany({
    data: Array.from({ length: 1200 }, (_, index) => bareApplication('many-applications', 2026, { status: 'active', id: `many-${index}`, reference: `APP-2026-M${index}` })),
  });
  await db.protectionPaddock.createMany({
    data: Array.from({ length: 1200 }, (_, index) => ({ applicationId: `many-${index}`, sectionId: 's1', name: `Paddock ${index}`, area: 10, priced: true, sortOrder: 0 })),
  });
  const read = await db.protectionApplication.findMany({ where: { userId: 'many-applications' }, select: { id: true, paddocks: { orderBy: { sortOrder: 'asc' }, select: { name: true } } } });
  expect([read.length, read.every((row) => row.paddocks.length === 1)]).toEqual([1200, true]);
});

it('lets other work run during a long chain of queries (better-sqlite3 answers at once, so awaiting never left the thread)', async () => {
  const db = database();
  let timerRan = false;
  setTimeout(() => (timerRan = true), 0);
  let queriesBeforeTimer = 0;
  for (let query = 0; query < 2000 && !timerRan; query += 1) {
    await db.backgroundJobSchedule.count();
    queriesBeforeTimer += 1;
  }
  expect(timerRan).toBe(true);
  expect(queriesBeforeTimer).toBeLessThan(2000);
});
