import { describe, expect, it } from 'vitest';
import { classifySearchKey, phoneVariants } from './search-key';

describe('classifySearchKey', () => {
  it('reads an e-mail address in lower case', () => {
    expect(classifySearchKey('  Jo.Grower@Example.com ')).toEqual({ kind: 'email', email: 'jo.grower@example.com' });
  });

  it('reads application, claim, invoice and receipt numbers however they are spaced or padded', () => {
    expect(classifySearchKey('app 2026 7')).toEqual({ kind: 'application', reference: 'APP-2026-00007' });
    expect(classifySearchKey('clm-2026-1')).toEqual({ kind: 'claim', reference: 'CLM-2026-00001' });
    expect(classifySearchKey('INV 2026 00012')).toEqual({ kind: 'invoice', number: 'INV-2026-00012' });
    expect(classifySearchKey('RCP-2026-00003')).toEqual({ kind: 'receipt', number: 'RCP-2026-00003' });
  });

  it('reads 11 digits as an ABN and an Australian number as a phone', () => {
    expect(classifySearchKey('51 824 753 556')).toEqual({ kind: 'abn', abn: '51824753556' });
    expect(classifySearchKey('0412345678')).toEqual({ kind: 'phone', variants: ['0412345678', '0412 345 678', '+61412345678', '+61 412 345 678'] });
  });

  it('reads an account id, and anything else as text', () => {
    expect(classifySearchKey('cmaz1b2c3d4e5f6g7h8i9j0k1')).toEqual({ kind: 'record_id', id: 'cmaz1b2c3d4e5f6g7h8i9j0k1' });
    expect(classifySearchKey('North   Paddock')).toEqual({ kind: 'text', text: 'North Paddock' });
    expect(classifySearchKey('12345')).toEqual({ kind: 'text', text: '12345' });
  });
});

describe('phoneVariants', () => {
  it('writes a Perth landline every way it is stored, from +61 too', () => {
    expect(phoneVariants('+61 8 9123 4567')).toEqual(['+61 8 9123 4567', '0891234567', '08 9123 4567', '(08) 9123 4567', '+61891234567']);
  });

  it('has none for digits that are no Australian number', () => {
    expect(phoneVariants('12345678')).toEqual([]);
  });
});
