import { describe, expect, it } from 'vitest';
import { amountsOwed, keyDatesAhead } from './overview';

const today = '2026-03-10';

/** Three instalments of $400, $400 and $400.50; $300 paid: the first is $100 short and past due. */
const instalments = {
  number: 'INV-0007',
  status: 'overdue' as const,
  paymentOption: 'instalments' as const,
  schedule: [
    { dueDate: '2026-02-15', amountCents: 40_000 },
    { dueDate: '2026-03-15', amountCents: 40_000 },
    { dueDate: '2026-04-15', amountCents: 40_050 },
  ],
  paidCents: 30_000,
  outstandingCents: 90_050,
  nextDue: { dueDate: '2026-02-15', amountCents: 10_000 },
};

/** The membership fee, unpaid, due on 15 March. */
const fee = {
  number: 'INV-0008',
  status: 'unpaid' as const,
  paymentOption: 'pay_now' as const,
  schedule: [{ dueDate: '2026-03-15', amountCents: 5_500 }],
  paidCents: 0,
  outstandingCents: 5_500,
  nextDue: { dueDate: '2026-03-15', amountCents: 5_500 },
};

const paid = { ...fee, number: 'INV-0001', status: 'paid' as const, paidCents: 5_500, outstandingCents: 0, nextDue: null };

describe('what the overview says a member owes', () => {
  it('counts as overdue only what fell due before today and is unpaid, not the invoice’s whole balance', () => {
    expect(amountsOwed([instalments, fee, paid], today)).toEqual({
      outstandingCents: 95_550,
      overdueCents: 10_000,
      next: { dueDate: '2026-02-15', amountCents: 10_000, invoiceNumbers: ['INV-0007'] },
    });
  });

  it('adds up everything due on the next date, across invoices', () => {
    const dueTogether = {
      ...instalments,
      status: 'unpaid' as const,
      schedule: [
        { dueDate: '2026-03-15', amountCents: 40_000 },
        { dueDate: '2026-04-15', amountCents: 40_000 },
        { dueDate: '2026-05-15', amountCents: 40_050 },
      ],
      paidCents: 0,
      outstandingCents: 120_050,
      nextDue: { dueDate: '2026-03-15', amountCents: 40_000 },
    };
    expect(amountsOwed([dueTogether, fee], today).next).toEqual({ dueDate: '2026-03-15', amountCents: 45_500, invoiceNumbers: ['INV-0007', 'INV-0008'] });
    expect(amountsOwed([dueTogether, fee], today).overdueCents).toBe(0);
  });

  it('counts nothing due today as overdue: a payment is on time all through its due day', () => {
    expect(amountsOwed([instalments], '2026-03-15').overdueCents).toBe(10_000);
    expect(amountsOwed([instalments], '2026-03-16').overdueCents).toBe(50_000);
  });

  it('owes nothing when everything is paid', () => {
    expect(amountsOwed([paid], today)).toEqual({ outstandingCents: 0, overdueCents: 0, next: null });
  });
});

describe('the dates ahead on the overview', () => {
  it('lists payments due and protections ending from today on, soonest first, with what each is', () => {
    const protections = [
      { status: 'active' as const, endsOn: '2027-03-31', coverageDescription: 'Hail', season: '2026/27' },
      { status: 'ended' as const, endsOn: '2026-03-31', coverageDescription: 'Fire', season: '2025/26' },
    ];
    expect(keyDatesAhead([instalments, fee, paid], protections, today)).toEqual([
      { date: '2026-03-15', label: 'Payment due on INV-0008 (pay now)' },
      { date: '2027-03-31', label: 'Hail protection for 2026/27 ends' },
    ]);
  });
});
