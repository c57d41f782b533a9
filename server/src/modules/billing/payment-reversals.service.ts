/**
 * Undoing a payment recorded by mistake (docs/dashboard.md 'Recording and reversing payments').
 * The payment's row stays, marked reversed with who, when and why, so its receipt number is never
 * reused and the audit trail stays whole; it then counts for nothing (paid, balance, stage, Xero).
 * Up to the threshold one member of staff reverses it; above it (or on their own account) the
 * reversal is asked for and waits until a second, independent person approves it (maker-checker,
 * server/src/modules/accounts/approvals.ts).
 */
import { reversalNeedsSecondPerson } from '@shared/domain/billing/payments';
import { formatCents, formatDate, formatDateTime } from '@shared/format';
import type { Database, DatabaseWriter } from '../../db/client';
import type { Prisma } from '../../generated/prisma/client';
import { conflict } from '../../lib/app-error';
import { auditEntry } from '../../lib/audit-log';
import type { BlobStore } from '../../lib/blob-store';
import type { InvoiceRow } from '../../presenters/invoice';
import { requireSecondPerson } from '../accounts/approvals';
import { REVERSAL_BENEFICIARY_RULE, reversalOf } from './invoices.service';

export const PAYMENT_REVERSED_AUDIT_ACTION = 'payment.reversed';
export const PAYMENT_REVERSAL_REQUESTED_AUDIT_ACTION = 'payment.reversal_requested';
export const PAYMENT_REVERSAL_REJECTED_AUDIT_ACTION = 'payment.reversal_rejected';

type PaymentRow = InvoiceRow['payments'][number];

/** A payment whose reversal was asked for and is neither approved nor rejected yet (a rejection clears the request). */
export const REVERSAL_AWAITING_APPROVAL = { reversalRequestedAt: { not: null }, reversedAt: null } satisfies Prisma.InvoicePaymentWhereInput;

/** The applications one of whose invoices has a payment reversal waiting for a second person (staff's list, ?awaiting=reversal_approval). */
export async function applicationsAwaitingReversalApproval(db: Database): Promise<string[]> {
  const waiting = await db.invoicePayment.findMany({ where: REVERSAL_AWAITING_APPROVAL, select: { invoice: { select: { applicationId: true } } } });
  return [...new Set(waiting.map((payment) => payment.invoice.applicationId))];
}

/** What the route says back, and whether the payment is now reversed. */
export interface ReversalOutcome {
  outcome: 'reversed' | 'requested' | 'rejected';
  message: string;
}

/** The facts of a payment every reversal audit entry carries. */
const paymentFacts = (invoice: InvoiceRow, payment: PaymentRow) => ({
  invoiceId: invoice.id,
  invoiceNumber: invoice.number,
  paymentId: payment.id,
  receiptNumber: payment.receiptNumber,
  amountCents: payment.amountCents,
  receivedOn: payment.receivedOn,
  method: payment.method,
});

/** Refuses a payment already reversed, or one whose reversal already waits (409, with what to do). */
async function refuseIfNotReversible(db: Database, payment: PaymentRow): Promise<void> {
  if (payment.reversedAt) throw conflict(`Receipt ${payment.receiptNumber} was reversed on ${formatDate(payment.reversedAt)}; there is nothing left to undo.`, 'payment_reversed');
  if (payment.reversalRequestedAt && payment.reversalRequestedById) {
    const asker = await db.user.findUnique({ where: { id: payment.reversalRequestedById }, select: { firstName: true, lastName: true } });
    const who = asker ? `${asker.firstName} ${asker.lastName}`.trim() : 'a former user';
    throw conflict(
      `The reversal of receipt ${payment.receiptNumber} already waits for a second person (asked by ${who} on ${formatDateTime(payment.reversalRequestedAt)}): approve or reject it.`,
      'payment_reversal_pending',
    );
  }
}

/**
 * Marks the payment reversed inside the caller's transaction, if it still can be (not reversed, and
 * still the request the caller read), and sets aside the invoice's PDF (it shows what was paid) and
 * the invoice's receipts (this one will say 'Reversed'; the others show a balance after them that
 * changed). They are drawn again when next asked for. Answers the stored files whose bytes go after.
 */
async function markReversed(
  tx: DatabaseWriter,
  invoice: InvoiceRow,
  payment: PaymentRow,
  data: { reversedById: string; now: Date; request: { at: Date; byId: string; reason: string } },
  expectedRequestAt: Date | null,
) {
  const { count } = await tx.invoicePayment.updateMany({
    where: { id: payment.id, reversedAt: null, reversalRequestedAt: expectedRequestAt },
    data: {
      reversedAt: data.now,
      reversedById: data.reversedById,
      reversalRequestedAt: data.request.at,
      reversalRequestedById: data.request.byId,
      reversalReason: data.request.reason,
      receiptFileId: null,
    },
  });
  if (count === 0) throw conflict(`Receipt ${payment.receiptNumber} changed meanwhile (reversed, or its reversal decided by someone else). Reload the page.`, 'payment_reversal_changed');
  const receipts = invoice.payments.map((item) => item.receiptFileId).filter((id): id is string => id !== null);
  const fileIds = [invoice.documentFileId, ...receipts].filter((id): id is string => id !== null);
  const files = fileIds.length === 0 ? [] : await tx.storedFile.findMany({ where: { id: { in: fileIds } } });
  await tx.invoice.update({ where: { id: invoice.id }, data: { documentFileId: null } });
  if (receipts.length > 0) await tx.invoicePayment.updateMany({ where: { invoiceId: invoice.id, receiptFileId: { in: receipts } }, data: { receiptFileId: null } });
  if (files.length > 0) await tx.storedFile.deleteMany({ where: { id: { in: files.map((file) => file.id) } } });
  return files;
}

/** The bytes of files set aside, after their rows went with the transaction (blob bytes cannot share it). */
async function dropBytes(blobs: BlobStore, files: ReadonlyArray<{ storageKey: string }>) {
  for (const file of files) await blobs.delete(file.storageKey).catch(() => undefined);
}

/**
 * Staff undo a payment: at or below the threshold it is reversed at once, with its audit entry, in
 * one transaction; above it (or on the staff member's own account) the reversal is recorded as asked
 * for, audited, and waits for a second person.
 */
export async function reversePayment(
  db: Database,
  blobs: BlobStore,
  invoice: InvoiceRow,
  payment: PaymentRow,
  input: { actorId: string; reason: string },
  /** Written in the transaction that asks for the reversal or makes it, saying which: the e-mails about it. */
  alsoWrite: (tx: DatabaseWriter, done: 'requested' | 'reversed') => Promise<unknown> = async () => undefined,
  now = new Date(),
): Promise<ReversalOutcome> {
  await refuseIfNotReversible(db, payment);
  const facts = paymentFacts(invoice, payment);
  if (reversalNeedsSecondPerson({ amountCents: payment.amountCents, memberId: invoice.userId, actorId: input.actorId })) {
    await db.$transaction(async (tx) => {
      const { count } = await tx.invoicePayment.updateMany({
        where: { id: payment.id, reversedAt: null, reversalRequestedAt: null },
        data: { reversalRequestedAt: now, reversalRequestedById: input.actorId, reversalReason: input.reason },
      });
      if (count === 0) throw conflict(`Receipt ${payment.receiptNumber} changed meanwhile (reversed, or a reversal asked for by someone else). Reload the page.`, 'payment_reversal_changed');
      await auditEntry(tx, { actorId: input.actorId, customerId: invoice.userId, action: PAYMENT_REVERSAL_REQUESTED_AUDIT_ACTION, details: { ...facts, reason: input.reason } });
      await alsoWrite(tx, 'requested');
    });
    return {
      outcome: 'requested',
      message: `Reversing receipt ${payment.receiptNumber} (${formatCents(payment.amountCents)}) needs a second person: it waits until another administrator approves it. Until then the payment counts.`,
    };
  }
  const files = await db.$transaction(async (tx) => {
    const kept = await markReversed(tx, invoice, payment, { reversedById: input.actorId, now, request: { at: now, byId: input.actorId, reason: input.reason } }, null);
    await auditEntry(tx, {
      actorId: input.actorId,
      customerId: invoice.userId,
      action: PAYMENT_REVERSED_AUDIT_ACTION,
      details: { ...facts, reason: input.reason, requestedById: input.actorId, reversedById: input.actorId },
    });
    await alsoWrite(tx, 'reversed');
    return kept;
  });
  await dropBytes(blobs, files);
  return { outcome: 'reversed', message: `Receipt ${payment.receiptNumber} (${formatCents(payment.amountCents)}) is reversed and no longer counts towards ${invoice.number}.` };
}

/**
 * A second person approves a waiting reversal: refused (403, the rule's sentence) unless they are
 * independent of the one who asked and of the member; the reversal, its audit entry (with what the
 * rule weighed) and the files set aside are one transaction, and only the request they read is
 * approved (two approvals at once reverse once).
 */
export async function approveReversal(
  db: Database,
  blobs: BlobStore,
  invoice: InvoiceRow,
  payment: PaymentRow,
  input: { approverId: string; note?: string },
  /** Written in the reversal's transaction: the e-mails about it. */
  alsoWrite: (tx: DatabaseWriter) => Promise<unknown> = async () => undefined,
  now = new Date(),
): Promise<ReversalOutcome> {
  const request = waitingRequest(payment);
  const files = await db.$transaction(async (tx) => {
    const approval = await requireSecondPerson(
      tx,
      { approverId: input.approverId, requesterId: request.byId, beneficiaryId: invoice.userId, what: reversalOf(payment), beneficiaryRule: REVERSAL_BENEFICIARY_RULE },
      now,
    );
    const kept = await markReversed(tx, invoice, payment, { reversedById: input.approverId, now, request }, request.at);
    await auditEntry(tx, {
      actorId: input.approverId,
      customerId: invoice.userId,
      action: PAYMENT_REVERSED_AUDIT_ACTION,
      details: {
        ...paymentFacts(invoice, payment),
        reason: request.reason,
        requestedById: request.byId,
        requestedAt: request.at.toISOString(),
        reversedById: input.approverId,
        note: input.note ?? null,
        approval,
      },
    });
    await alsoWrite(tx);
    return kept;
  });
  await dropBytes(blobs, files);
  return { outcome: 'reversed', message: `Approved: receipt ${payment.receiptNumber} (${formatCents(payment.amountCents)}) is reversed and no longer counts towards ${invoice.number}.` };
}

/** A waiting reversal is rejected (or withdrawn by the one who asked): the payment stands, and the request is cleared, audited. */
export async function rejectReversal(
  db: Database,
  invoice: InvoiceRow,
  payment: PaymentRow,
  input: { actorId: string; note?: string },
  /** Written in the rejection's transaction: the e-mail about it. */
  alsoWrite: (tx: DatabaseWriter) => Promise<unknown> = async () => undefined,
): Promise<ReversalOutcome> {
  const request = waitingRequest(payment);
  const withdrawn = request.byId === input.actorId;
  await db.$transaction(async (tx) => {
    const { count } = await tx.invoicePayment.updateMany({
      where: { id: payment.id, reversedAt: null, reversalRequestedAt: request.at },
      data: { reversalRequestedAt: null, reversalRequestedById: null, reversalReason: null },
    });
    if (count === 0) throw conflict(`The reversal of receipt ${payment.receiptNumber} was decided meanwhile. Reload the page.`, 'payment_reversal_changed');
    await auditEntry(tx, {
      actorId: input.actorId,
      customerId: invoice.userId,
      action: PAYMENT_REVERSAL_REJECTED_AUDIT_ACTION,
      details: { ...paymentFacts(invoice, payment), reason: request.reason, requestedById: request.byId, requestedAt: request.at.toISOString(), withdrawn, note: input.note ?? null },
    });
    await alsoWrite(tx);
  });
  return { outcome: 'rejected', message: `${withdrawn ? 'Withdrawn' : 'Rejected'}: receipt ${payment.receiptNumber} stands, and still counts towards ${invoice.number}.` };
}

/** The reversal that waits on the payment, or a 409 when none does. */
function waitingRequest(payment: PaymentRow): { at: Date; byId: string; reason: string } {
  if (payment.reversedAt) throw conflict(`Receipt ${payment.receiptNumber} was reversed on ${formatDate(payment.reversedAt)}; there is nothing left to decide.`, 'payment_reversed');
  if (!payment.reversalRequestedAt || !payment.reversalRequestedById) throw conflict(`No reversal of receipt ${payment.receiptNumber} waits for approval.`, 'payment_reversal_not_pending');
  return { at: payment.reversalRequestedAt, byId: payment.reversalRequestedById, reason: payment.reversalReason ?? '' };
}
