import { describe, expect, it } from 'vitest';
import { paymentSchedule } from '../billing/payment-plan';
import { addDays } from '../../perth-time';
import { dueReminders } from './reminders';

const both = { paymentReminders: true, renewalReminders: true };
// Issued 1 July 2025: pay now falls due on 15 July.
const payNow = { id: 'inv1', number: 'INV-1', schedule: paymentSchedule('pay_now', 100_00, new Date('2025-07-01T02:00:00Z')), paidCents: 0 };
const instalments = { id: 'inv2', number: 'INV-2', schedule: paymentSchedule('instalments', 300_00, new Date('2025-07-01T02:00:00Z')), paidCents: 0 };

const kindsOn = (today: string, input: Partial<Parameters<typeof dueReminders>[0]> = {}) =>
  dueReminders({ today, preferences: both, invoices: [payNow], protections: [], ...input }).map((reminder) => reminder.key);

describe('dueReminders', () => {
  it('adds and takes away days across months and years', () => {
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('reminds of a payment from 7 days before its due date to the day before, then once overdue for 14 days', () => {
    expect(kindsOn('2025-07-07')).toEqual([]);
    expect(kindsOn('2025-07-08')).toEqual(['payment_due_soon:inv1:2025-07-15']);
    expect(kindsOn('2025-07-14')).toEqual(['payment_due_soon:inv1:2025-07-15']);
    expect(kindsOn('2025-07-15')).toEqual([]);
    expect(kindsOn('2025-07-16')).toEqual(['payment_overdue:inv1:2025-07-15']);
    expect(kindsOn('2025-07-29')).toEqual(['payment_overdue:inv1:2025-07-15']);
    expect(kindsOn('2025-07-30')).toEqual([]);
  });

  it('says nothing of a paid invoice, or of payments when the member turned payment reminders off', () => {
    expect(kindsOn('2025-07-10', { invoices: [{ ...payNow, paidCents: 100_00 }] })).toEqual([]);
    expect(kindsOn('2025-07-10', { preferences: { paymentReminders: false, renewalReminders: true } })).toEqual([]);
  });

  it('reminds before each instalment still owed, with what is owed by its date', () => {
    const [first, second] = instalments.schedule;
    const before = (payment: typeof first, paidCents: number) => dueReminders({ today: addDays(payment!.dueDate, -3), preferences: both, invoices: [{ ...instalments, paidCents }], protections: [] });
    expect(before(first, 0)).toMatchObject([{ kind: 'instalment_due_soon', instalment: 1, instalmentCount: 3, owedCents: 100_00 }]);
    expect(before(second, 100_00)).toMatchObject([{ kind: 'instalment_due_soon', instalment: 2, owedCents: 100_00 }]);
    // The second instalment paid early: nothing to remind of before its date.
    expect(before(second, 200_00)).toEqual([]);
  });

  it('reminds of renewal in the 30 days before an active protection ends, unless a later season is applied for', () => {
    const active = { id: 'app1', seasonYear: 2025, endsOn: '2026-03-31', status: 'active' };
    expect(kindsOn('2026-03-01', { invoices: [], protections: [active] })).toEqual(['renewal:app1:2026-03-31']);
    expect(kindsOn('2026-02-28', { invoices: [], protections: [active] })).toEqual([]);
    expect(kindsOn('2026-03-31', { invoices: [], protections: [active] })).toEqual([]);
    expect(kindsOn('2026-03-10', { invoices: [], protections: [active, { id: 'app2', seasonYear: 2026, endsOn: '2027-03-31', status: 'submitted' }] })).toEqual([]);
    expect(kindsOn('2026-03-10', { invoices: [], protections: [{ ...active, status: 'ended' }] })).toEqual([]);
    expect(kindsOn('2026-03-10', { invoices: [], protections: [active], preferences: { paymentReminders: true, renewalReminders: false } })).toEqual([]);
  });
});
