import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { registerUnicodeLike } from './unicode-like';

const connection = new Database(':memory:');
registerUnicodeLike(connection);
afterAll(() => connection.close());

const like = (text: string | null, pattern: string | null, escape?: string) =>
  connection.prepare(escape === undefined ? 'SELECT ? LIKE ? AS matched' : 'SELECT ? LIKE ? ESCAPE ? AS matched').get(...[text, pattern, ...(escape === undefined ? [] : [escape])]) as {
    matched: number | null;
  };

describe("SQLite's LIKE on the server's connections", () => {
  it('ignores case for every language, as PostgreSQL does', () => {
    expect(like('Zoë Ó Briain', '%ZOË%').matched).toBe(1);
    expect(like('Éric', 'éric').matched).toBe(1);
    expect(like('STRAßE', '%straße').matched).toBe(1);
    expect(like('Zoe', 'zoë').matched).toBe(0);
  });

  it("keeps LIKE's pattern: % any text, _ one character, an ESCAPE character, nothing else special", () => {
    expect(like('Lot 4, Merredin', 'lot _, %').matched).toBe(1);
    expect(like('Lot 14, Merredin', 'lot _, %').matched).toBe(0);
    expect(like('Ō', '_').matched).toBe(1);
    expect(like('line one\nline two', '%ONE%TWO').matched).toBe(1);
    expect(like('50% off', '50!%%', '!').matched).toBe(1);
    expect(like('500 off', '50!%%', '!').matched).toBe(0);
    expect(like('a.b (c) [d] {e} ^$|*+?/\\', 'A.B (C) [D] {E} ^$|*+?/\\').matched).toBe(1);
    expect(like('axb', 'a.b').matched).toBe(0);
  });

  it('answers NULL when the text or pattern is NULL, and refuses an ESCAPE longer than one character', () => {
    expect(like(null, '%').matched).toBeNull();
    expect(like('x', null).matched).toBeNull();
    expect(() => like('x', 'x', '!!')).toThrow('ESCAPE expression must be a single character');
  });
});
