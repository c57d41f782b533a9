import { describe, expect, it } from 'vitest';
import { protectionStage } from './lifecycle';

const nothing = { invoices: 0, paidCents: 0 };

describe('the one lifecycle of an application', () => {
  it('is not protected while submitted, under review, accepted or invoiced', () => {
    expect(protectionStage('submitted', nothing)).toBe('submitted');
    expect(protectionStage('under_review', nothing)).toBe('under_review');
    expect(protectionStage('accepted', nothing)).toBe('accepted');
    expect(protectionStage('accepted', { invoices: 2, paidCents: 0 })).toBe('invoiced');
  });

  it('is protected from the first payment received, or when staff mark it active, until it ends', () => {
    expect(protectionStage('accepted', { invoices: 2, paidCents: 55_000 })).toBe('protected');
    expect(protectionStage('active', { invoices: 2, paidCents: 0 })).toBe('protected');
    expect(protectionStage('ended', { invoices: 2, paidCents: 830_200 })).toBe('ended');
  });
});
