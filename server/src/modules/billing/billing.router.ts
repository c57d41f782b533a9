/**
 * Payments: the member's invoices, how they pay them, the tax invoice and receipt PDFs,
 * and staff recording money received. Invoices are issued when the member's payments are first
 * read after an acceptance (invoices.service.ts). The routes are the endpoints of
 * shared/endpoints/billing.ts; docs/dashboard.md describes them.
 */
import type { Request } from 'express';
import type { z } from 'zod';
import type { paymentReversalResponseSchema } from '@shared/contracts/dashboard';
import { mayDecideFor, type RecordAccess } from '@shared/domain/accounts/record-access';
import { PAYMENT_OPTION_FIXED, paymentOptionFixed } from '@shared/domain/billing/payment-plan';
import { countedPayments } from '@shared/domain/billing/payments';
import { toCents } from '@shared/domain/pricing/money';
import { formatCents } from '@shared/format';
import { billingEndpoints as endpoints } from '@shared/endpoints/billing';
import type { AppContext } from '../../context';
import type { DatabaseWriter } from '../../db/client';
import { conflict, notFound } from '../../lib/app-error';
import { createBlobStore } from '../../lib/blob-store';
import { writtenInTransaction } from '../../lib/mail-queue';
import { issuerOf, recipientOf, sendPdf } from '../../lib/pdf/letterhead';
import { signedInUser } from '../../middleware/auth';
import { endpointRouter } from '../../middleware/serve';
import { actorOf, requestPolicy } from '../../policies/request-policy';
import { presentInvoice } from '../../presenters/invoice';
import { xeroInTransaction } from '../xero/xero-sync.service';
import { invoicePdf, receiptPdf } from './billing-documents';
import { changePaymentOption, findInvoice, listInvoices, listStaffInvoices, recordPayment, storedPdf } from './invoices.service';
import { queuePaymentNotice } from './payment-notices';
import { approveReversal, rejectReversal, reversePayment } from './payment-reversals.service';
import { secondPersonMail } from '../accounts/second-person-emails';

const INVOICE_NOT_FOUND = 'Invoice not found.';

type ReversalAnswer = z.infer<typeof paymentReversalResponseSchema>;

export function billingRouter(context: AppContext) {
  const { db, env } = context;
  const blobs = createBlobStore(env);
  const issuer = issuerOf(env);
  const policy = requestPolicy(context);
  const { router, serve } = endpointRouter(context);

  /** Loads the invoice of :id and checks the caller may have this access to it (404 when hidden, 403 when only to look). */
  const invoiceFor =
    (access: RecordAccess) =>
    async (req: Request, { params }: { params: { id: string } }) => {
      const invoice = await findInvoice(db, params.id);
      if (!invoice) throw notFound(INVOICE_NOT_FOUND);
      await policy.record(req, invoice.userId, access, INVOICE_NOT_FOUND);
      return invoice;
    };
  /** The invoice and its payment of :paymentId (404 when it is not one of its payments). */
  const paymentFor = (access: RecordAccess) => async (req: Request, address: { params: { id: string; paymentId: string } }) => {
    const invoice = await invoiceFor(access)(req, address);
    const payment = invoice.payments.find((p) => p.id === address.params.paymentId);
    if (!payment) throw notFound('Payment not found.');
    return { invoice, payment };
  };
  const current = async (id: string) => ({ invoice: presentInvoice((await findInvoice(db, id))!) });

  serve(endpoints.invoices)({
    handle: async (req, _res, { query }) => {
      const member = await policy.member(req, query.memberId, 'read');
      return { invoices: await listInvoices(db, member.id), howToPay: issuer.howToPay };
    },
  });

  serve(endpoints.paymentOption)({
    load: invoiceFor('write'),
    handle: async (req, _res, { record: invoice, body }) => {
      // Fixed for the member and their broker; an administrator acting for them (support mode) rearranges it when they call.
      const fixed = paymentOptionFixed(presentInvoice(invoice));
      if (fixed !== null && !mayDecideFor(actorOf(req), invoice.userId)) throw conflict(PAYMENT_OPTION_FIXED[fixed].refusal, 'payment_option_locked');
      await changePaymentOption(db, blobs, invoice, body.paymentOption);
      return current(invoice.id);
    },
  });

  serve(endpoints.invoicePdf)({
    load: invoiceFor('read'),
    handle: async (_req, res, { record: invoice }) => {
      const fileName = `${invoice.number}.pdf`;
      const bytes = await storedPdf(
        db,
        blobs,
        { existingFileId: invoice.documentFileId, ownerId: invoice.userId, kind: 'invoice_pdf', fileName },
        async () => invoicePdf(presentInvoice(invoice), await recipientOf(db, invoice.userId), issuer),
        (fileId) => db.invoice.update({ where: { id: invoice.id }, data: { documentFileId: fileId } }),
      );
      sendPdf(res, bytes, fileName);
    },
  });

  // Staff: a member's invoices with every payment, who recorded it, and reversals waiting for a second person.
  serve(endpoints.staffInvoices)({
    handle: async (req, _res, { query }) => {
      const member = await policy.member(req, query.memberId, 'read');
      return { invoices: await listStaffInvoices(db, member.id, signedInUser(req).id) };
    },
  });

  // A reversal above the threshold is e-mailed to those who may approve it, and the decision to the one who asked.
  const secondPerson = secondPersonMail(context);
  const reversalAsked = (invoice: { userId: string }, payment: { id: string; receiptNumber: string; amountCents: number }) => ({
    kind: 'payment_reversal' as const,
    id: payment.id,
    beneficiaryId: invoice.userId,
    what: `reversing receipt ${payment.receiptNumber} (${formatCents(payment.amountCents)})`,
  });
  const reversalDecided = (
    invoice: { userId: string },
    payment: { id: string; receiptNumber: string; amountCents: number; reversalRequestedById: string | null },
    deciderId: string,
    decision: 'approved' | 'rejected',
    note: string | undefined,
  ) => ({
    ...reversalAsked(invoice, payment),
    requesterId: payment.reversalRequestedById ?? deciderId,
    deciderId,
    decision,
    note,
    at: new Date(),
  });

  /** The member's e-mail about a payment, written by the payment's (or reversal's) own transaction. */
  const memberNotice = (tx: DatabaseWriter, invoiceId: string, paymentId: string, what: 'received' | 'reversed') =>
    queuePaymentNotice({ writer: tx, mailer: context.mailer, site: context.site }, invoiceId, paymentId, what);

  // Staff record money received (amount typed in dollars): the receipt, the audit entry, Xero and the member's e-mail follow.
  serve(endpoints.recordPayment)({
    load: invoiceFor('decide'),
    handle: async (req, _res, { record: invoice, body: { amountDollars, ...payment } }) => {
      const mails = writtenInTransaction(context.mailer, (tx, paymentId: string) => memberNotice(tx, invoice.id, paymentId, 'received'));
      const xero = xeroInTransaction(context);
      await recordPayment(db, blobs, invoice, { ...payment, amountCents: toCents(amountDollars) }, signedInUser(req).id, async (tx, paymentId) => {
        await mails.write(tx, paymentId);
        await xero.payment(tx, paymentId);
      });
      await mails.dispatch();
      xero.wake();
      return current(invoice.id);
    },
  });

  /** Once a reversal's transaction (with its e-mails and, once reversed, Xero's deletion of the payment) has committed: both handed over. */
  const afterReversal = async (mails: { dispatch: () => Promise<void> }, xero: { wake: () => void }, outcome: ReversalAnswer) => {
    await mails.dispatch();
    xero.wake();
    return outcome;
  };

  // Undo a mistaken payment: at once up to the threshold, else asked for (202) until a second person approves it.
  serve(endpoints.reversePayment)({
    load: paymentFor('read'),
    handle: async (req, res, { record: { invoice, payment }, body }) => {
      const actorId = signedInUser(req).id;
      const asked = { ...reversalAsked(invoice, payment), requesterId: actorId, reason: body.reason, at: new Date() };
      const xero = xeroInTransaction(context);
      const mails = writtenInTransaction(context.mailer, async (tx, done: 'requested' | 'reversed') => {
        if (done === 'requested') return secondPerson.ask(tx, asked);
        await xero.paymentReversal(tx, payment.id);
        return memberNotice(tx, invoice.id, payment.id, 'reversed');
      });
      const outcome = await reversePayment(db, blobs, invoice, payment, { actorId, reason: body.reason }, mails.write);
      if (outcome.outcome === 'requested') res.status(202);
      return afterReversal(mails, xero, outcome);
    },
  });

  serve(endpoints.approveReversal)({
    load: paymentFor('read'),
    handle: async (req, _res, { record: { invoice, payment }, body }) => {
      const approverId = signedInUser(req).id;
      const xero = xeroInTransaction(context);
      const mails = writtenInTransaction(context.mailer, async (tx) => {
        await xero.paymentReversal(tx, payment.id);
        return [await memberNotice(tx, invoice.id, payment.id, 'reversed'), ...(await secondPerson.tell(tx, reversalDecided(invoice, payment, approverId, 'approved', body.note)))];
      });
      return afterReversal(mails, xero, await approveReversal(db, blobs, invoice, payment, { approverId, note: body.note }, mails.write));
    },
  });

  serve(endpoints.rejectReversal)({
    load: paymentFor('read'),
    handle: async (req, _res, { record: { invoice, payment }, body }) => {
      const actorId = signedInUser(req).id;
      const mails = writtenInTransaction(context.mailer, (tx) => secondPerson.tell(tx, reversalDecided(invoice, payment, actorId, 'rejected', body.note)));
      const outcome = await rejectReversal(db, invoice, payment, { actorId, note: body.note }, mails.write);
      await mails.dispatch();
      return outcome;
    },
  });

  serve(endpoints.receipt)({
    load: invoiceFor('read'),
    handle: async (_req, res, { record: invoice, params }) => {
      const index = invoice.payments.findIndex((p) => p.id === params.paymentId);
      const payment = invoice.payments[index];
      if (!payment) throw notFound('Receipt not found.');
      const view = presentInvoice(invoice);
      // The balance after this payment counts the payments up to it that were not reversed; a reversed one shows the balance now.
      const paidThrough = payment.reversedAt ? view.paidCents : countedPayments(invoice.payments.slice(0, index + 1)).reduce((sum, p) => sum + p.amountCents, 0);
      const fileName = `${payment.receiptNumber}.pdf`;
      const bytes = await storedPdf(
        db,
        blobs,
        { existingFileId: payment.receiptFileId, ownerId: invoice.userId, kind: 'receipt_pdf', fileName },
        async () => receiptPdf(view, view.payments[index]!, invoice.totalCents - paidThrough, await recipientOf(db, invoice.userId), issuer),
        (fileId) => db.invoicePayment.update({ where: { id: payment.id }, data: { receiptFileId: fileId } }),
      );
      sendPdf(res, bytes, fileName);
    },
  });

  return router;
}
