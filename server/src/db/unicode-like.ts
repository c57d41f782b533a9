/**
 * SQLite's own LIKE folds case for ASCII letters only, so on the embedded database staff typing
 * "ZOË" did not find "Zoë" (nor "éric" an "Éric"), where PostgreSQL's insensitive mode does. This
 * LIKE, registered on the SQLite connection in place of the built-in one, keeps its pattern rules
 * (`%` any text, `_` one character, an optional ESCAPE character) and folds case as Unicode does.
 */

/** The compiled patterns of the searches typed lately: a search runs LIKE once a row per column. */
const compiled = new Map<string, RegExp>();
const COMPILED_KEPT = 256;

/** The characters a Unicode regular expression reads as syntax; no other may be escaped in one. */
const REGEXP_SPECIAL = /[\\^$.*+?()[\]{}|/]/;

/** A LIKE pattern as a regular expression that matches the whole text in any case. */
function likePattern(pattern: string, escape?: string): RegExp {
  const key = escape === undefined ? pattern : `${escape}\u0000${pattern}`;
  const known = compiled.get(key);
  if (known) return known;
  if (escape !== undefined && [...escape].length !== 1) throw new Error('ESCAPE expression must be a single character');
  let source = '';
  const characters = [...pattern];
  for (let index = 0; index < characters.length; index++) {
    const character = characters[index] ?? '';
    if (character === escape && index + 1 < characters.length) {
      source += literal(characters[++index] ?? '');
    } else if (character === '%') {
      source += '[^]*';
    } else if (character === '_') {
      source += '[^]';
    } else {
      source += literal(character);
    }
  }
  const expression = new RegExp(`^${source}$`, 'iu');
  if (compiled.size >= COMPILED_KEPT) compiled.clear();
  compiled.set(key, expression);
  return expression;
}

const literal = (character: string) => (REGEXP_SPECIAL.test(character) ? `\\${character}` : character);

type SqlValue = string | number | bigint | Buffer | null;

/** LIKE as SQLite calls it: like(pattern, text) or like(pattern, text, escape); NULL when either is NULL. */
export function unicodeLike(pattern: SqlValue, text: SqlValue, escape?: SqlValue): 0 | 1 | null {
  if (pattern === null || text === null || escape === null) return null;
  return likePattern(String(pattern), escape === undefined ? undefined : String(escape)).test(String(text)) ? 1 : 0;
}

interface FunctionRegistry {
  function(name: string, options: { deterministic: boolean }, implementation: (...values: SqlValue[]) => SqlValue): unknown;
}

/** Puts unicodeLike in place of SQLite's LIKE on one connection (both the two- and three-argument forms). */
export function registerUnicodeLike(connection: FunctionRegistry): void {
  connection.function('like', { deterministic: true }, (pattern, text) => unicodeLike(pattern ?? null, text ?? null));
  connection.function('like', { deterministic: true }, (pattern, text, escape) => unicodeLike(pattern ?? null, text ?? null, escape ?? null));
}
