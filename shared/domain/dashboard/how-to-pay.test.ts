import { describe, expect, it } from 'vitest';
import { bpayReference, howToPayLines } from './how-to-pay';

describe('how to pay an invoice', () => {
  it('makes a BPAY reference from the invoice number with a MOD10V01 (Luhn) check digit', () => {
    // Luhn's own example: 7992739871 takes the check digit 3.
    expect(bpayReference('7992739871')).toBe('79927398713');
    expect(bpayReference('INV-2026-00012')).toBe('2026000121');
    expect(() => bpayReference('INV-')).toThrow(RangeError);
  });

  it('prints the account and the biller code with the references a bank needs, or whom to ask', () => {
    const configured = { eft: { accountName: 'Grain Growers Mutual Limited', bsb: '036-001', accountNumber: '12345678' }, bpayBillerCode: '123456', askAt: 'members@grainmutual.example' };
    expect(howToPayLines(configured, 'INV-2026-00012')).toEqual(['EFT: Grain Growers Mutual Limited, BSB 036-001, account 12345678, reference INV-2026-00012', 'BPAY: biller code 123456, reference 2026000121']);
    expect(howToPayLines({ eft: null, bpayBillerCode: null, askAt: 'members@grainmutual.example' }, 'INV-2026-00012')).toEqual([
      'For our bank details, write to members@grainmutual.example quoting INV-2026-00012.',
    ]);
  });
});
