/**
 * Payment options of an invoice: pay now, in instalments, or after harvest. The schedule
 * is a pure function of the option, the total and the issue date, so the page, the PDF and the
 * server always agree on what is due when.
 */
import type { InvoiceStatus, PaymentOption } from '../../contracts/dashboard';

export const PAYMENT_OPTION_LABELS: Record<PaymentOption, string> = {
  pay_now: 'Pay now',
  instalments: 'Three monthly instalments',
  after_harvest: 'After harvest',
};

export const PAYMENT_OPTION_DESCRIPTIONS: Record<PaymentOption, string> = {
  pay_now: 'The whole amount within 14 days of the invoice.',
  instalments: 'Three equal payments, a month apart, the first within 14 days.',
  after_harvest: 'The whole amount by 31 January, once the grain is delivered.',
};

/** Days from the invoice to the first (or only) payment. */
export const PAYMENT_TERMS_DAYS = 14;
export const INSTALMENT_COUNT = 3;

export interface ScheduledPayment {
  /** yyyy-mm-dd. */
  dueDate: string;
  amountCents: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function addMonths(date: Date, months: number): Date {
  const result = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return result;
}

/** 31 January after the harvest that follows the invoice (an invoice in January itself is due that 31 January). */
export function afterHarvestDueDate(issuedAt: Date): string {
  const year = issuedAt.getUTCMonth() === 0 ? issuedAt.getUTCFullYear() : issuedAt.getUTCFullYear() + 1;
  return `${year}-01-31`;
}

export function paymentSchedule(option: PaymentOption, totalCents: number, issuedAt: Date): ScheduledPayment[] {
  if (!Number.isInteger(totalCents) || totalCents < 0) throw new RangeError(`A total in whole cents, 0 or more, is needed (got ${totalCents})`);
  const first = new Date(issuedAt.getTime() + PAYMENT_TERMS_DAYS * DAY_MS);
  if (option === 'pay_now') return [{ dueDate: isoDate(first), amountCents: totalCents }];
  if (option === 'after_harvest') return [{ dueDate: afterHarvestDueDate(issuedAt), amountCents: totalCents }];
  // Equal instalments; the cents that do not divide go on the first one.
  const base = Math.floor(totalCents / INSTALMENT_COUNT);
  const remainder = totalCents - base * INSTALMENT_COUNT;
  return Array.from({ length: INSTALMENT_COUNT }, (_, index) => ({
    dueDate: isoDate(addMonths(first, index)),
    amountCents: base + (index === 0 ? remainder : 0),
  }));
}

export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  unpaid: 'Not yet due',
  part_paid: 'Part paid',
  overdue: 'Overdue',
  paid: 'Paid',
};

/**
 * Why the member can no longer choose how to pay an invoice: once money has arrived against it, or
 * once it is overdue (a late invoice switched to 'after harvest' would move its own due date months
 * on). The member is asked to call: an administrator acting for them in support mode can still
 * change it (the payment-option route lets one who may decide for the member through).
 */
export const PAYMENT_OPTION_FIXED = {
  payments_received: {
    hint: 'Payments have been received, so the option is fixed.',
    refusal: 'Payments have been received on this invoice, so its payment option can no longer change. Call us if you need more time to pay.',
  },
  overdue: {
    hint: 'The invoice is overdue, so the option is fixed: call us if you need more time to pay.',
    refusal: 'This invoice is overdue, so its payment option can no longer change. Call us if you need more time to pay.',
  },
} as const;
export type PaymentOptionFixed = keyof typeof PAYMENT_OPTION_FIXED;

/** Whether the payment option of an invoice standing so is fixed, and why; null while the member may still change it. */
export function paymentOptionFixed(standing: Pick<InvoiceStanding, 'status' | 'paidCents'>): PaymentOptionFixed | null {
  if (standing.paidCents > 0) return 'payments_received';
  return standing.status === 'overdue' ? 'overdue' : null;
}

export interface InvoiceStanding {
  status: InvoiceStatus;
  paidCents: number;
  outstandingCents: number;
  /** What fell due before today and is unpaid: the overdue part of the balance, 0 when none is. */
  overdueCents: number;
  /** The next payment still owed, if any: its date and what is owed by then. */
  next: ScheduledPayment | null;
}

/**
 * Where an invoice stands on a day (yyyy-mm-dd, WA date): paid in full; overdue when what fell due
 * before today exceeds what was paid (a payment is on time all through its due day, as the overdue
 * reminder, sent from the day after, counts it); part paid when something was paid; otherwise not yet due.
 */
export function invoiceStanding(schedule: readonly ScheduledPayment[], paidCents: number, today: string): InvoiceStanding {
  const totalCents = schedule.reduce((sum, item) => sum + item.amountCents, 0);
  const outstandingCents = Math.max(0, totalCents - paidCents);
  if (outstandingCents === 0) return { status: 'paid', paidCents, outstandingCents: 0, overdueCents: 0, next: null };
  let cumulative = 0;
  let duePassed = 0;
  let next: ScheduledPayment | null = null;
  for (const item of schedule) {
    cumulative += item.amountCents;
    if (item.dueDate < today) duePassed = cumulative;
    if (!next && cumulative > paidCents) next = { dueDate: item.dueDate, amountCents: cumulative - paidCents };
  }
  const status: InvoiceStatus = duePassed > paidCents ? 'overdue' : paidCents > 0 ? 'part_paid' : 'unpaid';
  return { status, paidCents, outstandingCents, overdueCents: Math.max(0, duePassed - paidCents), next };
}
