/**
 * How a member pays an invoice: EFT to the mutual's account or BPAY, each quoting a
 * reference that finds the invoice. The account and the biller code are configuration
 * (PAYMENT_* and BPAY_BILLER_CODE, docs/dashboard.md "How to pay"); the references are worked out here.
 */
import type { HowToPay } from '../../contracts/dashboard';

/**
 * A BPAY customer reference number for an invoice: the digits of its number (INV-2026-00012 →
 * 202600012) and a check digit by BPAY's MOD10V01 (Luhn), which banks test before they accept it.
 */
export function bpayReference(invoiceNumber: string): string {
  const digits = invoiceNumber.replace(/\D/g, '');
  if (digits.length === 0 || digits.length > 19) throw new RangeError(`An invoice number with 1 to 19 digits is needed (got ${invoiceNumber})`);
  let sum = 0;
  // From the rightmost digit of the body, every other digit is doubled (it sits next to the check digit).
  [...digits].reverse().forEach((character, index) => {
    const value = Number(character) * (index % 2 === 0 ? 2 : 1);
    sum += value > 9 ? value - 9 : value;
  });
  return `${digits}${(10 - (sum % 10)) % 10}`;
}

/** Whether a member can be told how to pay: an account for EFT, or a BPAY biller code. */
export function canTellHowToPay(howToPay: Pick<HowToPay, 'eft' | 'bpayBillerCode'>): boolean {
  return howToPay.eft !== null || howToPay.bpayBillerCode !== null;
}

/**
 * Never 'ask us for our bank details': a member used to e-mailing for bank details is a member an
 * invoice fraudster can answer. Where no payment details are set (development only: production
 * refuses to issue invoices without them), the invoice says to wait for the mutual and warns.
 */
export const PAYMENT_DETAILS_PENDING_LINE = 'How to pay this invoice will follow from the mutual by post or phone. We never send or change our bank details by e-mail: do not act on an e-mail that does.';

/** Why staff cannot accept an application in production before the payment details are set. */
export const INVOICES_NEED_PAYMENT_DETAILS =
  'Accepting this application issues its invoices, and they cannot say how to pay yet: set PAYMENT_ACCOUNT_NAME, PAYMENT_BSB and PAYMENT_ACCOUNT_NUMBER, or BPAY_BILLER_CODE, on the server first.';

/** The lines an invoice prints under 'How to pay'. */
export function howToPayLines(howToPay: HowToPay, invoiceNumber: string): string[] {
  const lines: string[] = [];
  if (howToPay.eft) {
    const { accountName, bsb, accountNumber } = howToPay.eft;
    lines.push(`EFT: ${accountName}, BSB ${bsb}, account ${accountNumber}, reference ${invoiceNumber}`);
  }
  if (howToPay.bpayBillerCode) lines.push(`BPAY: biller code ${howToPay.bpayBillerCode}, reference ${bpayReference(invoiceNumber)}`);
  return lines.length > 0 ? lines : [PAYMENT_DETAILS_PENDING_LINE];
}
