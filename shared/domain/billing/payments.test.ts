import { describe, expect, it } from 'vitest';
import { paidCentsOf, PAYMENT_REVERSAL_APPROVAL_THRESHOLD_CENTS, paymentMethodLabel, reversalNeedsSecondPerson } from './payments';

describe('reversals', () => {
  const memberId = 'member';
  it('one person reverses up to the threshold; above it, or on their own account, a second person approves', () => {
    expect(PAYMENT_REVERSAL_APPROVAL_THRESHOLD_CENTS).toBe(500_000);
    expect(reversalNeedsSecondPerson({ amountCents: 500_000, memberId, actorId: 'staff' })).toBe(false);
    expect(reversalNeedsSecondPerson({ amountCents: 500_001, memberId, actorId: 'staff' })).toBe(true);
    expect(reversalNeedsSecondPerson({ amountCents: 100, memberId, actorId: memberId })).toBe(true);
  });

  it('counts no reversed payment towards what is paid', () => {
    expect(
      paidCentsOf([
        { amountCents: 55_000, reversedAt: null },
        { amountCents: 10_000, reversedAt: new Date() },
        { amountCents: 5, reversedAt: null },
      ]),
    ).toBe(55_005);
  });

  it('names the methods, and a stored one no longer offered as stored', () => {
    expect(paymentMethodLabel('eft')).toBe('EFT (bank transfer)');
    expect(paymentMethodLabel('barter')).toBe('barter');
  });
});
