import type { DatabaseProvider } from './provider';

/**
 * A `contains` filter that matches in any case on either database: PostgreSQL is told to ignore
 * case (a mode the SQLite client's types do not name); on SQLite, LIKE folds case itself
 * (unicode-like.ts, for every language, as PostgreSQL does).
 */
export function anyCaseContains(provider: DatabaseProvider): (text: string) => { contains: string } {
  return (text) => ({ contains: text, ...(provider === 'postgresql' ? { mode: 'insensitive' } : {}) }) as { contains: string };
}

/**
 * A person's whole name typed as staff say it, matched against the first and last name columns at
 * every break between its words: "Mary Anne Van Der Berg" is found whichever words are the first name.
 */
export function fullNameMatches(containing: (text: string) => { contains: string }, text: string) {
  const words = text.trim().split(/\s+/);
  return words.slice(1).map((_, index) => ({
    AND: [{ firstName: containing(words.slice(0, index + 1).join(' ')) }, { lastName: containing(words.slice(index + 1).join(' ')) }],
  }));
}
