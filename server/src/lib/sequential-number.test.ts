import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser } from '../testing/accounts';
import { createTestApp, type TestApp } from '../testing/test-app';
import { uniqueViolationOn, withSequentialNumber } from './sequential-number';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A row numbered in its email column ("race-00001@…"), as a receipt is in receiptNumber; `lastName` carries a second, unrelated value. */
const numberedUser = (number: string, lastName = 'Racer') => createTestUser(t.db, { email: `${number}@example.test`.toLowerCase(), lastName });

describe('a row with a sequential number', () => {
  it('tells which unique column refused a write, as the database said it', async () => {
    await numberedUser('named-00001');
    const refused = await numberedUser('named-00001').catch((error: unknown) => error);
    expect(uniqueViolationOn(refused, 'email')).toBe(true);
    expect(uniqueViolationOn(refused, 'lastName')).toBe(false);
    expect(uniqueViolationOn(new Error('not a database error'), 'email')).toBe(false);
  });

  it('takes the next number when another request took this one first', async () => {
    await numberedUser('race-00001');
    // The count read before the other request's row was kept: the first number tried is taken.
    const numbers: string[] = [];
    const user = await withSequentialNumber(
      async () => 0,
      'race',
      'email',
      (number) => (numbers.push(number), numberedUser(number)),
    );
    expect(numbers).toEqual(['race-00001', 'race-00002']);
    expect(user.email).toBe('race-00002@example.test');
  });

  it('throws at once when another unique column refused the write, not trying eight more numbers', async () => {
    await numberedUser('key-00001');
    const tried: string[] = [];
    // Numbered in lastName (not unique), refused on email (a repeated key, say): no other number would help.
    const refused = await withSequentialNumber(
      async () => 0,
      'other',
      'lastName',
      (number) => (tried.push(number), numberedUser('key-00001', number)),
    ).catch((error: unknown) => error);
    expect(uniqueViolationOn(refused, 'email')).toBe(true);
    expect(tried).toEqual(['other-00001']);
  });
});
