import type { SearchKeyKind } from '../../contracts/people';

/**
 * What a staff member typed in the user-lookup box, read as the kind of key it is, so the server can
 * ask the one indexed question it calls for (an e-mail address, a claim or invoice number, an id)
 * and fall back to the text search of names, addresses and paddocks only for plain words.
 */
export type SearchKey =
  | { kind: 'email'; email: string }
  | { kind: 'application'; reference: string }
  | { kind: 'claim'; reference: string }
  | { kind: 'invoice'; number: string }
  | { kind: 'receipt'; number: string }
  | { kind: 'abn'; abn: string }
  | { kind: 'phone'; variants: string[] }
  | { kind: 'record_id'; id: string }
  | { kind: 'text'; text: string };

/** A cuid (the id of an account, in the address of its person page): c then 24 lower-case letters and digits. */
const RECORD_ID = /^c[a-z0-9]{24}$/;
const NUMBERED = /^(APP|CLM|INV|RCP)-?(\d{4})-?(\d{1,5})$/;

/** Applications are APP-2026-00001, claims CLM-2026-00001, invoices INV-2026-00001, receipts RCP-2026-00001 (lib/sequential-number.ts). */
function numbered(prefix: string, year: string, sequence: string): string {
  return `${prefix}-${year}-${sequence.padStart(5, '0')}`;
}

/**
 * The ways one Australian number is written in the phone column (stored as the member typed it):
 * 0412345678, 0412 345 678, +61412345678, +61 412 345 678; landlines 08 9123 4567, (08) 9123 4567,
 * 0891234567, +61 8 9123 4567. Empty when the digits are not an Australian number.
 */
export function phoneVariants(typed: string): string[] {
  const digits = typed.replace(/\D/g, '');
  const national = digits.startsWith('61') && digits.length === 11 ? `0${digits.slice(2)}` : digits;
  if (!/^0[2-478]\d{8}$/.test(national)) return [];
  const rest = national.slice(1);
  const forms = national.startsWith('04')
    ? [national, `${national.slice(0, 4)} ${national.slice(4, 7)} ${national.slice(7)}`, `+61${rest}`, `+61 ${rest.slice(0, 3)} ${rest.slice(3, 6)} ${rest.slice(6)}`]
    : [
        national,
        `${national.slice(0, 2)} ${national.slice(2, 6)} ${national.slice(6)}`,
        `(${national.slice(0, 2)}) ${national.slice(2, 6)} ${national.slice(6)}`,
        `+61${rest}`,
        `+61 ${rest.slice(0, 1)} ${rest.slice(1, 5)} ${rest.slice(5)}`,
      ];
  return [...new Set([typed.trim(), ...forms])];
}

export function classifySearchKey(typed: string): SearchKey {
  const text = typed.trim().replace(/\s+/g, ' ');
  if (text.includes('@')) return { kind: 'email', email: text.toLowerCase() };
  const compact = text.replace(/\s+/g, '').toUpperCase();
  const number = NUMBERED.exec(compact);
  if (number) {
    const [, prefix, year, sequence] = number as unknown as [string, 'APP' | 'CLM' | 'INV' | 'RCP', string, string];
    const value = numbered(prefix, year, sequence);
    if (prefix === 'APP') return { kind: 'application', reference: value };
    if (prefix === 'CLM') return { kind: 'claim', reference: value };
    if (prefix === 'INV') return { kind: 'invoice', number: value };
    return { kind: 'receipt', number: value };
  }
  if (RECORD_ID.test(text)) return { kind: 'record_id', id: text };
  if (/^[\d\s]+$/.test(text) && text.replace(/\s/g, '').length === 11 && !text.startsWith('0')) return { kind: 'abn', abn: text.replace(/\s/g, '') };
  if (/^\+?[\d\s()-]{8,20}$/.test(text)) {
    const variants = phoneVariants(text);
    if (variants.length > 0) return { kind: 'phone', variants };
  }
  return { kind: 'text', text };
}

/** What a staff member is told the box looked for. */
export const SEARCH_KEY_LABELS: Record<SearchKeyKind, string> = {
  email: 'e-mail address',
  application: 'application number',
  claim: 'claim number',
  invoice: 'invoice number',
  receipt: 'receipt number',
  abn: 'ABN',
  phone: 'phone number',
  record_id: 'account id',
  text: 'name, business, postal or farm address, or paddock name',
};
