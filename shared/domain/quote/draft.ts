/**
 * Draft rules (docs/behaviour.md §3 'Draft', §4 'Draft lifecycle', §9 'Draft data hash'): the data hash, whether
 * a quote has anything worth saving, what a draft stores, and which draft to resume.
 */
import { DRAFT_HASH_LENGTH } from '../../constants';
import type { DraftStatus, UpdateDraftStatusBody } from '../../contracts/drafts';
import type { QuoteState } from '../../contracts/quote';
import { hasAnyEstimate, hasEntries, hasFarmLocation, hasText } from './types';
import type { QuoteView } from './types';
import { compactSectionOutline } from '../geo/compact-geometry';

/**
 * JSON with object keys sorted at every level, so equal data gives equal text whatever the key
 * order. Follows JSON.stringify otherwise: toJSON is honoured (dates), undefined and functions are
 * left out of objects and become null in arrays, non-finite numbers become null.
 */
export function stableStringify(value: unknown): string {
  const text = stringifyValue(value, true);
  return text ?? 'null';
}

function stringifyValue(value: unknown, inArray: boolean): string | undefined {
  if (value !== null && typeof value === 'object' && typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    return stringifyValue((value as { toJSON: () => unknown }).toJSON(), inArray);
  }
  if (value === undefined || typeof value === 'function' || typeof value === 'symbol') return inArray ? 'null' : undefined;
  if (typeof value === 'bigint') return JSON.stringify(value.toString());
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map((item) => stringifyValue(item, true) ?? 'null').join(',')}]`;
  const parts: string[] = [];
  for (const key of Object.keys(value).sort()) {
    const text = stringifyValue((value as Record<string, unknown>)[key], false);
    if (text !== undefined) parts.push(`${JSON.stringify(key)}:${text}`);
  }
  return `{${parts.join(',')}}`;
}

/**
 * 64-bit FNV-1a of the bytes, as 16 lowercase hex digits. Computed on four 16-bit limbs so it
 * stays in exact integer arithmetic without BigInt (fast on large drafts).
 */
export function fnv1a64Hex(bytes: Uint8Array): string {
  // Offset basis 0xcbf29ce484222325, least significant limb first.
  let h0 = 0x2325;
  let h1 = 0x8422;
  let h2 = 0x9ce4;
  let h3 = 0xcbf2;
  for (const byte of bytes) {
    h0 ^= byte;
    // Multiply by the FNV prime 0x100000001b3 = 0x1b3 + (0x100 << 32), modulo 2^64.
    const t0 = h0 * 0x1b3;
    let t1 = h1 * 0x1b3;
    let t2 = h2 * 0x1b3 + (h0 << 8);
    const t3 = h3 * 0x1b3 + (h1 << 8);
    t1 += t0 >>> 16;
    t2 += t1 >>> 16;
    h3 = (t3 + (t2 >>> 16)) & 0xffff;
    h2 = t2 & 0xffff;
    h1 = t1 & 0xffff;
    h0 = t0 & 0xffff;
  }
  return [h3, h2, h1, h0].map((limb) => limb.toString(16).padStart(4, '0')).join('');
}

const utf8 = new TextEncoder();

/**
 * The draft data hash: DRAFT_HASH_LENGTH (16) characters derived from the data, used to skip saving
 * data that has not changed.
 *
 * docs/behaviour.md §9 says "first 16 characters of an encoding of the data". Taken literally (base64 of the
 * JSON), 16 base64 characters cover only the first 12 bytes of the JSON, which for a quote is always
 * '{"coverage":' with sorted keys: every draft would get the same hash and no change would ever be
 * saved. So the 16 characters are those of a digest of the whole data instead: 64-bit FNV-1a of the
 * UTF-8 bytes of the key-sorted JSON, in hex. Not cryptographic: it detects changes, nothing more.
 */
export function draftDataHash(data: unknown): string {
  return fnv1a64Hex(utf8.encode(stableStringify(withoutBookkeeping(data)))).slice(0, DRAFT_HASH_LENGTH);
}

/**
 * When a quote was last touched and which draft holds it are bookkeeping, not content: opening or
 * restoring a draft changes both, and counting them made an untouched quote look changed, so a
 * second tab saved it again (with its own, earlier step) over the draft it had only opened.
 */
function withoutBookkeeping(data: unknown): unknown {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return data;
  const { lastModified: _lastModified, draftId: _draftId, ...content } = data as Record<string, unknown>;
  return content;
}

/**
 * The quote data a draft stores: without the legacy password fields and the client-only loading and
 * error flags (mirrors draftQuoteDataSchema, for use before hashing and sending).
 */
export function draftQuoteData(quote: QuoteState): Omit<QuoteState, 'loading' | 'errors'> {
  const { loading: _loading, errors: _errors, personalDetails, ...rest } = quote;
  const { password: _password, confirmPassword: _confirm, ...personal } = personalDetails;
  // Outlines are stored compactly (shared/domain/geo/compact-geometry.ts), by the same rule as the server.
  return { ...rest, personalDetails: personal, farmData: { ...rest.farmData, paddockSections: rest.farmData.paddockSections.map(compactSectionOutline) } };
}

/**
 * Whether the quote has anything worth saving (docs/behaviour.md §4): any name, email, phone, address (personal
 * or farm), farm location, paddock, crop details, estimate or chosen option.
 */
export function hasDraftContent(quote: QuoteView): boolean {
  const personal = quote.personalDetails;
  const details = quote.cropDetails;
  return (
    hasText(personal?.firstName) ||
    hasText(personal?.lastName) ||
    hasText(personal?.email) ||
    hasText(personal?.phone) ||
    hasText(personal?.address) ||
    hasText(quote.farmData?.address) ||
    hasFarmLocation(quote) ||
    hasEntries(quote.farmData?.paddockSections) ||
    hasEntries(details?.byCrop) ||
    hasEntries(details?.groupDetails) ||
    hasEntries(details?.sectionDetails) ||
    hasAnyEstimate(quote) ||
    hasText(quote.coverage?.selectedOption)
  );
}

/** Draft statuses that can be resumed. */
export const RESUMABLE_DRAFT_STATUSES: readonly DraftStatus[] = ['ACTIVE', 'DRAFT', 'IN_PROGRESS'];

function updatedTime(draft: { updatedAt: string }): number {
  const time = Date.parse(draft.updatedAt);
  return Number.isNaN(time) ? Number.NEGATIVE_INFINITY : time;
}

/**
 * docs/behaviour.md §4: after loading the user's drafts, auto-select the most recently updated draft whose status
 * is ACTIVE, DRAFT or IN_PROGRESS, if none is selected. Returns the id to select (the current one
 * when set), or null. On equal times the first in the list wins; unreadable dates count as oldest.
 */
export function draftToSelect<T extends { id: string; status: DraftStatus; updatedAt: string }>(drafts: readonly T[], currentDraftId: string | null | undefined): string | null {
  if (hasText(currentDraftId)) return currentDraftId;
  let best: T | undefined;
  for (const draft of drafts) {
    if (!RESUMABLE_DRAFT_STATUSES.includes(draft.status)) continue;
    if (best === undefined || updatedTime(draft) > updatedTime(best)) best = draft;
  }
  return best?.id ?? null;
}

/** docs/behaviour.md §4: deleting the current draft clears the selection; deleting another keeps it. */
export function selectionAfterDelete(currentDraftId: string | null, deletedId: string): string | null {
  return currentDraftId === deletedId ? null : currentDraftId;
}

/** The body of a status update: completedAt is sent with COMPLETED (and only then). */
export function draftStatusUpdate(status: DraftStatus, now: Date): UpdateDraftStatusBody {
  return status === 'COMPLETED' ? { status, completedAt: now.toISOString() } : { status };
}
