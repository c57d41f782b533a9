import { describe, expect, it } from 'vitest';
import { totalPayable } from '../estimates';
import { toCents } from '../pricing/money';
import { billableManualDiscounts } from '../pricing/discount-manual';
import { contributionLines, invoiceTotals, membershipFeeLines } from './invoice';

describe('manual discounts on the contribution invoice', () => {
  it('bills a $123.45 manual discount on a $5,564.46 premium as its own line: −$123.45 and −$12.35 GST, the loading GST-free on what is left', () => {
    const lines = contributionLines(5564.46, 'hail', '2026', [{ reason: 'Hail netting installed after quoting', amountCents: 12_345 }]);
    expect(lines).toEqual([
      { description: 'Contribution for Hail protection, season 2026', amountCents: 556_446, gstCents: 55_645 },
      { description: 'Manual discount: Hail netting installed after quoting', amountCents: -12_345, gstCents: -1_235 },
      { description: 'Mutual loading, 10% of the contribution (GST-free)', amountCents: 54_410, gstCents: 0, gstFree: true },
    ]);
    // GST is 10% of what it is charged on: the contribution less the discount.
    expect(lines[0]!.gstCents + lines[1]!.gstCents).toBe(Math.round((lines[0]!.amountCents + lines[1]!.amountCents) * 0.1));
    expect(invoiceTotals(lines)).toEqual({ subtotalCents: 598_511, gstCents: 54_410, totalCents: 652_921 });
    // With the membership fee invoice, the quote's total payable for the premium less the discount ($5,441.01).
    expect(invoiceTotals(lines).totalCents + invoiceTotals(membershipFeeLines('2026')).totalCents).toBe(toCents(totalPayable(5441.01)));
  });

  it('keeps each discount’s line to the cent, so several add up to the discounted premium’s figures', () => {
    const lines = contributionLines(5564.46, 'hail', '2026', [
      { reason: 'Hail netting', amountCents: 12_345 },
      { reason: 'Five cents of goodwill', amountCents: 5 },
    ]);
    expect(lines.slice(1, 3).map((line) => [line.amountCents, line.gstCents])).toEqual([
      [-12_345, -1_235],
      [-5, 0],
    ]);
    expect(invoiceTotals(lines)).toEqual(invoiceTotals(contributionLines(5440.96, 'hail', '2026')));
  });

  it('refuses a discount larger than the premium left, or not in whole cents above 0', () => {
    expect(() => contributionLines(100, 'fire', '2026', [{ reason: 'Too much', amountCents: 10_001 }])).toThrow(RangeError);
    expect(() => contributionLines(100, 'fire', '2026', [{ reason: 'Nothing', amountCents: 0 }])).toThrow(RangeError);
    expect(() => contributionLines(100, 'fire', '2026', [{ reason: 'Part cent', amountCents: 1.5 }])).toThrow(RangeError);
  });

  it('bills approved discounts in order, each within the room above the minimum premium, and drops one with none left', () => {
    const approved = [
      { reason: 'First', amountCents: 50_000 },
      { reason: 'Second', amountCents: 40_000 },
      { reason: 'Third', amountCents: 10_000 },
    ];
    expect(billableManualDiscounts({ premiumCents: 100_000, minimumPremiumCents: 25_000, approved })).toEqual([
      { reason: 'First', amountCents: 50_000 },
      { reason: 'Second', amountCents: 25_000 },
    ]);
    expect(billableManualDiscounts({ premiumCents: 25_000, minimumPremiumCents: 25_000, approved })).toEqual([]);
  });
});
