import { COVERAGE_TYPE_DESCRIPTIONS, type CoverageType, MEMBERSHIP_FEE } from '../../constants';
import { displayAmounts } from '../estimates';
import { fromCents, toCents } from '../pricing/money';

/**
 * Invoices for a protection. Each accepted application is billed on two invoices: the
 * season's membership fee and the contribution. Their totals reproduce the quote's 'total payable'
 * of docs/behaviour.md §9 to the cent: displayed premium + $500 + a further 10% of the API premium + $50. Read
 * as GST: the $50 is 10% of the $500 fee, and the further 10% of the API premium is GST on the
 * contribution (the mutual's 10% loading on the API premium is part of the contribution, not taxed
 * again), so a member's invoices always agree with the figure they accepted in the quote.
 */

export const GST_RATE = 0.1;

export interface InvoiceLine {
  description: string;
  /** Excluding GST, in cents. */
  amountCents: number;
  gstCents: number;
  /** No GST is charged on it (the mutual's loading); a tax invoice says so rather than show $0.00 of GST. */
  gstFree?: boolean;
}

export interface InvoiceTotals {
  subtotalCents: number;
  gstCents: number;
  totalCents: number;
}

/** GST at 10% on an amount in cents, rounded half up to the cent. */
export function gstOn(amountCents: number): number {
  if (!Number.isInteger(amountCents) || amountCents < 0) throw new RangeError(`An amount in whole cents, 0 or more, is needed (got ${amountCents})`);
  return Math.round(amountCents * GST_RATE);
}

export function invoiceTotals(lines: readonly InvoiceLine[]): InvoiceTotals {
  const subtotalCents = lines.reduce((sum, line) => sum + line.amountCents, 0);
  const gstCents = lines.reduce((sum, line) => sum + line.gstCents, 0);
  return { subtotalCents, gstCents, totalCents: subtotalCents + gstCents };
}

/** The GST within a payment of part of an invoice, in proportion to the invoice's GST (for receipts). */
export function gstInPayment(paymentCents: number, totals: Pick<InvoiceTotals, 'gstCents' | 'totalCents'>): number {
  return totals.totalCents > 0 ? Math.round((paymentCents * totals.gstCents) / totals.totalCents) : 0;
}

/** The membership fee invoice's one line: $500 + $50 GST. */
export function membershipFeeLines(season: string): InvoiceLine[] {
  const amountCents = toCents(MEMBERSHIP_FEE);
  return [{ description: `Membership fee, season ${season}`, amountCents, gstCents: gstOn(amountCents) }];
}

/** A manual discount approved before the contribution is invoiced: cents off the API premium, and why. */
export interface BilledManualDiscount {
  reason: string;
  amountCents: number;
}

/**
 * The contribution invoice's lines: the contribution (the API premium) with its GST of 10%, one
 * negative line per approved manual discount (docs/discounts.md), then the mutual's 10% loading on
 * what is left, GST-free. A manual discount lowers the API premium, so its line is what the
 * contribution and its GST fall by (the discount and the GST on it), and the loading is worked out
 * on the discounted premium: the invoice's total is the quote's figure for the discounted premium,
 * to the cent, however many discounts there are.
 */
export function contributionLines(apiPremium: number, coverageType: CoverageType, season: string, manualDiscounts: readonly BilledManualDiscount[] = []): InvoiceLine[] {
  const loadingOn = (premiumCents: number) => toCents(displayAmounts(fromCents(premiumCents)).loading);
  let premiumCents = toCents(apiPremium);
  const lines: InvoiceLine[] = [{ description: `Contribution for ${COVERAGE_TYPE_DESCRIPTIONS[coverageType]} protection, season ${season}`, amountCents: premiumCents, gstCents: loadingOn(premiumCents) }];
  for (const discount of manualDiscounts) {
    if (!Number.isInteger(discount.amountCents) || discount.amountCents <= 0 || discount.amountCents > premiumCents) {
      throw new RangeError(`A manual discount must be whole cents, more than 0 and at most the premium left (got ${discount.amountCents} of ${premiumCents})`);
    }
    const gstBefore = loadingOn(premiumCents);
    premiumCents -= discount.amountCents;
    lines.push({ description: `Manual discount: ${discount.reason}`, amountCents: -discount.amountCents, gstCents: loadingOn(premiumCents) - gstBefore });
  }
  lines.push({ description: 'Mutual loading, 10% of the contribution (GST-free)', amountCents: loadingOn(premiumCents), gstCents: 0, gstFree: true });
  return lines;
}
