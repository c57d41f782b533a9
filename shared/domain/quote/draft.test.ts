import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { emptyQuoteState } from '../../contracts/quote';
import { draftDataHash, draftQuoteData, draftStatusUpdate, draftToSelect, fnv1a64Hex, hasDraftContent, selectionAfterDelete, stableStringify } from './draft';
import type { QuoteView } from './types';

/** Reference 64-bit FNV-1a with BigInt, to check the limb arithmetic. */
function fnvReference(bytes: Uint8Array): string {
  let hash = 0xcbf29ce484222325n;
  for (const byte of bytes) hash = ((hash ^ BigInt(byte)) * 0x100000001b3n) & 0xffffffffffffffffn;
  return hash.toString(16).padStart(16, '0');
}

const encode = (text: string) => new TextEncoder().encode(text);

describe('stableStringify', () => {
  it('sorts keys at every level and follows JSON for the rest', () => {
    expect(stableStringify({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: undefined } })).toBe('{"a":{"d":[3,{"y":2,"z":1}]},"b":1}');
    expect(stableStringify([undefined, Number.NaN, new Date(0)])).toBe('[null,null,"1970-01-01T00:00:00.000Z"]');
    expect(stableStringify(undefined)).toBe('null');
  });

  it('equals JSON.stringify of the key-sorted value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(JSON.parse(stableStringify(value))).toEqual(JSON.parse(JSON.stringify(value)));
      }),
    );
  });
});

describe('fnv1a64Hex', () => {
  it('matches the published test vectors', () => {
    expect(fnv1a64Hex(encode(''))).toBe('cbf29ce484222325');
    expect(fnv1a64Hex(encode('a'))).toBe('af63dc4c8601ec8c');
    expect(fnv1a64Hex(encode('foobar'))).toBe('85944171f73967e8');
  });

  it('matches a BigInt reference for any bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        expect(fnv1a64Hex(bytes)).toBe(fnvReference(bytes));
      }),
    );
  });
});

const hasBookkeeping = (value: unknown) => value !== null && typeof value === 'object' && ('lastModified' in value || 'draftId' in value);

describe('draftDataHash', () => {
  it('ignores when the quote was touched and which draft holds it, so opening a draft is not a change', () => {
    const quote = { ...emptyQuoteState(), personalDetails: { ...emptyQuoteState().personalDetails, firstName: 'Jan' } };
    const reopened = { ...quote, lastModified: '2026-11-22T04:00:00.000Z', draftId: 'draft_b' };
    expect(draftDataHash(reopened)).toBe(draftDataHash({ ...quote, lastModified: '2026-11-21T01:00:00.000Z', draftId: 'draft_a' }));
    expect(draftDataHash({ ...reopened, farmData: { ...reopened.farmData, hectares: 12 } })).not.toBe(draftDataHash(reopened));
  });

  it('is 16 characters', () => {
    expect(draftDataHash(emptyQuoteState())).toMatch(/^[0-9a-f]{16}$/);
  });

  it('is the same for equal data whatever the key order', () => {
    const a = { personalDetails: { firstName: 'Jan', email: 'j@x.au' }, farmData: { hectares: 100 } };
    const b = { farmData: { hectares: 100 }, personalDetails: { email: 'j@x.au', firstName: 'Jan' } };
    expect(draftDataHash(a)).toBe(draftDataHash(b));
  });

  it('changes when the data changes, even deep inside a quote that shares its leading bytes', () => {
    const quote = emptyQuoteState();
    const changed = { ...quote, personalDetails: { ...quote.personalDetails, firstName: 'Jan' } };
    const changedAgain = { ...quote, personalDetails: { ...quote.personalDetails, firstName: 'Jap' } };
    expect(draftDataHash(changed)).not.toBe(draftDataHash(quote));
    expect(draftDataHash(changedAgain)).not.toBe(draftDataHash(changed));
    expect(draftDataHash({ a: 1 })).not.toBe(draftDataHash({ a: '1' }));
  });

  it('differs for distinct JSON values (no collisions across many random drafts)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (x, y) => {
        fc.pre(stableStringify(x) !== stableStringify(y) && !hasBookkeeping(x) && !hasBookkeeping(y));
        expect(draftDataHash(x)).not.toBe(draftDataHash(y));
      }),
    );
  });
});

describe('draftQuoteData', () => {
  it('leaves out passwords and client-only flags', () => {
    const quote = { ...emptyQuoteState(), loading: { draft: true, estimate: false, submission: false, calculation: false, validation: false, quote: false, autoSave: false }, errors: { draft: 'x' } };
    quote.personalDetails = { ...quote.personalDetails, password: 'secret', confirmPassword: 'secret', firstName: 'Jan' };
    const data = draftQuoteData(quote);
    expect(data).not.toHaveProperty('loading');
    expect(data).not.toHaveProperty('errors');
    expect(data.personalDetails).not.toHaveProperty('password');
    expect(data.personalDetails).not.toHaveProperty('confirmPassword');
    expect(data.personalDetails.firstName).toBe('Jan');
  });
});

describe('hasDraftContent (docs/behaviour.md §4)', () => {
  it('is false for an empty or default quote', () => {
    expect(hasDraftContent({})).toBe(false);
    expect(hasDraftContent(emptyQuoteState())).toBe(false);
    expect(hasDraftContent({ personalDetails: { firstName: '   ' } })).toBe(false);
  });

  it.each<[string, QuoteView]>([
    ['first name', { personalDetails: { firstName: 'Jan' } }],
    ['last name', { personalDetails: { lastName: 'Smit' } }],
    ['email', { personalDetails: { email: 'a@b.au' } }],
    ['phone', { personalDetails: { phone: '0400 000 000' } }],
    ['personal address', { personalDetails: { address: '1 Main St' } }],
    ['farm address', { farmData: { address: 'Merredin' } }],
    ['farm location', { farmData: { farmLocation: { lat: -31, lng: 118 } } }],
    ['paddock', { farmData: { paddockSections: [{ id: 'p' }] } }],
    ['crop details', { cropDetails: { byCrop: { wheat: {} } } }],
    ['group details', { cropDetails: { groupDetails: { g: { id: 'g' } } } }],
    ['estimate', { estimates: { fire: { premium: 1 } } }],
    ['chosen option', { coverage: { selectedOption: 'callback' } }],
  ])('is true with a %s', (_label, quote) => {
    expect(hasDraftContent(quote)).toBe(true);
  });
});

describe('draftToSelect (docs/behaviour.md §4 draft lifecycle)', () => {
  const drafts = [
    { id: 'old', status: 'DRAFT' as const, updatedAt: '2026-03-01T00:00:00.000Z' },
    { id: 'done', status: 'COMPLETED' as const, updatedAt: '2026-03-09T00:00:00.000Z' },
    { id: 'newest', status: 'IN_PROGRESS' as const, updatedAt: '2026-03-05T00:00:00.000Z' },
    { id: 'active', status: 'ACTIVE' as const, updatedAt: '2026-03-04T00:00:00.000Z' },
  ];

  it('picks the most recently updated ACTIVE, DRAFT or IN_PROGRESS draft', () => {
    expect(draftToSelect(drafts, null)).toBe('newest');
    expect(
      draftToSelect(
        drafts.filter((d) => d.id !== 'newest'),
        null,
      ),
    ).toBe('active');
    expect(
      draftToSelect(
        drafts.filter((d) => d.id === 'old' || d.id === 'done'),
        undefined,
      ),
    ).toBe('old');
  });

  it('keeps the current selection', () => {
    expect(draftToSelect(drafts, 'old')).toBe('old');
  });

  it('selects nothing when only completed drafts exist', () => {
    expect(draftToSelect([drafts[1] as (typeof drafts)[number]], null)).toBeNull();
    expect(draftToSelect([], null)).toBeNull();
  });

  it('treats unreadable dates as oldest and keeps list order on ties', () => {
    expect(
      draftToSelect(
        [
          { id: 'x', status: 'DRAFT', updatedAt: 'garbage' },
          { id: 'y', status: 'DRAFT', updatedAt: '2020-01-01T00:00:00Z' },
        ],
        null,
      ),
    ).toBe('y');
    expect(
      draftToSelect(
        [
          { id: 'x', status: 'DRAFT', updatedAt: '2020-01-01T00:00:00Z' },
          { id: 'y', status: 'DRAFT', updatedAt: '2020-01-01T00:00:00Z' },
        ],
        null,
      ),
    ).toBe('x');
  });

  it('deleting the current draft clears the selection', () => {
    expect(selectionAfterDelete('a', 'a')).toBeNull();
    expect(selectionAfterDelete('a', 'b')).toBe('a');
  });

  it('sends completedAt with COMPLETED only', () => {
    const now = new Date('2026-04-01T10:00:00.000Z');
    expect(draftStatusUpdate('COMPLETED', now)).toEqual({ status: 'COMPLETED', completedAt: '2026-04-01T10:00:00.000Z' });
    expect(draftStatusUpdate('ACTIVE', now)).toEqual({ status: 'ACTIVE' });
  });
});
