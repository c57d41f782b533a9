/**
 * Requests as an attacker edits them: a valid request with one value replaced by something a page
 * would never send. Used by hostile-input.test.ts to sweep every endpoint of the table; each variant
 * is a whole body (or query), so it can be checked against the endpoint's schema before it is sent.
 */
import { faker } from '@faker-js/faker';
import type { z } from 'zod';
import { fake, randexp, seed, setFaker } from 'zod-schema-faker/v4';

type JsonPath = readonly (string | number)[];

/** Text a person or a script can put in any field; each has broken a real system somewhere. */
export const HOSTILE_TEXTS: readonly (readonly [label: string, value: string])[] = [
  ['empty', ''],
  ['spaces', '   '],
  ['NUL character', 'a\u0000b'],
  ['half an emoji', 'paddock \ud83c'],
  ['right-to-left override', 'wheat\u202egpj.exe'],
  ['wildcards and escapes', '%_\\'],
  ['SQL', "x' OR '1'='1'; --"],
  ['markup', '<img src=x onerror=alert(1)>'],
  ['year 0', '0000-01-01'],
  ['31 February', '2026-02-31'],
  ['24:00', '2026-06-30T24:00:00.000Z'],
  ['last moment of 9999', '9999-12-31T23:59:59.999Z'],
  ['prototype', '__proto__'],
  ['a number past the largest double, as text', '1e400'],
  ['emoji at length', '🌾'.repeat(120)],
  ['a 5,000-character e-mail address', `${'x'.repeat(4_000)}@${'y'.repeat(60)}.${'z'.repeat(900)}.com.au`],
  ['long text', 'x'.repeat(20_000)],
];

/** Numbers at the edges of what JSON, JavaScript and the two databases hold. */
export const HOSTILE_NUMBERS: readonly (readonly [label: string, value: number])[] = [
  ['zero', 0],
  ['minus one', -1],
  ['a half', 0.5],
  ['2^31 (past a 32-bit integer)', 2 ** 31],
  ['-2^31 - 1', -(2 ** 31) - 1],
  ['2^53 + 2 (past exact integers)', 2 ** 53 + 2],
  ['1e308', 1e308],
  ['-1e308', -1e308],
  ['the smallest double', 5e-324],
];

export interface HostileVariant {
  /** Where and what, for the failure message: 'cropAllocations.0.hectares = 2^31'. */
  description: string;
  value: unknown;
}

/** Every leaf (text, number, boolean, null, empty array or object) of a JSON value, with its path. */
function leavesOf(value: unknown, path: JsonPath = []): { path: JsonPath; value: unknown }[] {
  if (Array.isArray(value) && value.length > 0) return value.flatMap((item, index) => leavesOf(item, [...path, index]));
  if (value !== null && typeof value === 'object' && Object.keys(value).length > 0) {
    return Object.entries(value).flatMap(([key, item]) => leavesOf(item, [...path, key]));
  }
  return [{ path, value }];
}

/** Every array of a JSON value that holds something, with its path. */
function arraysOf(value: unknown, path: JsonPath = []): { path: JsonPath; value: unknown[] }[] {
  if (value === null || typeof value !== 'object') return [];
  const inside = Object.entries(value).flatMap(([key, item]) => arraysOf(item, [...path, Array.isArray(value) ? Number(key) : key]));
  return Array.isArray(value) && value.length > 0 ? [{ path, value }, ...inside] : inside;
}

function replacedAt(root: unknown, path: JsonPath, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const copy = structuredClone(root) as Record<string | number, unknown>;
  let parent = copy;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  parent[path[path.length - 1]!] = replacement;
  return copy;
}

const named = (path: JsonPath) => (path.length === 0 ? '(the whole value)' : path.join('.'));

/** The hostile values put in place of one leaf: of its own kind, then of other kinds. */
function replacementsFor(leaf: unknown): (readonly [string, unknown])[] {
  const otherKinds: (readonly [string, unknown])[] = [
    ['null', null],
    ['an object', { $gt: '' }],
  ];
  if (typeof leaf === 'number') return [...HOSTILE_NUMBERS, ['the number as text', String(leaf)], ...otherKinds];
  if (typeof leaf === 'boolean') return [['the text "true"', 'true'], ['one', 1], ...otherKinds];
  if (typeof leaf === 'string') return [...HOSTILE_TEXTS, ['a number', 12], ['a list of text', [leaf, leaf]], ...otherKinds];
  return [...HOSTILE_TEXTS.slice(0, 4), ...HOSTILE_NUMBERS.slice(3, 5), ['true', true]];
}

/** The base with one value at a time made hostile, one array at a time made long, and a few whole-body shapes. */
export function hostileVariants(base: unknown, { longArrayLength = 2_000 } = {}): HostileVariant[] {
  const variants: HostileVariant[] = [];
  for (const leaf of leavesOf(base)) {
    for (const [label, replacement] of replacementsFor(leaf.value)) variants.push({ description: `${named(leaf.path)} = ${label}`, value: replacedAt(base, leaf.path, replacement) });
  }
  for (const array of arraysOf(base)) {
    variants.push({
      description: `${named(array.path)} repeated ${longArrayLength} times`,
      value: replacedAt(
        base,
        array.path,
        Array.from({ length: longArrayLength }, () => array.value[0]),
      ),
    });
  }
  if (base !== null && typeof base === 'object' && !Array.isArray(base)) {
    // An own "__proto__" key, as JSON.parse makes one from a request's text.
    const withPrototype = structuredClone(base);
    Object.defineProperty(withPrototype, '__proto__', { value: { isAdmin: true, permissions: ['admin'] }, enumerable: true, writable: true, configurable: true });
    variants.push({ description: 'a "__proto__" key claiming to be an administrator', value: withPrototype });
    variants.push({ description: 'keys claiming administrator rights and another member', value: { ...base, isAdmin: true, userId: 'someone-else' } });
  }
  variants.push({ description: 'a list in place of the whole value', value: [base] });
  return variants;
}

/** The field a variant made hostile (list positions as #), for spreading a capped sample across fields. */
export function fieldOf(variant: HostileVariant): string {
  return variant.description.split(' ')[0]!.replace(/\.\d+(?=\.|$)/g, '.#');
}

/**
 * A value the schema accepts, made by zod-schema-faker from its leaves; the containers are walked
 * here because the faker (2.1) cannot run zod 4's pipes and transforms, which many request schemas
 * use (a trimmed text piped into an id's pattern, a preprocessed number). Undefined where no try
 * gives a value the schema accepts (a refinement across fields the generator cannot know).
 */
export function validExample(schema: z.ZodType, seedText: string, tries = 5): unknown {
  setFaker(faker);
  for (let attempt = 0; attempt < tries; attempt += 1) {
    seed([...seedText].reduce((sum, character) => (sum * 31 + character.charCodeAt(0)) % 2 ** 31, attempt));
    try {
      const value = mended(schema, exampleOf(schema));
      if (schema.safeParse(value).success) return value;
    } catch {
      // A leaf the faker cannot make (a pattern randexp cannot read, say); the next seed may make it.
    }
  }
  return undefined;
}

function exampleOf(schema: z.ZodType): unknown {
  const def = (schema as z.core.$ZodType)._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
  const inner = (key: string) => exampleOf(def[key] as z.ZodType);
  switch (def.type) {
    case 'object':
      return Object.fromEntries(Object.entries((def as unknown as { shape: Record<string, z.ZodType> }).shape).map(([key, field]) => [key, exampleOf(field)]));
    case 'array':
      return [exampleOf(def.element as z.ZodType)];
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return inner('innerType');
    case 'lazy':
      return exampleOf((def.getter as () => z.ZodType)());
    case 'pipe': {
      // What comes out has passed what goes in (a trimmed text, then an id's pattern), unless what comes out is made by a transform.
      return (def.out as z.core.$ZodType)._zod.def.type === 'transform' ? inner('in') : inner('out');
    }
    case 'union':
      return exampleOf((def.options as z.ZodType[])[0]!);
    default:
      return fake(schema);
  }
}

/** Texts that satisfy the refinements the faker cannot read: days, moments, addresses, ids, codes. */
const EXAMPLE_TEXTS = ['2026-06-30', '2026-06-30T02:00:00.000Z', 'grower@example.com', 'abc123', 'https://example.com/', '04-01', 'wheat', 'CWB', '2026-06'];

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  return path.reduce<unknown>((value, key) => (value !== null && typeof value === 'object' ? (value as Record<PropertyKey, unknown>)[key] : undefined), root);
}

/** What might satisfy one issue: the bound a number or text missed, a text of the pattern, then the example texts. */
function mendsFor(issue: z.core.$ZodIssue, current: unknown): unknown[] {
  const bound = 'minimum' in issue ? issue.minimum : 'maximum' in issue ? issue.maximum : undefined;
  if (typeof bound === 'number' && issue.code === 'too_small') return issue.origin === 'string' ? ['x'.repeat(bound), ...EXAMPLE_TEXTS] : [bound + (issue.inclusive ? 0 : 1)];
  if (typeof bound === 'number' && issue.code === 'too_big') return issue.origin === 'string' ? [...EXAMPLE_TEXTS, String(current).slice(0, bound)] : [bound - (issue.inclusive ? 0 : 1)];
  if (issue.code === 'invalid_format' && 'pattern' in issue && typeof issue.pattern === 'string') return [...EXAMPLE_TEXTS, ...textOfPattern(issue.pattern)];
  if (issue.code === 'invalid_type' && issue.expected === 'string' && current !== undefined) return [String(current), ...EXAMPLE_TEXTS];
  return EXAMPLE_TEXTS;
}

/** A text the pattern matches, when randexp can read the pattern. */
function textOfPattern(pattern: string): string[] {
  try {
    return [randexp(pattern.replace(/^\/|\/[a-z]*$/g, ''))];
  } catch {
    return [];
  }
}

/** The value with each field the schema refused replaced by the first mend that it accepts there (a few rounds, as one mend can reveal the next). */
function mended(schema: z.ZodType, value: unknown): unknown {
  let current = value;
  for (let round = 0; round < 4; round += 1) {
    const result = schema.safeParse(current);
    if (result.success) return current;
    for (const issue of result.error.issues) {
      const path = issue.path.filter((key): key is string | number => typeof key !== 'symbol');
      if (path.length === 0) continue;
      const pathText = JSON.stringify(path);
      for (const mend of mendsFor(issue, valueAt(current, path))) {
        const tried = replacedAt(current, path, mend);
        const after = schema.safeParse(tried);
        if (after.success || !after.error.issues.some((left) => JSON.stringify(left.path) === pathText)) {
          current = tried;
          break;
        }
      }
    }
  }
  return current;
}
