import { describe, expect, it } from 'vitest';
import { bpayReference, canTellHowToPay, howToPayLines, PAYMENT_DETAILS_PENDING_LINE } from './how-to-pay';

describe('how to pay an invoice', () => {
  it('makes a BPAY reference from the invoice number with a MOD10V01 (Luhn) check digit', () => {
    // Luhn's own example: 7992739871 takes the check digit 3.
    expect(bpayReference('7992739871')).toBe('79927398713');
    expect(bpayReference('INV-2026-00012')).toBe('2026000121');
    expect(() => bpayReference('INV-')).toThrow(RangeError);
  });

  it('prints the account and the biller code with the references a bank needs, and never asks for bank details by e-mail', () => {
    const configured = { eft: { accountName: 'Grain Growers Mutual Limited', bsb: '036-001', accountNumber: '12345678' }, bpayBillerCode: '123456', askAt: 'members@grainmutual.example' };
    expect(howToPayLines(configured, 'INV-2026-00012')).toEqual(['EFT: Grain Growers Mutual Limited, BSB 036-001, account 12345678, reference INV-2026-00012', 'BPAY: biller code 123456, reference 2026000121']);
    expect(canTellHowToPay(configured)).toBe(true);
    const unset = { eft: null, bpayBillerCode: null, askAt: 'members@grainmutual.example' };
    expect(canTellHowToPay(unset)).toBe(false);
    expect(howToPayLines(unset, 'INV-2026-00012')).toEqual([PAYMENT_DETAILS_PENDING_LINE]);
    expect(PAYMENT_DETAILS_PENDING_LINE).not.toMatch(/write to|e-mail us|@/);
  });
});
