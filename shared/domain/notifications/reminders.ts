/**
 * Which reminder e-mails are due for a member on a Perth calendar day (docs/background-jobs.md,
 * 'The reminder rule'). A reminder has a window of days rather than one day, so a day the job did
 * not run (the server was down) is made up the next day; its key makes it once only, whichever day
 * of the window it goes out on.
 *
 * - Payment (the preference `paymentReminders`): for each payment of an invoice's schedule that is
 *   still owed (what is due by its date exceeds what was paid), a 'due soon' reminder from 7 days
 *   before its due date to the day before, then one 'overdue' reminder from the day after it to 14
 *   days after. An invoice of three instalments has one of each per instalment.
 * - Renewal (the preference `renewalReminders`): for an active protection, from 30 days before it
 *   ends (31 March after its season) to the day before, unless the member has applied for a later
 *   season already.
 */
import { invoiceStanding, type ScheduledPayment } from '../billing/payment-plan';
import { addDays } from '../../perth-time';

export const PAYMENT_REMINDER_DAYS_BEFORE = 7;
export const OVERDUE_REMINDER_WINDOW_DAYS = 14;
export const RENEWAL_REMINDER_DAYS_BEFORE = 30;

export const REMINDER_KINDS = ['payment_due_soon', 'instalment_due_soon', 'payment_overdue', 'renewal'] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

export interface ReminderPreferences {
  paymentReminders: boolean;
  renewalReminders: boolean;
}

export interface ReminderInvoice {
  id: string;
  number: string;
  schedule: readonly ScheduledPayment[];
  paidCents: number;
}

export interface ReminderProtection {
  id: string;
  seasonYear: number;
  /** The last day of its season's cover (the season's record). */
  endsOn: string;
  /** The stored status; only 'active' protections are renewed. */
  status: string;
}

export type DueReminder =
  | {
      key: string;
      kind: Exclude<ReminderKind, 'renewal'>;
      invoiceId: string;
      invoiceNumber: string;
      dueDate: string;
      owedCents: number;
      instalment: number | null;
      instalmentCount: number;
    }
  | { key: string; kind: 'renewal'; applicationId: string; seasonYear: number; endsOn: string };

const within = (today: string, from: string, to: string) => today >= from && today <= to;

function paymentReminders(invoice: ReminderInvoice, today: string): DueReminder[] {
  const reminders: DueReminder[] = [];
  if (invoiceStanding(invoice.schedule, invoice.paidCents, today).status === 'paid') return reminders;
  const instalmentCount = invoice.schedule.length;
  let dueByThen = 0;
  invoice.schedule.forEach((payment, index) => {
    dueByThen += payment.amountCents;
    const owedCents = dueByThen - invoice.paidCents;
    if (owedCents <= 0) return;
    const instalment = instalmentCount > 1 ? index + 1 : null;
    const common = { invoiceId: invoice.id, invoiceNumber: invoice.number, dueDate: payment.dueDate, owedCents, instalment, instalmentCount };
    if (within(today, addDays(payment.dueDate, -PAYMENT_REMINDER_DAYS_BEFORE), addDays(payment.dueDate, -1))) {
      const kind = instalment ? 'instalment_due_soon' : 'payment_due_soon';
      reminders.push({ key: `${kind}:${invoice.id}:${payment.dueDate}`, kind, ...common });
    }
    if (within(today, addDays(payment.dueDate, 1), addDays(payment.dueDate, OVERDUE_REMINDER_WINDOW_DAYS))) {
      reminders.push({ key: `payment_overdue:${invoice.id}:${payment.dueDate}`, kind: 'payment_overdue', ...common });
    }
  });
  return reminders;
}

function renewalReminders(protections: readonly ReminderProtection[], today: string): DueReminder[] {
  const latestSeason = Math.max(...protections.map((protection) => protection.seasonYear));
  return protections
    .filter((protection) => protection.status === 'active' && protection.seasonYear === latestSeason)
    .flatMap((protection) => {
      const { endsOn } = protection;
      if (!within(today, addDays(endsOn, -RENEWAL_REMINDER_DAYS_BEFORE), addDays(endsOn, -1))) return [];
      return [{ key: `renewal:${protection.id}:${endsOn}`, kind: 'renewal' as const, applicationId: protection.id, seasonYear: protection.seasonYear, endsOn }];
    });
}

/** The reminders due for one member on `today` (a Perth yyyy-mm-dd), before checking which were sent. */
export function dueReminders({
  today,
  preferences,
  invoices,
  protections,
}: {
  today: string;
  preferences: ReminderPreferences;
  invoices: readonly ReminderInvoice[];
  protections: readonly ReminderProtection[];
}): DueReminder[] {
  return [
    ...(preferences.paymentReminders ? invoices.flatMap((invoice) => paymentReminders(invoice, today)) : []),
    ...(preferences.renewalReminders && protections.length ? renewalReminders(protections, today) : []),
  ];
}
