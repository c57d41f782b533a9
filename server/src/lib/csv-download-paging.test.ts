/**
 * An export reads its rows a page at a time (everyRow), on both databases: every row once and in
 * order, across pages that end inside a run of equal values, and whole when the row a page ended
 * on is deleted before the next page is read (with Prisma's cursor the export ended there).
 */
import { expect, it } from 'vitest';
import { EXPORT_PAGE_SIZE, everyRow } from './csv-download';
import { useTestDatabase } from '../testing/test-database';

const database = useTestDatabase();

const ROWS = 2 * EXPORT_PAGE_SIZE + 500;
/** Runs of 700 rows share a time, so the first page ends inside a run. */
const RUN = 700;
const start = new Date('2026-12-04T00:00:00Z').getTime();
const queue = (index: number) => `q${String(index).padStart(4, '0')}`;

/** The rows in the export's order: latest time first, then queue name. */
async function scheduledRows() {
  const db = database();
  await db.backgroundJobSchedule.deleteMany();
  await db.backgroundJobSchedule.createMany({ data: Array.from({ length: ROWS }, (_, index) => ({ queue: queue(index), cron: '* * * * *', nextRunAt: new Date(start + Math.floor(index / RUN) * 60_000) })) });
  const runs = Array.from({ length: Math.ceil(ROWS / RUN) }, (_, run) => Array.from({ length: Math.min(RUN, ROWS - run * RUN) }, (_, offset) => queue(run * RUN + offset)));
  return runs.reverse().flat();
}

const exportOf = () => everyRow({ where: { cron: '* * * * *' }, orderBy: [{ nextRunAt: 'desc' }, { queue: 'asc' }] }, (page) => database().backgroundJobSchedule.findMany(page));

it('reads every row once, in the order, across pages that end inside a run of equal times', async () => {
  const expected = await scheduledRows();
  const read: string[] = [];
  for await (const rows of exportOf()) read.push(...rows.map((row) => row.queue));
  expect(read).toEqual(expected);
});

it('reads on after the row a page ended on is deleted before the next page', async () => {
  const expected = await scheduledRows();
  const pages = exportOf();
  const first = (await pages.next()).value!;
  const endedOn = first.at(-1)!.queue;
  await database().backgroundJobSchedule.delete({ where: { queue: endedOn } });
  const read = first.map((row) => row.queue);
  for await (const rows of pages) read.push(...rows.map((row) => row.queue));
  expect(read).toEqual(expected);
  expect(read.length).toBe(ROWS);
});
