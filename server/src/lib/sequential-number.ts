/** A unique constraint refused the write (Prisma's P2002). */
export const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === 'P2002';

/**
 * Creates a row with a sequential human number (PREFIX-00001: invoices, receipts, claims), retrying
 * when two requests race for one. `create` may be a transaction: a retry starts it afresh.
 */
export async function withSequentialNumber<T>(count: () => Promise<number>, prefix: string, create: (number: string) => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    const number = `${prefix}-${String((await count()) + 1 + attempt).padStart(5, '0')}`;
    try {
      return await create(number);
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 8) throw error;
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
