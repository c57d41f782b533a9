/**
 * Invoices and payments. An application accepted by the board is billed on two invoices, the
 * season's membership fee (once per member and season) and the contribution; both are issued the
 * first time anyone looks at the member's payments or dashboard after the acceptance, and never twice
 * (issueKey is unique). Amounts and GST come from shared/domain/dashboard/invoice.ts.
 */
import type { InvoiceView } from '@shared/contracts/dashboard';
import { contributionLines, type InvoiceKind, invoiceTotals, membershipFeeLines } from '@shared/domain/dashboard/invoice';
import { invoiceStanding, type PaymentOption, paymentSchedule, PAYMENT_OPTIONS, perthToday } from '@shared/domain/dashboard/payment-plan';
import { isInvoiceable, protectionStatusOf } from '@shared/domain/dashboard/protection';
import type { Database } from '../../db/client';
import { fileUrl } from './files';
import { coverageOf } from './protections';

type InvoiceRow = NonNullable<Awaited<ReturnType<Database['invoice']['findFirst']>>> & {
  payments: Awaited<ReturnType<Database['invoicePayment']['findMany']>>;
};

export const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === 'P2002';

/** Creates a row with a sequential human number (PREFIX-<season>-00001), retrying when two requests race for one. */
export async function withSequentialNumber<T>(count: () => Promise<number>, prefix: string, create: (number: string) => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    const number = `${prefix}-${String((await count()) + 1 + attempt).padStart(5, '0')}`;
    try {
      return await create(number);
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 8) throw error;
    }
  }
}

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

const paymentOptionOf = (value: string): PaymentOption => ((PAYMENT_OPTIONS as readonly string[]).includes(value) ? (value as PaymentOption) : 'pay_now');

export function presentInvoice(row: InvoiceRow, today = perthToday()): InvoiceView {
  const paymentOption = paymentOptionOf(row.paymentOption);
  const schedule = paymentSchedule(paymentOption, row.totalCents, row.issuedAt);
  const paidCents = row.payments.reduce((sum, p) => sum + p.amountCents, 0);
  const standing = invoiceStanding(schedule, paidCents, today);
  return {
    id: row.id,
    number: row.number,
    userId: row.userId,
    applicationId: row.applicationId,
    kind: row.kind === 'contribution' ? 'contribution' : 'membership_fee',
    season: row.season,
    lines: row.lines as InvoiceView['lines'],
    subtotalCents: row.subtotalCents,
    gstCents: row.gstCents,
    totalCents: row.totalCents,
    issuedAt: row.issuedAt.toISOString(),
    paymentOption,
    // The option is the member's to change until money has arrived against the invoice.
    canChangeOption: paidCents === 0,
    schedule,
    status: standing.status,
    paidCents,
    outstandingCents: standing.outstandingCents,
    nextDue: standing.next,
    pdfUrl: `/api/invoices/${row.id}/pdf`,
    payments: row.payments.map((p) => ({
      id: p.id,
      receiptNumber: p.receiptNumber,
      amountCents: p.amountCents,
      receivedOn: p.receivedOn,
      method: p.method,
      receiptUrl: p.receiptFileId ? fileUrl(p.receiptFileId) : `/api/invoices/${row.id}/payments/${p.id}/receipt`,
    })),
  };
}

export async function listInvoices(db: Database, userId: string): Promise<InvoiceView[]> {
  await issueDueInvoices(db, userId);
  const rows = await db.invoice.findMany({ where: { userId }, include: { payments: { orderBy: { receivedOn: 'asc' } } }, orderBy: [{ issuedAt: 'desc' }, { number: 'desc' }] });
  return rows.map((row) => presentInvoice(row));
}

export async function findInvoice(db: Database, id: string) {
  return db.invoice.findUnique({ where: { id }, include: { payments: { orderBy: { receivedOn: 'asc' } } } });
}
