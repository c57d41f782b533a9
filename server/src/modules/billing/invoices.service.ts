/**
 * Invoices and payments. An application accepted by the board is billed on two invoices, the
 * season's membership fee (once per member and season) and the contribution; both are issued the
 * first time anyone looks at the member's payments or dashboard after the acceptance, and never twice
 * (issueKey is unique). Amounts and GST come from shared/domain/dashboard/invoice.ts.
 */
import type { InvoiceView, RecordPaymentInput } from '@shared/contracts/dashboard';
import { contributionLines, type InvoiceKind, invoiceTotals, membershipFeeLines } from '@shared/domain/dashboard/invoice';
import type { PaymentOption } from '@shared/domain/dashboard/payment-plan';
import { isInvoiceable, protectionStatusOf } from '@shared/domain/dashboard/protection';
import type { Database } from '../../db/client';
import type { BlobStore } from '../../lib/blob-store';
import { isUniqueViolation, withSequentialNumber } from '../../lib/sequential-number';
import { invoiceInclude, type InvoiceRow, presentInvoice } from '../../presenters/invoice';
import { coverageOf } from '../../presenters/protection';
import { storeFile } from '../files/files.service';

/** The audit action of a payment staff record. */
export const PAYMENT_AUDIT_ACTION = 'payment.recorded';

async function issue(db: Database, data: { userId: string; applicationId: string; kind: InvoiceKind; season: string; issueKey: string; lines: ReturnType<typeof membershipFeeLines>; issuedAt: Date }) {
  if (await db.invoice.findUnique({ where: { issueKey: data.issueKey }, select: { id: true } })) return;
  const totals = invoiceTotals(data.lines);
  try {
    await withSequentialNumber(
      () => db.invoice.count({ where: { season: data.season } }),
      `INV-${data.season}`,
      (number) => db.invoice.create({ data: { ...data, number, lines: data.lines as object[], ...totals } }),
    );
  } catch (error) {
    // Another request issued the same invoice at the same moment: nothing left to do.
    if (!isUniqueViolation(error) || !(await db.invoice.findUnique({ where: { issueKey: data.issueKey }, select: { id: true } }))) throw error;
  }
}

/** Issues any invoice the member's accepted applications are owed; safe to call on every read. */
export async function issueDueInvoices(db: Database, userId: string): Promise<void> {
  const applications = await db.protectionApplication.findMany({ where: { userId }, orderBy: { submittedAt: 'asc' } });
  for (const application of applications) {
    if (!isInvoiceable(protectionStatusOf(application.status))) continue;
    const season = String(application.seasonYear);
    const issuedAt = application.updatedAt;
    await issue(db, { userId, applicationId: application.id, kind: 'membership_fee', season, issueKey: `membership:${userId}:${season}`, lines: membershipFeeLines(season), issuedAt });
    await issue(db, {
      userId,
      applicationId: application.id,
      kind: 'contribution',
      season,
      issueKey: `contribution:${application.id}`,
      lines: contributionLines(application.premium, coverageOf(application.coverageType), season),
      issuedAt,
    });
  }
}

export async function listInvoices(db: Database, userId: string): Promise<InvoiceView[]> {
  await issueDueInvoices(db, userId);
  const rows = await db.invoice.findMany({ where: { userId }, include: invoiceInclude, orderBy: [{ issuedAt: 'desc' }, { number: 'desc' }] });
  return rows.map((row) => presentInvoice(row));
}

export async function findInvoice(db: Database, id: string) {
  return db.invoice.findUnique({ where: { id }, include: invoiceInclude });
}

/**
 * Staff record money received: the payment with its receipt number, its audit entry and the
 * invoice's PDF set aside (it shows what was paid, so it is drawn again) are written together.
 */
export async function recordPayment(db: Database, blobs: BlobStore, invoice: InvoiceRow, payment: RecordPaymentInput, recordedById: string): Promise<void> {
  const oldPdf = await invoicePdfFile(db, invoice);
  await withSequentialNumber(
    () => db.invoicePayment.count(),
    `RCT-${invoice.season}`,
    (receiptNumber) =>
      db.$transaction([
        db.invoicePayment.create({ data: { ...payment, invoiceId: invoice.id, receiptNumber, recordedById } }),
        db.auditLog.create({
          data: {
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
          },
        }),
        db.invoice.update({ where: { id: invoice.id }, data: { documentFileId: null } }),
        ...(oldPdf ? [db.storedFile.delete({ where: { id: oldPdf.id } })] : []),
      ]),
  );
  if (oldPdf) await blobs.delete(oldPdf.storageKey).catch(() => undefined);
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
async function invoicePdfFile(db: Database, invoice: InvoiceRow) {
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
