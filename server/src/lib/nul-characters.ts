/**
 * The NUL character (U+0000), which PostgreSQL keeps in neither text nor JSON: a value holding one
 * would pass every check and then fail at the database (a 500 on PostgreSQL, stored on SQLite).
 * What a person sends is refused with the field named (parseInput); what an agency publishes has
 * its NULs dropped, since a stray byte must not cost members a warning.
 */
const NUL = '\u0000';

/** What a person is told about a NUL character, which they cannot see: what it is and what to do. */
export const NUL_CHARACTER_MESSAGE = 'This text holds an invisible control character (U+0000) that cannot be kept; type or paste it again without it.';

/**
 * The path of the first string (or object key) in `value` holding a NUL character, or undefined.
 * The path is built only for the one found: a quote's outlines are many thousands of numbers.
 */
export function nulCharacterPath(value: unknown): string[] | undefined {
  if (typeof value === 'string') return value.includes(NUL) ? [] : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      const item: unknown = value[index];
      if (typeof item === 'number') continue;
      const found = nulCharacterPath(item);
      if (found) return [String(index), ...found];
    }
    return undefined;
  }
  for (const key of Object.keys(value)) {
    if (key.includes(NUL)) return [];
    const found = nulCharacterPath((value as Record<string, unknown>)[key]);
    if (found) return [key, ...found];
  }
  return undefined;
}

function stripped(value: unknown): unknown {
  if (typeof value === 'string') return value.replaceAll(NUL, '');
  if (Array.isArray(value)) return value.map(stripped);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key.replaceAll(NUL, ''), stripped(item)]));
}

/** Parsed data (plain objects, arrays, strings, numbers) with every NUL character taken out of its strings and keys; the same value when it holds none. */
export function withoutNulCharacters<T>(value: T): T {
  return nulCharacterPath(value) ? (stripped(value) as T) : value;
}
