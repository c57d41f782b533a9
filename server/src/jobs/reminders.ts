/**
 * The daily reminder job: for every member, the reminders the shared rule says are due today
 * (shared/domain/dashboard/reminders.ts) and not yet sent. Each is claimed by inserting its key
 * into SentReminder before the e-mail goes: a second runner, or a second run the same day, finds
 * the key taken and sends nothing. An e-mail that fails gives its key back, so the job's retry
 * sends it; the job fails (and is retried) when any did.
 */
import { perthToday, type PaymentOption, PAYMENT_OPTIONS, paymentSchedule } from '@shared/domain/dashboard/payment-plan';
import { paidCentsOf } from '@shared/domain/dashboard/payments';
import { type DueReminder, dueReminders } from '@shared/domain/dashboard/reminders';
import type { AppContext } from '../context';
import { isUniqueViolation } from '../lib/sequential-number';
import { reminderEmail } from './reminder-emails';

/** Invoices older than this have nothing left to remind of (the latest due date is 31 January after harvest). */
const INVOICE_LOOKBACK_MS = 550 * 24 * 60 * 60 * 1000;

export interface ReminderRunResult {
  sent: number;
  failed: number;
}

const paymentOptionOf = (value: string): PaymentOption => ((PAYMENT_OPTIONS as readonly string[]).includes(value) ? (value as PaymentOption) : 'pay_now');

export async function sendDueReminders({ db, mailer, logger, site }: Pick<AppContext, 'db' | 'mailer' | 'logger' | 'site'>, now: Date): Promise<ReminderRunResult> {
  const today = perthToday(now);
  const [invoices, protections] = await Promise.all([
    db.invoice.findMany({ where: { issuedAt: { gte: new Date(now.getTime() - INVOICE_LOOKBACK_MS) } }, include: { payments: { select: { amountCents: true, reversedAt: true } } } }),
    db.protectionApplication.findMany({ where: { seasonYear: { gte: Number(today.slice(0, 4)) - 1 } }, select: { id: true, userId: true, seasonYear: true, status: true } }),
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
          // A reversed payment counts for nothing (shared/domain/dashboard/payments.ts).
          paidCents: paidCentsOf(invoice.payments),
        })),
      protections: protections.filter((protection) => protection.userId === user.id),
    });
    for (const reminder of reminders) due.push({ user, reminder });
  }

  const alreadySent = new Set((await db.sentReminder.findMany({ where: { key: { in: due.map(({ reminder }) => reminder.key) } }, select: { key: true } })).map((row) => row.key));
  const result: ReminderRunResult = { sent: 0, failed: 0 };
  for (const { user, reminder } of due) {
    if (alreadySent.has(reminder.key)) continue;
    try {
      await db.sentReminder.create({ data: { key: reminder.key, userId: user.id, kind: reminder.kind, sentOn: today } });
    } catch (error) {
      if (isUniqueViolation(error)) continue; // another runner has it
      throw error;
    }
    try {
      await mailer.send(reminderEmail({ to: user.email, firstName: user.firstName, reminder, origin: site.origin() }), { key: `reminder:${reminder.key}` });
      result.sent += 1;
    } catch (error) {
      await db.sentReminder.delete({ where: { key: reminder.key } });
      logger.error({ err: error, key: reminder.key }, 'reminder e-mail failed; the job will try it again');
      result.failed += 1;
    }
  }
  if (result.failed) throw new Error(`${result.failed} of ${result.sent + result.failed} reminder e-mails could not be sent; they are tried again with the job.`);
  return result;
}
