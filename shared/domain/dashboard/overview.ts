/**
 * What the dashboard's overview says a member owes and what is coming up (docs/dashboard.md,
 * 'Overview'): the total outstanding, the part of it past its due dates, the next date anything
 * is due with everything due on it, and the dates ahead.
 */
import type { InvoiceView, OverviewView, ProtectionView } from '../../contracts/dashboard';
import { invoiceStanding, PAYMENT_OPTION_LABELS } from '../billing/payment-plan';

type OwedInvoice = Pick<InvoiceView, 'number' | 'status' | 'schedule' | 'paidCents' | 'outstandingCents' | 'nextDue' | 'paymentOption'>;
type EndingProtection = Pick<ProtectionView, 'status' | 'endsOn' | 'coverageDescription' | 'season'>;

export function amountsOwed(invoices: readonly OwedInvoice[], today: string): OverviewView['owed'] {
  const owing = invoices.filter((invoice) => invoice.outstandingCents > 0);
  // Overdue is what fell due before today and is unpaid, not the invoice's whole balance (invoiceStanding's one rule).
  const overdueCents = owing.reduce((sum, invoice) => sum + invoiceStanding(invoice.schedule, invoice.paidCents, today).overdueCents, 0);
  // The next date anything is due, and everything due on it (a fee and a contribution often share a date).
  const dues = owing.flatMap((invoice) => (invoice.nextDue ? [{ ...invoice.nextDue, invoiceNumber: invoice.number }] : []));
  const firstDate = dues.map((due) => due.dueDate).sort()[0];
  const onFirstDate = dues.filter((due) => due.dueDate === firstDate);
  return {
    outstandingCents: owing.reduce((sum, invoice) => sum + invoice.outstandingCents, 0),
    overdueCents,
    next: firstDate ? { dueDate: firstDate, amountCents: onFirstDate.reduce((sum, due) => sum + due.amountCents, 0), invoiceNumbers: onFirstDate.map((due) => due.invoiceNumber) } : null,
  };
}

/** Payments due and protections ending, from today on, soonest first. */
export function keyDatesAhead(invoices: readonly OwedInvoice[], protections: readonly EndingProtection[], today: string): OverviewView['keyDates'] {
  return [
    ...invoices
      .filter((invoice) => invoice.outstandingCents > 0 && invoice.nextDue)
      .map((invoice) => ({ date: invoice.nextDue!.dueDate, label: `Payment due on ${invoice.number} (${PAYMENT_OPTION_LABELS[invoice.paymentOption].toLowerCase()})` })),
    ...protections.filter((protection) => protection.status !== 'ended').map((protection) => ({ date: protection.endsOn, label: `${protection.coverageDescription} protection for ${protection.season} ends` })),
  ]
    .filter((keyDate) => keyDate.date >= today)
    .sort((a, b) => a.date.localeCompare(b.date));
}
