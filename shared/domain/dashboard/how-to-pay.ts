/**
 * How a member pays an invoice (issue 17): EFT to the mutual's account or BPAY, each quoting a
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

/** The lines an invoice prints under 'How to pay', or the one line that says whom to ask. */
export function howToPayLines(howToPay: HowToPay, invoiceNumber: string): string[] {
  const lines: string[] = [];
  if (howToPay.eft) {
    const { accountName, bsb, accountNumber } = howToPay.eft;
    lines.push(`EFT: ${accountName}, BSB ${bsb}, account ${accountNumber}, reference ${invoiceNumber}`);
  }
  if (howToPay.bpayBillerCode) lines.push(`BPAY: biller code ${howToPay.bpayBillerCode}, reference ${bpayReference(invoiceNumber)}`);
  return lines.length > 0 ? lines : [`For our bank details, write to ${howToPay.askAt} quoting ${invoiceNumber}.`];
}
