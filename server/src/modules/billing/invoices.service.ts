/**
 * Invoices and payments. An application accepted by the board is billed on two invoices, the
 * season's membership fee (once per member and season) and the contribution; both are issued in the
 * transaction that accepts it (server/src/modules/protection/protections.service.ts), and never twice
 * (issueKey is unique). Amounts and GST come from shared/domain/billing/invoice.ts. Manual
 * discounts approved before then are lines of the contribution invoice; once it is issued they are
 * refused (docs/discounts.md), so an issued invoice never changes.
 */
import type { InvoiceKind, InvoiceView, PaymentMethod, PaymentOption, StaffInvoiceView } from '@shared/contracts/dashboard';
import { type BilledManualDiscount, contributionLines, invoiceTotals, membershipFeeLines } from '@shared/domain/billing/invoice';
import { billableManualDiscounts } from '@shared/domain/pricing/discount-manual';
import { toCents } from '@shared/domain/pricing/money';
import { formatCents } from '@shared/format';
import type { Database, DatabaseWriter } from '../../db/client';
import { auditEntry } from '../../lib/audit-log';
import type { BlobStore } from '../../lib/blob-store';
import { withSequentialNumber } from '../../lib/sequential-number';
import { ValidationError } from '../../lib/validate';
import { invoiceInclude, type InvoiceRow, presentInvoice, presentStaffInvoice } from '../../presenters/invoice';
import { loadApprovalContext } from '../accounts/approvals';
import { coverageOf } from '../../presenters/protection';
import { storeFile } from '../files/files.service';
import { PRICING_SETTINGS_ID } from '../pricing/pricing-model.repository';

/** The audit action of a payment staff record. */
export const PAYMENT_AUDIT_ACTION = 'payment.recorded';

/** What a reversal is called in the maker-checker sentence, and why the member whose payment it is may not approve it. */
export const reversalOf = (payment: { receiptNumber: string }) => `the reversal of receipt ${payment.receiptNumber}`;
export const REVERSAL_BENEFICIARY_RULE = 'no one approves a change to the payments on their own account';

/** The issue key of an application's contribution invoice: it exists once that invoice is issued. */
const contributionIssueKey = (applicationId: string) => `contribution:${applicationId}`;

/** The application's issued contribution invoice, if any (read inside the caller's transaction). */
export async function contributionInvoice(tx: DatabaseWriter, applicationId: string): Promise<{ number: string } | null> {
  return tx.invoice.findUnique({ where: { issueKey: contributionIssueKey(applicationId) }, select: { number: true } });
}

type InvoiceDraft = { userId: string; applicationId: string; kind: InvoiceKind; season: string; issueKey: string; lines: ReturnType<typeof membershipFeeLines>; issuedAt: Date };

/** The invoices an accepted application is billed on: the season's membership fee (one per member and season, whichever application comes first) and its contribution. */
function invoicesOwed(application: { id: string; userId: string; seasonYear: number; premium: number; coverageType: string }, manualDiscounts: BilledManualDiscount[], issuedAt: Date): InvoiceDraft[] {
  const season = String(application.seasonYear);
  const { userId } = application;
  return [
    { userId, applicationId: application.id, kind: 'membership_fee', season, issueKey: `membership:${userId}:${season}`, lines: membershipFeeLines(season), issuedAt },
    {
      userId,
      applicationId: application.id,
      kind: 'contribution',
      season,
      issueKey: contributionIssueKey(application.id),
      lines: contributionLines(application.premium, coverageOf(application.coverageType), season, manualDiscounts),
      issuedAt,
    },
  ];
}

/**
 * Issues, inside the caller's transaction, the invoices an accepted application is owed and does not
 * have yet, numbered in sequence for the season. Two acceptances racing for one number make one
 * transaction fail with a unique violation; the caller retries it whole (retryOnUniqueViolation).
 */
export async function issueInvoices(tx: DatabaseWriter, application: Parameters<typeof invoicesOwed>[0], issuedAt = new Date()): Promise<void> {
  for (const invoice of invoicesOwed(application, await approvedManualDiscounts(tx, application), issuedAt)) {
    if (await tx.invoice.findUnique({ where: { issueKey: invoice.issueKey }, select: { id: true } })) continue;
    const number = `INV-${invoice.season}-${String((await tx.invoice.count({ where: { season: invoice.season } })) + 1).padStart(5, '0')}`;
    await tx.invoice.create({ data: { ...invoice, number, lines: invoice.lines as object[], ...invoiceTotals(invoice.lines) } });
  }
}

/**
 * The manual discounts approved on the application, in the order approved, each within the room the
 * model's minimum premium leaves. The caller has written the application row first, so a discount
 * approved at the same moment waits for this transaction and is then refused (it locks that row too).
 */
async function approvedManualDiscounts(tx: DatabaseWriter, application: { id: string; premium: number }): Promise<BilledManualDiscount[]> {
  const approved = await tx.manualDiscount.findMany({
    where: { applicationId: application.id, status: 'approved' },
    orderBy: [{ decidedAt: 'asc' }, { id: 'asc' }],
    select: { reason: true, amountCents: true },
  });
  const settings = await tx.pricingSettings.findUnique({ where: { id: PRICING_SETTINGS_ID }, select: { minimumPremium: true } });
  return billableManualDiscounts({ premiumCents: toCents(application.premium), minimumPremiumCents: toCents(settings?.minimumPremium ?? 0), approved });
}

export async function listInvoices(db: Database, userId: string): Promise<InvoiceView[]> {
  const rows = await db.invoice.findMany({ where: { userId }, include: invoiceInclude, orderBy: [{ issuedAt: 'desc' }, { number: 'desc' }] });
  return rows.map((row) => presentInvoice(row));
}

/**
 * A member's invoices as staff see them: each payment with who recorded it, any reversal, and for a
 * reversal waiting for a second person whether the viewer may approve it (the maker-checker rule's
 * sentence when not), with the role changes read once for the list.
 */
export async function listStaffInvoices(db: Database, userId: string, viewerId: string): Promise<StaffInvoiceView[]> {
  const rows = await db.invoice.findMany({ where: { userId }, include: invoiceInclude, orderBy: [{ issuedAt: 'desc' }, { number: 'desc' }] });
  const payments = rows.flatMap((row) => row.payments);
  const people = [...new Set([viewerId, userId, ...payments.flatMap((p) => [p.recordedById, p.reversalRequestedById, p.reversedById]).filter((id): id is string => id !== null)])];
  const approvals = await loadApprovalContext(db, people);
  return rows.map((row) =>
    presentStaffInvoice(row, {
      viewerId,
      nameOf: approvals.nameOf,
      refusalFor: (payment, memberId) =>
        approvals.check({ approverId: viewerId, requesterId: payment.reversalRequestedById ?? '', beneficiaryId: memberId, what: reversalOf(payment), beneficiaryRule: REVERSAL_BENEFICIARY_RULE }).approval
          .refusal,
    }),
  );
}

export async function findInvoice(db: DatabaseWriter, id: string) {
  return db.invoice.findUnique({ where: { id }, include: invoiceInclude });
}

/** Money received, as recordPayment keeps it (the route turns the dollars staff typed into cents). */
export interface PaymentReceived {
  amountCents: number;
  /** The Perth calendar day the money arrived. */
  receivedOn: string;
  method: PaymentMethod;
  reference?: string;
}

/**
 * Staff record money received, never more than is outstanding (400 otherwise): the payment with its
 * receipt number, its audit entry and the invoice's PDF set aside (it shows what was paid, so it is
 * drawn again) are written together.
 * Receipt numbers count every payment ever recorded, reversed ones included, so none is reused.
 */
export async function recordPayment(
  db: Database,
  blobs: BlobStore,
  invoice: InvoiceRow,
  payment: PaymentReceived,
  recordedById: string,
  /** Written in the payment's transaction once it is recorded: the member's e-mail about it. */
  alsoWrite: (tx: DatabaseWriter, paymentId: string) => Promise<unknown> = async () => undefined,
): Promise<{ paymentId: string }> {
  const oldPdf = await invoicePdfFile(db, invoice);
  const created = await withSequentialNumber(
    () => db.invoicePayment.count(),
    `RCT-${invoice.season}`,
    'receiptNumber',
    (receiptNumber) =>
      db.$transaction(async (tx) => {
        // The invoice's row is taken first: a second payment at the same moment waits here until this
        // one is kept or not, and then reads what is outstanding after it (two full payments at once
        // would otherwise both pass a check made before either was written).
        await tx.invoice.update({ where: { id: invoice.id }, data: { documentFileId: null } });
        const outstanding = presentInvoice((await findInvoice(tx, invoice.id))!).outstandingCents;
        if (payment.amountCents > outstanding) {
          throw new ValidationError([{ path: 'amountDollars', message: outstanding === 0 ? 'Nothing is outstanding on this invoice.' : `Only ${formatCents(outstanding)} is outstanding on this invoice.` }]);
        }
        const row = await tx.invoicePayment.create({ data: { ...payment, invoiceId: invoice.id, receiptNumber, recordedById } });
        await auditEntry(tx, {
          actorId: recordedById,
          customerId: invoice.userId,
          action: PAYMENT_AUDIT_ACTION,
          details: {
            invoiceId: invoice.id,
            invoiceNumber: invoice.number,
            receiptNumber,
            amountCents: payment.amountCents,
            receivedOn: payment.receivedOn,
            method: payment.method,
            reference: payment.reference ?? null,
          },
        });
        if (oldPdf) await tx.storedFile.delete({ where: { id: oldPdf.id } });
        await alsoWrite(tx, row.id);
        return row;
      }),
  );
  if (oldPdf) await blobs.delete(oldPdf.storageKey).catch(() => undefined);
  return { paymentId: created.id };
}

/** The member picks how to pay; the invoice's PDF (which shows the schedule) is drawn again next time. */
export async function changePaymentOption(db: Database, blobs: BlobStore, invoice: InvoiceRow, paymentOption: PaymentOption): Promise<void> {
  const oldPdf = await invoicePdfFile(db, invoice);
  await db.$transaction([
    db.invoice.update({ where: { id: invoice.id }, data: { paymentOption, paymentOptionSetAt: new Date(), documentFileId: null } }),
    ...(oldPdf ? [db.storedFile.delete({ where: { id: oldPdf.id } })] : []),
  ]);
  if (oldPdf) await blobs.delete(oldPdf.storageKey).catch(() => undefined);
}

/** The invoice's kept PDF, which a change to the invoice sets aside (its row with the change, its bytes after). */
export async function invoicePdfFile(db: Database, invoice: InvoiceRow) {
  return invoice.documentFileId ? db.storedFile.findUnique({ where: { id: invoice.documentFileId } }) : null;
}

/** The stored PDF, or a new one generated, kept in the blob store and served from then on. */
export async function storedPdf(
  db: Database,
  blobs: BlobStore,
  document: { existingFileId: string | null; ownerId: string; kind: 'invoice_pdf' | 'receipt_pdf'; fileName: string },
  make: () => Promise<Uint8Array>,
  remember: (fileId: string) => Promise<unknown>,
): Promise<Uint8Array> {
  if (document.existingFileId) {
    const file = await db.storedFile.findUnique({ where: { id: document.existingFileId } });
    const bytes = file && (await blobs.get(file.storageKey));
    if (bytes) return bytes;
  }
  const bytes = await make();
  const file = await storeFile(db, blobs, { ownerId: document.ownerId, kind: document.kind, fileName: document.fileName, contentType: 'application/pdf', extension: 'pdf', bytes, uploadedById: null });
  try {
    await remember(file.id);
  } catch (error) {
    // Not remembered, so never served: the file goes again (blob bytes cannot share a transaction).
    await db.storedFile.delete({ where: { id: file.id } }).catch(() => undefined);
    await blobs.delete(file.storageKey).catch(() => undefined);
    throw error;
  }
  return bytes;
}
