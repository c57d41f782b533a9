/**
 * The dashboard's PDFs: tax invoices with GST, receipts, and the protection summary. Each is drawn
 * from the same figures the pages show, through the one document writer; none is a template with
 * blanks filled in later.
 */
import type { HowToPay, InvoiceView, ProtectionView } from '@shared/contracts/dashboard';
import { howToPayLines } from '@shared/domain/dashboard/how-to-pay';
import { gstInPayment } from '@shared/domain/dashboard/invoice';
import { CROP_VALUE_LABEL, moneyBreakdown } from '@shared/domain/estimates';
import { fromCents } from '@shared/domain/pricing/money';
import { PAYMENT_OPTION_LABELS } from '@shared/domain/dashboard/payment-plan';
import { paymentMethodLabel } from '@shared/domain/dashboard/payments';
import { coverStarted, PROTECTION_STAGE_DESCRIPTIONS, PROTECTION_STAGE_LABELS, valueLabel } from '@shared/domain/dashboard/lifecycle';
import { formatCents, formatHectares, formatLongDate, formatPercent } from '@shared/format';
import type { Response } from 'express';
import { displayName } from '@shared/domain/accounts/display-name';
import type { Env } from '../../config/env';
import type { Database } from '../../db/client';
import { notFound } from '../../lib/app-error';
import { COLOURS, DocumentWriter } from '../../lib/pdf/document-writer';
import { drawMoneyLines } from '../../lib/pdf/money-lines';

export interface Issuer {
  legalName: string;
  abn: string;
  howToPay: HowToPay;
}

export interface Recipient {
  name: string;
  businessName: string | null;
  email: string;
  address: string | null;
}

export const issuerOf = (env: Env): Issuer => ({ legalName: env.BUSINESS_LEGAL_NAME, abn: env.BUSINESS_ABN, howToPay: howToPayOf(env) });

/** The configured account (only when its name, BSB and number are all set) and BPAY biller code. */
export function howToPayOf(env: Env): HowToPay {
  const { PAYMENT_ACCOUNT_NAME: accountName, PAYMENT_BSB: bsb, PAYMENT_ACCOUNT_NUMBER: accountNumber } = env;
  return { eft: accountName && bsb && accountNumber ? { accountName, bsb, accountNumber } : null, bpayBillerCode: env.BPAY_BILLER_CODE ?? null, askAt: env.STAFF_EMAIL };
}

/** The member a document is addressed to. */
export async function recipientOf(db: Database, userId: string): Promise<Recipient> {
  const user = await db.user.findUnique({ where: { id: userId } });
  if (!user) throw notFound('That member does not exist.');
  return { name: displayName(user), businessName: user.businessName, email: user.email, address: user.address };
}

export function sendPdf(res: Response, bytes: Uint8Array, fileName: string) {
  res.set({ 'Content-Type': 'application/pdf', 'Content-Disposition': `inline; filename="${fileName}"`, 'Cache-Control': 'private, no-store' }).send(Buffer.from(bytes));
}

function start(title: string, issuer: Issuer) {
  return DocumentWriter.create({
    title,
    author: issuer.legalName,
    header: issuer.legalName,
    headerDetail: `ABN ${issuer.abn}`,
    footer: `${issuer.legalName}: a farmer-owned discretionary mutual. Crop risk protection is not insurance.`,
  });
}

function addressBlock(writer: DocumentWriter, heading: string, recipient: Recipient) {
  writer.text(heading, { bold: true, size: 9, color: COLOURS.muted });
  writer.text(recipient.businessName ? `${recipient.name}, ${recipient.businessName}` : recipient.name);
  if (recipient.address) writer.text(recipient.address);
  writer.text(recipient.email);
}

/** A label and its figure, the figure ending at the right margin. */
function totals(writer: DocumentWriter, rows: string[][], options: { bold?: boolean; size?: number; indent?: number } = {}) {
  const indent = options.indent ?? 0;
  const columns = indent > 0 ? [{ width: indent }, { width: writer.width - indent - 110 }, { width: 110, align: 'right' as const }] : [{ width: writer.width - 110 }, { width: 110, align: 'right' as const }];
  writer.table(columns, indent > 0 ? rows.map((row) => ['', ...row]) : rows, options);
}

export async function invoicePdf(invoice: InvoiceView, recipient: Recipient, issuer: Issuer): Promise<Uint8Array> {
  const writer = await start(`Tax invoice ${invoice.number}`, issuer);
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
  const writer = await start(`Receipt ${payment.receiptNumber}`, issuer);
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

export async function protectionSummaryPdf(protection: ProtectionView, recipient: Recipient, issuer: Issuer): Promise<Uint8Array> {
  const writer = await start(`Protection summary ${protection.reference}`, issuer);
  writer.text('Protection summary', { size: 20, bold: true });
  writer.text(`${protection.coverageDescription} protection, season ${protection.season}`, { bold: true });
  writer.text(`Status: ${PROTECTION_STAGE_LABELS[protection.stage]}   Submitted ${formatLongDate(protection.submittedAt)}   Ends ${formatLongDate(protection.endsOn)}   Zone ${protection.zoneCode}`);
  writer.text(`Reference ${protection.reference}`, { size: 8.5, color: COLOURS.muted });
  writer.text(PROTECTION_STAGE_DESCRIPTIONS[protection.stage], { size: 9.5 });
  writer.gap(6);
  addressBlock(writer, 'MEMBER', recipient);
  writer.gap(10);
  const figure = (width: number) => ({ width, align: 'right' as const });
  writer.table(
    [{ width: 150 }, { width: writer.width - 150 - 70 - 60 - 100 }, figure(70), figure(60), figure(100)],
    protection.paddocks
      .filter((paddock) => paddock.priced)
      .map((paddock) => [paddock.name, paddock.crop ?? 'Unassigned', formatHectares(paddock.areaHa), formatPercent(paddock.hurdlePercentage ?? 0), formatCents(paddock.valueCents)]),
    { header: ['Paddock', 'Crop', 'Area', 'Hurdle', valueLabel(protection.stage)] },
  );
  writer.rule();
  totals(writer, [
    [coverStarted(protection.stage) ? 'Area protected' : 'Area applied for', formatHectares(protection.coveredAreaHa)],
    [CROP_VALUE_LABEL, formatCents(protection.insuredValueCents)],
  ]);
  writer.gap(4);
  drawMoneyLines(writer, moneyBreakdown(fromCents(protection.premiumCents)));
  writer.gap(10);
  writer.text('The hurdle is the share of a paddock’s protected value you carry before the mutual pays.', { size: 9, color: COLOURS.muted });
  writer.text('Claims are assessed and paid at the discretion of the board under the mutual’s rules.', { size: 9, color: COLOURS.muted });
  return writer.save();
}
