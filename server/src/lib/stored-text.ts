/**
 * Text the database can keep. PostgreSQL keeps no NUL character (U+0000) in text or JSON, and its
 * JSON refuses half of a surrogate pair (an emoji cut in two, as a length limit can cut one), both
 * of which SQLite stores: such a value would pass every check and then fail at the database (a 500
 * on PostgreSQL only). What a person sends is refused when it holds a NUL, with the field named, and
 * has a lone half of a pair made U+FFFD, as the database driver already writes one into a text
 * column (parseInput); what an agency publishes has its NULs dropped too, since a stray byte must
 * not cost members a warning (storableText).
 */
import { badRequest } from './app-error';

const NUL = '\u0000';
const hasNul = (text: string) => text.includes(NUL);
const isBroken = (text: string) => !text.isWellFormed();
const isUnstorable = (text: string) => hasNul(text) || isBroken(text);

/** Deeper than anything the site sends (a quote's outline is about ten levels down): beyond it input is refused, not walked, so no hand-made body can exhaust the stack here or in the JSON writers after. */
const MAX_NESTING = 64;
export const TOO_DEEP_MESSAGE = `The data sent is nested more than ${MAX_NESTING} levels deep, which nothing on this site sends; send it as the page does.`;

/** What a person is told about a NUL character, which they cannot see: what it is and what to do. */
export const NUL_CHARACTER_MESSAGE = 'This text holds an invisible control character (U+0000) that cannot be kept; type or paste it again without it.';

/**
 * The path of the first string or object key in `value` for which `test` holds, or undefined. The
 * path is built only for the one found: a quote's outlines are many thousands of numbers.
 */
function pathWhere(value: unknown, test: (text: string) => boolean, depth = 0): string[] | undefined {
  if (typeof value === 'string') return test(value) ? [] : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  if (depth === MAX_NESTING) throw badRequest(TOO_DEEP_MESSAGE, 'too_deeply_nested');
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      const item: unknown = value[index];
      if (typeof item === 'number') continue;
      const found = pathWhere(item, test, depth + 1);
      if (found) return [String(index), ...found];
    }
    return undefined;
  }
  for (const key of Object.keys(value)) {
    if (test(key)) return [];
    const found = pathWhere((value as Record<string, unknown>)[key], test, depth + 1);
    if (found) return [key, ...found];
  }
  return undefined;
}

/** Parsed data (plain objects, arrays, strings, numbers) with `change` made to every string and key. */
function withStrings(value: unknown, change: (text: string) => string): unknown {
  if (typeof value === 'string') return change(value);
  if (Array.isArray(value)) return value.map((item: unknown) => withStrings(item, change));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [change(key), withStrings(item, change)]));
}

/** Whether any string or key of `value` holds what the database cannot keep: one walk, whose answer is nearly always no. */
export const holdsUnstorableText = (value: unknown): boolean => pathWhere(value, isUnstorable) !== undefined;

/** The path of the first string or key holding a NUL character, or undefined. */
export const nulCharacterPath = (value: unknown): string[] | undefined => pathWhere(value, hasNul);

/** Input as parseInput reads it: a lone half of a surrogate pair made U+FFFD; the same value when there is none. */
export function wellFormedText<T>(value: T): T {
  return pathWhere(value, isBroken) ? (withStrings(value, (text) => text.toWellFormed()) as T) : value;
}

/** An agency's data as it is stored: NUL characters dropped and lone halves of surrogate pairs made U+FFFD; the same value when neither is there. */
export function storableText<T>(value: T): T {
  return holdsUnstorableText(value) ? (withStrings(value, (text) => text.replaceAll(NUL, '').toWellFormed()) as T) : value;
}
