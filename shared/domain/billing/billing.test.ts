import { describe, expect, it } from 'vitest';
import { formatCents, formatCentsForCsv } from '../../format';
import { totalPayable } from '../estimates';
import { toCents } from '../pricing/money';
import { contributionLines, gstInPayment, gstOn, invoiceTotals, membershipFeeLines } from './invoice';
import { afterHarvestDueDate, invoiceStanding, paymentOptionFixed, paymentSchedule } from './payment-plan';

describe('GST and invoices', () => {
  it('charges GST at 10% to the cent, half up', () => {
    expect(gstOn(50_000)).toBe(5_000);
    expect(gstOn(5)).toBe(1);
    expect(gstOn(4)).toBe(0);
    expect(() => gstOn(-1)).toThrow(RangeError);
  });

  it('bills the membership fee as $500 + $50 GST', () => {
    expect(invoiceTotals(membershipFeeLines('2026'))).toEqual({ subtotalCents: 50_000, gstCents: 5_000, totalCents: 55_000 });
  });

  it('makes the two invoices add up to the quote’s total payable (docs/behaviour.md §9) for any premium', () => {
    for (const premium of [0, 250, 1234.56, 5857.32, 99_999.99]) {
      const total = invoiceTotals(contributionLines(premium, 'hail', '2026')).totalCents + invoiceTotals(membershipFeeLines('2026')).totalCents;
      expect(total).toBe(toCents(totalPayable(premium)));
    }
  });

  it('names the cover on the contribution line, with GST of 10% of it, and the loading GST-free on its own line', () => {
    expect(contributionLines(1000, 'both', '2026')).toEqual([
      { description: 'Contribution for Hail, Fire & Lightning protection, season 2026', amountCents: 100_000, gstCents: 10_000 },
      { description: 'Mutual loading, 10% of the contribution (GST-free)', amountCents: 10_000, gstCents: 0, gstFree: true },
    ]);
  });

  it('shows the GST within a part payment in proportion', () => {
    expect(gstInPayment(55_000, { gstCents: 5_000, totalCents: 55_000 })).toBe(5_000);
    expect(gstInPayment(18_334, { gstCents: 5_000, totalCents: 55_000 })).toBe(1_667);
    expect(gstInPayment(100, { gstCents: 0, totalCents: 0 })).toBe(0);
  });
});

describe('payment plans', () => {
  const issued = new Date('2026-06-10T02:00:00Z');

  it('pay now is due in 14 days', () => {
    expect(paymentSchedule('pay_now', 55_000, issued)).toEqual([{ dueDate: '2026-06-24', amountCents: 55_000 }]);
  });

  it('splits instalments evenly with the odd cents first, a month apart', () => {
    expect(paymentSchedule('instalments', 100_001, issued)).toEqual([
      { dueDate: '2026-06-24', amountCents: 33_335 },
      { dueDate: '2026-07-24', amountCents: 33_333 },
      { dueDate: '2026-08-24', amountCents: 33_333 },
    ]);
  });

  it('after harvest is due 31 January', () => {
    expect(afterHarvestDueDate(issued)).toBe('2027-01-31');
    expect(afterHarvestDueDate(new Date('2027-01-05T00:00:00Z'))).toBe('2027-01-31');
  });

  it('works out where an invoice stands', () => {
    const schedule = paymentSchedule('instalments', 90_000, issued);
    expect(invoiceStanding(schedule, 0, '2026-06-20').status).toBe('unpaid');
    // On time all through the due day; overdue from the next, when the overdue reminder goes.
    expect(invoiceStanding(schedule, 0, '2026-06-24').status).toBe('unpaid');
    expect(invoiceStanding(schedule, 0, '2026-06-25').status).toBe('overdue');
    expect(invoiceStanding(schedule, 30_000, '2026-06-25')).toMatchObject({ status: 'part_paid', outstandingCents: 60_000, next: { dueDate: '2026-07-24', amountCents: 30_000 } });
    expect(invoiceStanding(schedule, 90_000, '2026-12-01')).toMatchObject({ status: 'paid', next: null });
  });

  it('leaves the option to the member until money arrives or the invoice is overdue', () => {
    const schedule = paymentSchedule('pay_now', 55_000, issued);
    expect(paymentOptionFixed(invoiceStanding(schedule, 0, '2026-06-24'))).toBeNull();
    expect(paymentOptionFixed(invoiceStanding(schedule, 0, '2026-06-25'))).toBe('overdue');
    expect(paymentOptionFixed(invoiceStanding(schedule, 10_000, '2026-06-20'))).toBe('payments_received');
    expect(paymentOptionFixed(invoiceStanding(schedule, 55_000, '2026-12-01'))).toBe('payments_received');
  });
});

describe('money', () => {
  it('formats cents', () => {
    expect(formatCents(123_456)).toBe('$1,234.56');
    expect(formatCentsForCsv(-5)).toBe('-0.05');
  });
});
