/**
 * Payments staff record against an invoice, and their reversal (docs/dashboard.md 'Recording and
 * reversing payments'). A reversed payment keeps its row and receipt number and counts for nothing:
 * not towards what is paid, nor the stage, nor what Xero holds. A reversal above the threshold, or
 * one of a payment on the reverser's own account, waits for a second person (maker-checker,
 * docs/security.md 'Approvals need two different people').
 */

/** How money reaches the mutual. */
export const PAYMENT_METHODS = ['eft', 'bpay', 'card', 'cheque'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  eft: 'EFT (bank transfer)',
  bpay: 'BPAY',
  card: 'Card',
  cheque: 'Cheque',
};

/** The label of a stored method; a method no longer offered reads as stored. */
export const paymentMethodLabel = (method: string): string => PAYMENT_METHOD_LABELS[method as PaymentMethod] ?? method;

/** The largest payment one member of staff may reverse alone: above it a second person approves ($5,000). */
export const PAYMENT_REVERSAL_APPROVAL_THRESHOLD_CENTS = 500_000;

/** The most one payment may be, so that a slip of the keyboard is caught ($10,000,000). */
export const MAX_PAYMENT_CENTS = 1_000_000_000;

/**
 * Whether reversing this payment needs a second person: above the threshold, or when the one
 * reversing is the member whose payment it is (an administrator who is also a member).
 */
export function reversalNeedsSecondPerson({ amountCents, memberId, actorId }: { amountCents: number; memberId: string; actorId: string }): boolean {
  return amountCents > PAYMENT_REVERSAL_APPROVAL_THRESHOLD_CENTS || memberId === actorId;
}

/** The payments that count: those not reversed. */
export function countedPayments<P extends { reversedAt: Date | string | null }>(payments: readonly P[]): P[] {
  return payments.filter((payment) => payment.reversedAt === null);
}

/** Money received that counts, in cents. */
export const paidCentsOf = (payments: ReadonlyArray<{ amountCents: number; reversedAt: Date | string | null }>): number => countedPayments(payments).reduce((sum, payment) => sum + payment.amountCents, 0);

/**
 * An amount a person typed in dollars ('4800', '4,800.00', '$ 550.5'), in cents; null when it is not
 * a number of dollars to the cent. Thousands separators must be commas every three digits.
 */
export function centsFromTypedDollars(value: string | number): number | null {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    const cents = Math.round(value * 100);
    return Math.abs(value * 100 - cents) < 1e-6 ? cents : null;
  }
  const text = value.trim().replace(/^\$\s*/, '');
  const match = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const dollars = Number(match[1]!.replace(/,/g, ''));
  const cents = Number((match[2] ?? '').padEnd(2, '0'));
  return dollars * 100 + cents;
}

/** Cents as a person would type them in dollars, for a form's starting value: 480050 is '4800.50' (the inverse of centsFromTypedDollars). */
export function typedDollarsOf(cents: number): string {
  const whole = Math.floor(Math.abs(cents) / 100);
  return `${cents < 0 ? '-' : ''}${whole}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;
}
