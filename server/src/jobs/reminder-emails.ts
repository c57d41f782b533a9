import type { DueReminder } from '@shared/domain/notifications/reminders';
import { formatCents, formatDate } from '@shared/format';
import { email } from '../lib/email-layout';
import type { MailMessage } from '../lib/mailer';

const ordinal = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth'];

/** The e-mail of one due reminder, through the one layout; the member can turn these off in their settings. */
export function reminderEmail({ to, firstName, reminder, origin }: { to: string; firstName: string; reminder: DueReminder; origin: string }): MailMessage {
  const settings = { paragraph: `You can turn these reminders off in your settings: ${origin}/dashboard/settings` };
  if (reminder.kind === 'renewal') {
    return email({
      to,
      subject: `Your ${reminder.seasonYear} protection ends on ${formatDate(reminder.endsOn)}`,
      blocks: [
        { paragraph: `Hello ${firstName},` },
        {
          paragraph: `Your crop protection for the ${reminder.seasonYear} season ends on ${formatDate(reminder.endsOn)}. To be protected next season, start a new quote: your paddocks are kept, so it takes a few minutes.`,
        },
        { action: { label: 'Start next season’s quote', url: `${origin}/dashboard#renewal` } },
        settings,
      ],
    });
  }
  const which = reminder.instalment ? `the ${ordinal[reminder.instalment - 1] ?? `number ${reminder.instalment}`} of ${reminder.instalmentCount} instalments` : 'payment';
  const facts = {
    facts: [
      ['Invoice', reminder.invoiceNumber],
      ['Due', formatDate(reminder.dueDate)],
      ['Owed by then', formatCents(reminder.owedCents)],
    ] as const,
  };
  const action = { action: { label: 'See your invoices', url: `${origin}/dashboard/payments` } };
  if (reminder.kind === 'payment_overdue') {
    return email({
      to,
      subject: `Invoice ${reminder.invoiceNumber} is overdue`,
      blocks: [
        { paragraph: `Hello ${firstName},` },
        {
          paragraph: `The ${which} on invoice ${reminder.invoiceNumber} was due on ${formatDate(reminder.dueDate)} and we have not received it yet. If you have paid in the last few days, thank you, and please ignore this e-mail. If you cannot pay now, call us and we will work something out.`,
        },
        facts,
        action,
        settings,
      ],
    });
  }
  return email({
    to,
    subject: `Reminder: ${reminder.instalment ? 'instalment' : 'payment'} due ${formatDate(reminder.dueDate)} (invoice ${reminder.invoiceNumber})`,
    blocks: [
      { paragraph: `Hello ${firstName},` },
      { paragraph: `A friendly reminder that the ${which} on invoice ${reminder.invoiceNumber} is due on ${formatDate(reminder.dueDate)}.` },
      facts,
      action,
      settings,
    ],
  });
}
