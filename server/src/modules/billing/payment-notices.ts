/**
 * Telling the member after staff record or reverse a payment: the e-mail is written in the payment's
 * (or reversal's) own transaction, through the hook those services take, and sent by the mail queue.
 */
import { perthCalendarDate } from '@shared/format';
import type { AppContext } from '../../context';
import type { DatabaseWriter } from '../../db/client';
import { presentInvoice } from '../../presenters/invoice';
import { coverStartDayOf, findProtection } from '../protection/protections.service';
import { findInvoice } from './invoices.service';
import { type PaymentNotice, paymentReceivedEmail, paymentReversedEmail } from './mail-templates';

/** The member's e-mail about a payment received or reversed, queued in `writer`'s transaction; null when there is no one to tell. */
export async function queuePaymentNotice(
  { writer, mailer, site }: Pick<AppContext, 'mailer' | 'site'> & { writer: DatabaseWriter },
  invoiceId: string,
  paymentId: string,
  what: 'received' | 'reversed',
): Promise<string | null> {
  const invoice = await findInvoice(writer, invoiceId);
  const payment = invoice?.payments.find((item) => item.id === paymentId);
  if (!invoice || !payment || (what === 'reversed' && !payment.reversedAt)) return null;
  const member = await writer.user.findUnique({ where: { id: invoice.userId }, select: { email: true, firstName: true } });
  if (!member) return null;
  const protection = await findProtection(writer, invoice.applicationId);
  const notice: PaymentNotice = {
    to: member.email,
    firstName: member.firstName,
    payment: { receiptNumber: payment.receiptNumber, amountCents: payment.amountCents, receivedOn: payment.receivedOn, method: payment.method, reference: payment.reference },
    invoice: { number: invoice.number, outstandingCents: presentInvoice(invoice).outstandingCents },
    protection: protection
      ? {
          reference: protection.reference,
          cover: protection.coverageDescription,
          season: protection.season,
          stage: protection.stage,
          endsOn: protection.endsOn,
          coverFrom: await coverStartDayOf(writer, protection),
        }
      : null,
    paymentsUrl: `${site.origin()}/dashboard/payments`,
  };
  if (what === 'received') return mailer.send(paymentReceivedEmail(notice), { writer, key: `payment-received:${payment.id}` });
  return mailer.send(paymentReversedEmail({ ...notice, reversal: { on: perthCalendarDate(payment.reversedAt!), reason: payment.reversalReason ?? '' } }), {
    writer,
    key: `payment-reversed:${payment.id}`,
  });
}
