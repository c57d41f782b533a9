/**
 * Telling the member after staff record or reverse a payment: queued in the mail queue right after
 * the payment's transaction commits, never undoing it; if the queue cannot be written (the database
 * went away in that instant) it is logged and the payment (or reversal) stands.
 */
import { perthCalendarDate } from '@shared/format';
import type { AppContext } from '../../context';
import { presentInvoice } from '../../presenters/invoice';
import { findProtection } from '../dashboard/protections.service';
import { findInvoice } from './invoices.service';
import { type PaymentNotice, paymentReceivedEmail, paymentReversedEmail } from './mail-templates';

type NoticeContext = Pick<AppContext, 'db' | 'mailer' | 'logger' | 'site'>;

/** The first day money that counts arrived on any invoice of the application: the day its cover started. */
async function coverFrom(db: AppContext['db'], applicationId: string): Promise<string | null> {
  const first = await db.invoicePayment.findFirst({ where: { reversedAt: null, invoice: { applicationId } }, orderBy: [{ receivedOn: 'asc' }, { createdAt: 'asc' }], select: { receivedOn: true } });
  return first?.receivedOn ?? null;
}

export async function tellMemberOfPayment({ db, mailer, logger, site }: NoticeContext, invoiceId: string, paymentId: string, what: 'received' | 'reversed'): Promise<void> {
  try {
    const invoice = await findInvoice(db, invoiceId);
    const payment = invoice?.payments.find((item) => item.id === paymentId);
    if (!invoice || !payment || (what === 'reversed' && !payment.reversedAt)) return;
    const member = await db.user.findUnique({ where: { id: invoice.userId }, select: { email: true, firstName: true } });
    if (!member) return;
    const protection = await findProtection(db, invoice.applicationId);
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
            coverFrom: await coverFrom(db, protection.id),
          }
        : null,
      paymentsUrl: `${site.origin()}/dashboard/payments`,
    };
    if (what === 'received') await mailer.send(paymentReceivedEmail(notice), { key: `payment-received:${payment.id}` });
    else if (payment.reversedAt)
      await mailer.send(paymentReversedEmail({ ...notice, reversal: { on: perthCalendarDate(payment.reversedAt), reason: payment.reversalReason ?? '' } }), { key: `payment-reversed:${payment.id}` });
  } catch (error) {
    logger.error({ err: error, invoiceId, paymentId, what }, 'payment e-mail failed');
  }
}
