/** A unique constraint refused the write (Prisma's P2002). */
export const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === 'P2002';

/**
 * Whether the unique constraint a write broke is the one on `column` alone, as the database said:
 * SQLite's adapter names the constraint's columns, PostgreSQL's its index (which Prisma names
 * Table_column_key). Undefined when it did not say.
 */
export function uniqueViolationOn(error: unknown, column: string): boolean | undefined {
  if (!isUniqueViolation(error)) return false;
  const cause = (error as { meta?: { driverAdapterError?: { cause?: { constraint?: { fields?: unknown; index?: unknown }; table?: unknown } } } }).meta?.driverAdapterError?.cause;
  const constraint = cause?.constraint;
  if (Array.isArray(constraint?.fields)) return constraint.fields.length === 1 && constraint.fields[0] === column;
  if (typeof constraint?.index === 'string') return constraint.index === `${String(cause?.table)}_${column}_key`;
  return undefined;
}

/**
 * Creates a row with a sequential human number (PREFIX-00001: invoices, receipts, claims) in its
 * `column`, retrying when two requests race for one. `create` may be a transaction: a retry starts
 * it afresh. Another unique column refusing the write (a repeated Idempotency-Key) is not a race
 * for the number: it is thrown at once, for the caller to find the row that won.
 */
export async function withSequentialNumber<T>(count: () => Promise<number>, prefix: string, column: string, create: (number: string) => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    const number = `${prefix}-${String((await count()) + 1 + attempt).padStart(5, '0')}`;
    try {
      return await create(number);
    } catch (error) {
      const raceForTheNumber = uniqueViolationOn(error, column) ?? isUniqueViolation(error);
      if (!raceForTheNumber || attempt >= 8) throw error;
    }
  }
}

/** Runs a transaction again from the start when a unique constraint refused one of its writes: two requests raced for one number, and the next attempt reads the winner's. */
export async function retryOnUniqueViolation<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 8) throw error;
    }
  }
}
