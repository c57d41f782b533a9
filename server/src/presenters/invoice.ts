/**
 * An invoice with its payments as the API shows it (InvoiceView of shared/contracts/dashboard.ts):
 * its schedule and standing come from the shared payment-plan rules. Every amount is in integer
 * cents and named …Cents.
 */
import { type InvoicePaymentView, type InvoiceView, PAYMENT_OPTIONS, type PaymentOption, type StaffInvoiceView, type StaffPaymentView } from '@shared/contracts/dashboard';
import { type InvoiceStanding, invoiceStanding, PAYMENT_OPTION_FIXED, paymentOptionFixed, paymentSchedule } from '@shared/domain/billing/payment-plan';
import { perthToday } from '@shared/perth-time';
import { paidCentsOf } from '@shared/domain/billing/payments';
import { perthCalendarDate } from '@shared/format';
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
  // A reversed payment keeps its row and receipt number, and counts for nothing.
  const paidCents = paidCentsOf(row.payments);
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
    optionFixed: optionFixedHint(standing),
    schedule,
    status: standing.status,
    paidCents,
    outstandingCents: standing.outstandingCents,
    nextDue: standing.next,
    pdfUrl: `/api/invoices/${row.id}/pdf`,
    payments: row.payments.map((p) => presentPayment(row.id, p)),
  };
}

function optionFixedHint(standing: InvoiceStanding): string | null {
  const fixed = paymentOptionFixed(standing);
  return fixed === null ? null : PAYMENT_OPTION_FIXED[fixed].hint;
}

type PaymentRow = InvoiceRow['payments'][number];

function presentPayment(invoiceId: string, p: PaymentRow): InvoicePaymentView {
  return {
    id: p.id,
    receiptNumber: p.receiptNumber,
    amountCents: p.amountCents,
    receivedOn: p.receivedOn,
    method: p.method,
    reference: p.reference,
    receiptUrl: p.receiptFileId ? fileUrl(p.receiptFileId) : `/api/invoices/${invoiceId}/payments/${p.id}/receipt`,
    reversal: p.reversedAt ? { on: perthCalendarDate(p.reversedAt), reason: p.reversalReason ?? '' } : null,
  };
}

/** What staff see beside a payment that the member does not: names, and whether the viewer may approve a waiting reversal. */
export interface StaffPaymentContext {
  nameOf(userId: string): string;
  viewerId: string;
  /** The maker-checker rule's sentence when the viewer may not approve this payment's waiting reversal; null when they may. */
  refusalFor(payment: PaymentRow, memberId: string): string | null;
}

/** An invoice as staff see it (GET /api/admin/invoices): the member's view, and for each payment who recorded it and any reversal. */
export function presentStaffInvoice(row: InvoiceRow, context: StaffPaymentContext, today = perthToday()): StaffInvoiceView {
  const view = presentInvoice(row, today);
  return {
    ...view,
    payments: row.payments.map((p): StaffPaymentView => {
      const payment = presentPayment(row.id, p);
      const waiting = !p.reversedAt && p.reversalRequestedAt && p.reversalRequestedById;
      return {
        ...payment,
        recordedBy: context.nameOf(p.recordedById),
        recordedAt: p.createdAt.toISOString(),
        reversal: payment.reversal && { ...payment.reversal, by: p.reversedById ? context.nameOf(p.reversedById) : 'a former user' },
        pendingReversal: waiting
          ? {
              reason: p.reversalReason ?? '',
              requestedBy: context.nameOf(p.reversalRequestedById!),
              requestedAt: p.reversalRequestedAt!.toISOString(),
              mine: p.reversalRequestedById === context.viewerId,
              refusal: context.refusalFor(p, row.userId),
            }
          : null,
      };
    }),
  };
}
