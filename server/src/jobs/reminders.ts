/**
 * The daily reminder job: for every member, the reminders the shared rule says are due today
 * (shared/domain/notifications/reminders.ts) and not yet sent. Each is claimed by inserting its key
 * into SentReminder, in one transaction with its e-mail in the mail queue: a second runner, or a
 * second run the same day, finds the key taken and queues nothing; the queue sends it, with retries.
 */
import { paymentSchedule } from '@shared/domain/billing/payment-plan';
import { perthToday } from '@shared/perth-time';
import { PAYMENT_OPTIONS, type PaymentOption } from '@shared/contracts/dashboard';
import { paidCentsOf } from '@shared/domain/billing/payments';
import { type DueReminder, dueReminders } from '@shared/domain/notifications/reminders';
import type { AppContext } from '../context';
import { isUniqueViolation } from '../lib/sequential-number';
import { reminderEmail } from './reminder-emails';

/** Invoices older than this have nothing left to remind of (the latest due date is 31 January after harvest). */
const INVOICE_LOOKBACK_MS = 550 * 24 * 60 * 60 * 1000;

export interface ReminderRunResult {
  /** Reminders written with their e-mail, which the mail queue sends. */
  queued: number;
}

const paymentOptionOf = (value: string): PaymentOption => ((PAYMENT_OPTIONS as readonly string[]).includes(value) ? (value as PaymentOption) : 'pay_now');

export async function sendDueReminders({ db, mailer, site }: Pick<AppContext, 'db' | 'mailer' | 'site'>, now: Date): Promise<ReminderRunResult> {
  const today = perthToday(now);
  const [invoices, protections] = await Promise.all([
    db.invoice.findMany({ where: { issuedAt: { gte: new Date(now.getTime() - INVOICE_LOOKBACK_MS) } }, include: { payments: { select: { amountCents: true, reversedAt: true } } } }),
    db.protectionApplication.findMany({ where: { season: { coverEndsOn: { gte: today } } }, select: { id: true, userId: true, seasonYear: true, status: true, season: { select: { coverEndsOn: true } } } }),
  ]);
  const userIds = [...new Set([...invoices.map((invoice) => invoice.userId), ...protections.map((protection) => protection.userId)])];
  const [users, preferences] = await Promise.all([
    db.user.findMany({ where: { id: { in: userIds } }, select: { id: true, email: true, firstName: true } }),
    db.memberPreference.findMany({ where: { userId: { in: userIds } } }),
  ]);
  const preferencesOf = new Map(preferences.map((row) => [row.userId, row]));

  const due: Array<{ user: (typeof users)[number]; reminder: DueReminder }> = [];
  for (const user of users) {
    const preference = preferencesOf.get(user.id);
    const reminders = dueReminders({
      today,
      // No row yet: the defaults of MemberPreference, both on.
      preferences: { paymentReminders: preference?.paymentReminders ?? true, renewalReminders: preference?.renewalReminders ?? true },
      invoices: invoices
        .filter((invoice) => invoice.userId === user.id)
        .map((invoice) => ({
          id: invoice.id,
          number: invoice.number,
          schedule: paymentSchedule(paymentOptionOf(invoice.paymentOption), invoice.totalCents, invoice.issuedAt),
          // A reversed payment counts for nothing (shared/domain/billing/payments.ts).
          paidCents: paidCentsOf(invoice.payments),
        })),
      protections: protections.filter((protection) => protection.userId === user.id).map(({ season, ...protection }) => ({ ...protection, endsOn: season.coverEndsOn })),
    });
    for (const reminder of reminders) due.push({ user, reminder });
  }

  const alreadySent = new Set((await db.sentReminder.findMany({ where: { key: { in: due.map(({ reminder }) => reminder.key) } }, select: { key: true } })).map((row) => row.key));
  const result: ReminderRunResult = { queued: 0 };
  for (const { user, reminder } of due) {
    if (alreadySent.has(reminder.key)) continue;
    // The reminder's record and its e-mail are written together: once written, the mail queue sends it.
    let emailId: string;
    try {
      emailId = await db.$transaction(async (tx) => {
        await tx.sentReminder.create({ data: { key: reminder.key, userId: user.id, kind: reminder.kind, sentOn: today } });
        return mailer.send(reminderEmail({ to: user.email, firstName: user.firstName, reminder, origin: site.origin() }), { writer: tx, key: `reminder:${reminder.key}` });
      });
    } catch (error) {
      if (isUniqueViolation(error)) continue; // another runner has it
      throw error;
    }
    await mailer.dispatch(emailId);
    result.queued += 1;
  }
  return result;
}
