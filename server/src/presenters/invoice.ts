/**
 * An invoice with its payments as the API shows it (InvoiceView of shared/contracts/dashboard.ts):
 * its schedule and standing come from the shared payment-plan rules. Every amount is in integer
 * cents and named …Cents.
 */
import type { InvoiceView } from '@shared/contracts/dashboard';
import { invoiceStanding, type PaymentOption, paymentSchedule, PAYMENT_OPTIONS, perthToday } from '@shared/domain/dashboard/payment-plan';
import type { Database } from '../db/client';
import { fileUrl } from './stored-file';

export type InvoiceRow = NonNullable<Awaited<ReturnType<Database['invoice']['findFirst']>>> & {
  payments: Awaited<ReturnType<Database['invoicePayment']['findMany']>>;
};

/** What an invoice is read with to present it. */
export const invoiceInclude = { payments: { orderBy: { receivedOn: 'asc' } } } as const;

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
