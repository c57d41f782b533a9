/** Tax invoices with GST and receipts, drawn from the figures the payments pages show. */
import type { InvoiceView } from '@shared/contracts/dashboard';
import { howToPayLines } from '@shared/domain/billing/how-to-pay';
import { gstInPayment } from '@shared/domain/billing/invoice';
import { PAYMENT_OPTION_LABELS } from '@shared/domain/billing/payment-plan';
import { paymentMethodLabel } from '@shared/domain/billing/payments';
import { formatCents, formatLongDate } from '@shared/format';
import { COLOURS } from '../../lib/pdf/document-writer';
import { addressBlock, type Issuer, type Recipient, startDocument, totals } from '../../lib/pdf/letterhead';

export async function invoicePdf(invoice: InvoiceView, recipient: Recipient, issuer: Issuer): Promise<Uint8Array> {
  const writer = await startDocument(`Tax invoice ${invoice.number}`, issuer);
  writer.text('Tax invoice', { size: 20, bold: true });
  writer.text(`Invoice ${invoice.number}   Issued ${formatLongDate(invoice.issuedAt)}   Season ${invoice.season}`);
  writer.gap(6);
  addressBlock(writer, 'BILL TO', recipient);
  writer.gap(10);
  const figure = { width: 100, align: 'right' as const };
  writer.table(
    [{ width: writer.width - 3 * figure.width }, figure, figure, figure],
    invoice.lines.map((line) => [line.description, formatCents(line.amountCents), line.gstFree ? 'GST-free' : formatCents(line.gstCents), formatCents(line.amountCents + line.gstCents)]),
    { header: ['Description', 'Amount ex GST', 'GST', 'Total'] },
  );
  writer.rule();
  totals(
    writer,
    [
      ['Subtotal (ex GST)', formatCents(invoice.subtotalCents)],
      ['GST', formatCents(invoice.gstCents)],
    ],
    { indent: writer.width - 240 },
  );
  totals(writer, [['Total including GST', formatCents(invoice.totalCents)]], { indent: writer.width - 240, bold: true, size: 11 });
  writer.gap(14);
  writer.text(`Payment option: ${PAYMENT_OPTION_LABELS[invoice.paymentOption]}`, { bold: true });
  for (const item of invoice.schedule) writer.text(`${formatCents(item.amountCents)} due ${formatLongDate(item.dueDate)}`);
  if (invoice.paidCents > 0) writer.text(`Paid so far ${formatCents(invoice.paidCents)}; outstanding ${formatCents(invoice.outstandingCents)}.`);
  writer.gap(8);
  writer.text('How to pay', { bold: true });
  for (const line of howToPayLines(issuer.howToPay, invoice.number)) writer.text(line);
  writer.text('Quote the reference with every payment, so that it reaches this invoice.', { size: 9, color: COLOURS.muted });
  return writer.save();
}

export async function receiptPdf(invoice: InvoiceView, payment: InvoiceView['payments'][number], balanceAfterCents: number, recipient: Recipient, issuer: Issuer): Promise<Uint8Array> {
  const writer = await startDocument(`Receipt ${payment.receiptNumber}`, issuer);
  writer.text('Receipt', { size: 20, bold: true });
  writer.text(`Receipt ${payment.receiptNumber}   Received ${formatLongDate(payment.receivedOn)}`);
  writer.gap(6);
  addressBlock(writer, 'RECEIVED FROM', recipient);
  writer.gap(10);
  writer.text(`Payment against tax invoice ${invoice.number} (${invoice.lines[0]?.description ?? invoice.kind})`, { size: 9.5 });
  writer.text(`Method: ${paymentMethodLabel(payment.method)}${payment.reference ? `   Reference: ${payment.reference}` : ''}`, { size: 9.5 });
  if (payment.reversal) {
    // A reversed payment keeps its receipt, which says so first: it no longer counts towards the invoice.
    writer.gap(6);
    writer.text(`Reversed on ${formatLongDate(payment.reversal.on)}: ${payment.reversal.reason}`, { size: 12, bold: true });
    writer.text('This payment no longer counts towards the invoice.', { size: 9.5 });
  }
  writer.rule();
  totals(writer, [['Amount received (including GST)', formatCents(payment.amountCents)]], { bold: true, size: 11 });
  totals(writer, [
    ['of which GST', formatCents(gstInPayment(payment.amountCents, invoice))],
    [payment.reversal ? 'Balance of the invoice now' : 'Balance of the invoice after this payment', formatCents(balanceAfterCents)],
  ]);
  writer.gap(10);
  writer.text(payment.reversal ? 'Keep this receipt for your records: it shows the payment and its reversal.' : 'Thank you. Keep this receipt for your records.', { size: 9, color: COLOURS.muted });
  return writer.save();
}
