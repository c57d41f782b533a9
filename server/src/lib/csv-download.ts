import type { Response } from 'express';
import { type CsvCell, csvLines, csvStart } from '@shared/domain/csv';

/** The headers of a CSV file the browser saves: it holds members' data, so no cache keeps it. */
export const csvDownloadHeaders = (filename: string) => ({ 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${filename}"`, 'Cache-Control': 'private, no-store' });

/** An export's columns: their headings, and the cells of one item. */
export interface CsvColumns<Item> {
  header: readonly string[];
  row: (item: Item) => readonly CsvCell[];
}

/** How an export's rows are read: a page at a time, so that an export of any size is whole and never all in memory. */
export const EXPORT_PAGE_SIZE = 1_000;

/** An export's order as Prisma takes it: one field a step, none of them nullable, the last unique (the id). */
type ExportOrder = Readonly<Record<string, 'asc' | 'desc' | undefined>>;

/** Rows after `last` in `order`: later in the first field, or equal in it and later in the next, and so on. */
function after(order: readonly ExportOrder[], last: Record<string, unknown>): object {
  const steps = order.map((step) => Object.entries(step)[0]!);
  return {
    OR: steps.map(([field, direction], index) => ({
      ...Object.fromEntries(steps.slice(0, index).map(([equalField]) => [equalField, last[equalField]])),
      [field]: { [direction === 'asc' ? 'gt' : 'lt']: last[field] },
    })),
  };
}

/**
 * Every row of a query, a page at a time in the query's order, each page read from after the last
 * row of the one before by its values in that order (keyset paging): a row deleted meanwhile,
 * that one included, neither ends the export nor shifts it, and rows written meanwhile may or
 * may not be in it.
 */
export async function* everyRow<Row extends Record<string, unknown>, Where extends object, Order extends ExportOrder>(
  query: { where: Where; orderBy: readonly Order[] },
  findMany: (args: { where: Where | { AND: Where[] }; orderBy: Order[]; take: number }) => Promise<Row[]>,
): AsyncGenerator<Row[], void> {
  const orderBy = [...query.orderBy];
  let last: Row | undefined;
  for (;;) {
    // Typed as the model's own filter: after() writes it from the model's order fields.
    const where = last ? { AND: [query.where, after(orderBy, last) as Where] } : query.where;
    const rows = await findMany({ where, orderBy, take: EXPORT_PAGE_SIZE });
    if (rows.length > 0) yield rows;
    if (rows.length < EXPORT_PAGE_SIZE) return;
    last = rows.at(-1);
  }
}

/**
 * Sends a CSV file as a download, written as its pages of rows are read, waiting for the connection
 * when it is slower than the database. The first page is read before anything is sent, so a
 * database that cannot be reached is the usual 503; a failure after that cuts the download off
 * (the browser says it failed) rather than leaving a file that looks whole. A download the browser
 * gave up stops being read.
 */
export async function sendCsv<Item>(res: Response, filename: string, { header, row }: CsvColumns<Item>, pages: AsyncIterable<readonly Item[]>): Promise<void> {
  const reading = pages[Symbol.asyncIterator]();
  let page = await reading.next();
  res.set(csvDownloadHeaders(filename));
  // One listener each for the whole download: compression hands 'drain' listeners to its gzip stream, which never gives them back.
  let wake: (() => void) | undefined;
  const ready = () => wake?.();
  res.on('drain', ready);
  res.on('close', ready);
  /** false once the browser has gone. */
  const write = async (text: string) => {
    if (!res.write(text) && !res.destroyed) await new Promise<void>((resolve) => (wake = resolve));
    return !res.destroyed;
  };
  try {
    if (!(await write(csvStart(header)))) return;
    for (; !page.done; page = await reading.next()) {
      if (!(await write(csvLines(page.value.map(row))))) return;
    }
    res.end();
  } catch (error) {
    res.destroy();
    throw error;
  } finally {
    await reading.return?.();
  }
}
