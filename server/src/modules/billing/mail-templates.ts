/**
 * The member's e-mails about money staff recorded or undid: what arrived (or was reversed, and why),
 * the receipt, what is left to pay, and where the application stands in the dashboard's words
 * (shared/domain/protection/lifecycle.ts), with the days they are protected when the stage says so.
 */
import { PROTECTION_STAGE_LABELS, protectionStageDescription } from '@shared/domain/protection/lifecycle';
import type { ProtectionStage } from '@shared/contracts/protection-status';
import { paymentMethodLabel } from '@shared/domain/billing/payments';
import { formatCents, formatDate, formatLongDate } from '@shared/format';
import { email } from '../../lib/email-layout';
import type { MailMessage } from '../../lib/mailer';

export interface PaymentNotice {
  to: string;
  firstName: string;
  payment: { receiptNumber: string; amountCents: number; receivedOn: string; method: string; reference: string | null };
  invoice: { number: string; outstandingCents: number };
  /** The application the invoice bills; null when it is no longer on file. */
  protection: { reference: string; cover: string; season: string; stage: ProtectionStage; endsOn: string; coverFrom: string | null } | null;
  paymentsUrl: string;
}

/** Where the application stands after the change: protected from the first payment to the end of the season, or the stage's own sentence. */
function standing(protection: NonNullable<PaymentNotice['protection']>): string {
  if (protection.stage === 'protected' && protection.coverFrom) {
    return `You are protected from ${formatLongDate(protection.coverFrom)} to ${formatLongDate(protection.endsOn)}: ${protection.cover} protection for the ${protection.season} season.`;
  }
  return protectionStageDescription(protection.stage, 'member');
}

const applicationFacts = (protection: PaymentNotice['protection']): Array<[string, string]> =>
  protection
    ? [
        ['Application', protection.reference],
        ['Where it is up to', PROTECTION_STAGE_LABELS[protection.stage]],
      ]
    : [];

export function paymentReceivedEmail({ to, firstName, payment, invoice, protection, paymentsUrl }: PaymentNotice): MailMessage {
  return email({
    to,
    subject: `Payment received: ${formatCents(payment.amountCents)}, receipt ${payment.receiptNumber}`,
    blocks: [
      { paragraph: `Hello ${firstName},` },
      { paragraph: `Thank you: your payment of ${formatCents(payment.amountCents)} against invoice ${invoice.number} has reached us.` },
      {
        facts: [
          ['Receipt', payment.receiptNumber],
          ['Amount', formatCents(payment.amountCents)],
          ['Received', formatDate(payment.receivedOn)],
          ['Method', paymentMethodLabel(payment.method)],
          ...(payment.reference ? [['Reference', payment.reference] as [string, string]] : []),
          ['Invoice', invoice.number],
          ['Still to pay on it', formatCents(invoice.outstandingCents)],
          ...applicationFacts(protection),
        ],
      },
      ...(protection ? [{ paragraph: standing(protection) }] : []),
      { paragraph: 'Your receipt is on your Payments page, as a PDF to keep.' },
      { action: { label: 'See your receipt', url: paymentsUrl } },
    ],
  });
}

export function paymentReversedEmail({ to, firstName, payment, invoice, protection, paymentsUrl, reversal }: PaymentNotice & { reversal: { on: string; reason: string } }): MailMessage {
  return email({
    to,
    subject: `Payment reversed: receipt ${payment.receiptNumber}`,
    blocks: [
      { paragraph: `Hello ${firstName},` },
      {
        paragraph: `We have reversed the payment of ${formatCents(payment.amountCents)} recorded against invoice ${invoice.number} on ${formatDate(payment.receivedOn)} (receipt ${payment.receiptNumber}). It no longer counts towards the invoice.`,
      },
      {
        facts: [
          ['Receipt', `${payment.receiptNumber} (reversed)`],
          ['Amount', formatCents(payment.amountCents)],
          ['Reversed on', formatDate(reversal.on)],
          ['Why', reversal.reason],
          ['Invoice', invoice.number],
          ['Still to pay on it', formatCents(invoice.outstandingCents)],
          ...applicationFacts(protection),
        ],
      },
      ...(protection ? [{ paragraph: standing(protection) }] : []),
      { paragraph: 'If you think this is a mistake, call us or reply to this e-mail.' },
      { action: { label: 'See your invoices', url: paymentsUrl } },
    ],
  });
}
