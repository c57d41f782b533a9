import { retryOnUniqueViolation } from '../lib/sequential-number';

/**
 * Adds the seed rows whose key the table does not have yet and leaves every existing row as
 * administrators edited it: one read per table at each start-up, and one write only when something
 * is missing. Two instances starting at once may both find a row missing; the one whose insert
 * loses reads again and adds what is still missing.
 */
export function addMissingRows<Row>({
  rows,
  keyOf,
  existingKeys,
  create,
}: {
  rows: readonly Row[];
  keyOf: (row: Row) => string;
  existingKeys: () => Promise<string[]>;
  create: (rows: Row[]) => Promise<unknown>;
}): Promise<void> {
  return retryOnUniqueViolation(async () => {
    const existing = new Set(await existingKeys());
    const missing = rows.filter((row) => !existing.has(keyOf(row)));
    if (missing.length > 0) await create(missing);
  });
}
