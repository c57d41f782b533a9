/**
 * Payments staff record against an invoice, and their reversal (docs/dashboard.md 'Recording and
 * reversing payments'). A reversed payment keeps its row and receipt number and counts for nothing:
 * not towards what is paid, nor the stage, nor what Xero holds. A reversal above the threshold, or
 * one of a payment on the reverser's own account, waits for a second person (maker-checker,
 * docs/security.md 'Approvals need two different people').
 */
import type { PaymentMethod } from '../../contracts/dashboard';

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
