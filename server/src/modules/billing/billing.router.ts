/**
 * Payments: the member's invoices, how they pay them, the tax invoice and receipt PDFs,
 * and staff recording money received. Invoices are issued when the member's payments are first
 * read after an acceptance (invoices.service.ts). docs/dashboard.md describes the routes.
 */
import { type RequestHandler, Router } from 'express';
import {
  type InvoiceList,
  memberQuerySchema,
  paymentOptionInputSchema,
  paymentReversalDecisionSchema,
  paymentReversalInputSchema,
  type paymentReversalResponseSchema,
  receiptParamsSchema,
  recordParamsSchema,
  recordPaymentInputSchema,
  staffInvoiceQuerySchema,
} from '@shared/contracts/dashboard';
import type { RecordAccess } from '@shared/domain/accounts/record-access';
import { countedPayments } from '@shared/domain/dashboard/payments';
import { toCents } from '@shared/domain/pricing/money';
import { formatCents } from '@shared/format';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { writtenInTransaction } from '../../lib/mail-queue';
import { conflict, notFound } from '../../lib/app-error';
import { createBlobStore } from '../../lib/blob-store';
import { ValidationError } from '../../lib/validate';
import { requireAdmin, requireUser, signedInUser } from '../../middleware/auth';
import { loadedRecord } from '../../middleware/loaded-record';
import { validate } from '../../middleware/validate';
import { requestPolicy } from '../../policies/request-policy';
import { type InvoiceRow, presentInvoice } from '../../presenters/invoice';
import { issuerOf, recipientOf, sendPdf } from '../../lib/pdf/letterhead';
import { invoicePdf, receiptPdf } from './billing-documents';
import { queuePaymentReversal, queueXeroSync } from '../xero/xero-sync.service';
import { changePaymentOption, findInvoice, listInvoices, listStaffInvoices, recordPayment, storedPdf } from './invoices.service';
import { queuePaymentNotice } from './payment-notices';
import { approveReversal, rejectReversal, reversePayment } from './payment-reversals.service';

const INVOICE_NOT_FOUND = 'Invoice not found.';

export function billingRouter(context: AppContext): Router {
  const { db, env } = context;
  const blobs = createBlobStore(env);
  const issuer = issuerOf(env);
  const policy = requestPolicy(context);
  const router = Router();

  const invoiceParams = validate({ params: recordParamsSchema });
  const receiptParams = validate({ params: receiptParamsSchema });
  const loaded = loadedRecord<InvoiceRow>('invoice');

  /** Loads the invoice of :id and checks the caller may have this access to it (404 when hidden, 403 when only to look). */
  const invoiceFor =
    (access: RecordAccess, params: typeof invoiceParams | typeof receiptParams = invoiceParams): RequestHandler =>
    async (req, _res, next) => {
      const invoice = await findInvoice(db, params.input(req).params.id);
      if (!invoice) throw notFound(INVOICE_NOT_FOUND);
      await policy.record(req, invoice.userId, access, INVOICE_NOT_FOUND);
      loaded.set(req, invoice);
      next();
    };
  const current = async (id: string) => presentInvoice((await findInvoice(db, id))!);

  const memberQuery = validate({ query: memberQuerySchema });
  router.get('/invoices', requireUser, memberQuery, async (req, res) => {
    const member = await policy.member(req, memberQuery.input(req).query.memberId, 'read');
    res.json({ invoices: await listInvoices(db, member.id), howToPay: issuer.howToPay } satisfies InvoiceList);
  });

  const optionBody = validate({ body: paymentOptionInputSchema });
  router.put('/invoices/:id/payment-option', requireUser, invoiceParams, invoiceFor('write'), optionBody, async (req, res) => {
    const invoice = loaded.get(req);
    if (!presentInvoice(invoice).canChangeOption) throw conflict('Payments have been received on this invoice, so its payment option can no longer change. Call us to rearrange it.', 'payment_option_locked');
    await changePaymentOption(db, blobs, invoice, optionBody.input(req).body.paymentOption);
    res.json({ invoice: await current(invoice.id) });
  });

  router.get('/invoices/:id/pdf', requireUser, invoiceParams, invoiceFor('read'), async (req, res) => {
    const invoice = loaded.get(req);
    const fileName = `${invoice.number}.pdf`;
    const bytes = await storedPdf(
      db,
      blobs,
      { existingFileId: invoice.documentFileId, ownerId: invoice.userId, kind: 'invoice_pdf', fileName },
      async () => invoicePdf(presentInvoice(invoice), await recipientOf(db, invoice.userId), issuer),
      (fileId) => db.invoice.update({ where: { id: invoice.id }, data: { documentFileId: fileId } }),
    );
    sendPdf(res, bytes, fileName);
  });

  // Staff: a member's invoices with every payment, who recorded it, and reversals waiting for a second person.
  const staffQuery = validate({ query: staffInvoiceQuerySchema });
  router.get('/admin/invoices', requireAdmin, staffQuery, async (req, res) => {
    const member = await policy.member(req, staffQuery.input(req).query.memberId, 'read');
    res.json({ invoices: await listStaffInvoices(db, member.id, signedInUser(req).id) });
  });

  // Staff record money received (amount typed in dollars): the receipt, the audit entry, Xero and the member's e-mail follow.
  const paymentBody = validate({ body: recordPaymentInputSchema });
  router.post('/invoices/:id/payments', requireAdmin, invoiceParams, invoiceFor('read'), paymentBody, async (req, res) => {
    const invoice = loaded.get(req);
    const { amountDollars, ...payment } = paymentBody.input(req).body;
    const amountCents = toCents(amountDollars);
    const outstanding = presentInvoice(invoice).outstandingCents;
    if (amountCents > outstanding) {
      throw new ValidationError([{ path: 'amountDollars', message: outstanding === 0 ? 'Nothing is outstanding on this invoice.' : `Only ${formatCents(outstanding)} is outstanding on this invoice.` }]);
    }
    const notice = memberNotice(invoice.id, 'received');
    const { paymentId } = await recordPayment(db, blobs, invoice, { ...payment, amountCents }, signedInUser(req).id, notice.write);
    await notice.dispatch();
    await queueXeroSync(context, [{ kind: 'payment', localId: paymentId }]);
    res.status(201).json({ invoice: await current(invoice.id) });
  });

  /** The payment of :paymentId on the loaded invoice (404 when it is not one of its payments). */
  const paymentOf = (req: Parameters<RequestHandler>[0]) => {
    const invoice = loaded.get(req);
    const payment = invoice.payments.find((p) => p.id === receiptParams.input(req).params.paymentId);
    if (!payment) throw notFound('Payment not found.');
    return { invoice, payment };
  };
  /** The member's e-mail about a payment, written by the payment's (or reversal's) own transaction. */
  const memberNotice = (invoiceId: string, what: 'received' | 'reversed') =>
    writtenInTransaction(context.mailer, (tx, paymentId: string) => queuePaymentNotice({ writer: tx, mailer: context.mailer, site: context.site }, invoiceId, paymentId, what));
  type ReversalAnswer = z.infer<typeof paymentReversalResponseSchema>;
  /** A reversal run with the member's notice written in its transaction; once reversed, Xero is asked to delete the payment. */
  const reversing = async (paymentId: string, notice: ReturnType<typeof memberNotice>, run: (write: typeof notice.write) => Promise<ReversalAnswer>) => {
    const outcome = await run(notice.write);
    await notice.dispatch();
    if (outcome.outcome === 'reversed') await queuePaymentReversal(context, paymentId);
    return outcome;
  };

  // Undo a mistaken payment: at once up to the threshold, else asked for (202) until a second person approves it.
  const reversalBody = validate({ body: paymentReversalInputSchema });
  router.post('/invoices/:id/payments/:paymentId/reversal', requireAdmin, receiptParams, invoiceFor('read', receiptParams), reversalBody, async (req, res) => {
    const { invoice, payment } = paymentOf(req);
    const outcome = await reversing(payment.id, memberNotice(invoice.id, 'reversed'), (write) =>
      reversePayment(db, blobs, invoice, payment, { actorId: signedInUser(req).id, reason: reversalBody.input(req).body.reason }, write),
    );
    res.status(outcome.outcome === 'requested' ? 202 : 200).json(outcome satisfies ReversalAnswer);
  });

  const decisionBody = validate({ body: paymentReversalDecisionSchema });
  router.post('/invoices/:id/payments/:paymentId/reversal/approve', requireAdmin, receiptParams, invoiceFor('read', receiptParams), decisionBody, async (req, res) => {
    const { invoice, payment } = paymentOf(req);
    const outcome = await reversing(payment.id, memberNotice(invoice.id, 'reversed'), (write) =>
      approveReversal(db, blobs, invoice, payment, { approverId: signedInUser(req).id, note: decisionBody.input(req).body.note }, write),
    );
    res.json(outcome satisfies ReversalAnswer);
  });

  router.post('/invoices/:id/payments/:paymentId/reversal/reject', requireAdmin, receiptParams, invoiceFor('read', receiptParams), decisionBody, async (req, res) => {
    const { invoice, payment } = paymentOf(req);
    res.json((await rejectReversal(db, invoice, payment, { actorId: signedInUser(req).id, note: decisionBody.input(req).body.note })) satisfies ReversalAnswer);
  });

  router.get('/invoices/:id/payments/:paymentId/receipt', requireUser, receiptParams, invoiceFor('read', receiptParams), async (req, res) => {
    const invoice = loaded.get(req);
    const index = invoice.payments.findIndex((p) => p.id === receiptParams.input(req).params.paymentId);
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
  });

  return router;
}
