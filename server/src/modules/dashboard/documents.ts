/**
 * The dashboard's PDFs (pdf-lib): tax invoices with GST, receipts, and the protection summary. Each
 * is drawn from the same figures the pages show; none is a template with blanks filled in later.
 */
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import type { InvoiceView, ProtectionView } from '@shared/contracts/dashboard';
import { gstInPayment } from '@shared/domain/dashboard/invoice';
import { formatCents } from '@shared/domain/dashboard/money';
import { PAYMENT_OPTION_LABELS } from '@shared/domain/dashboard/payment-plan';
import { PROTECTION_STATUS_LABELS } from '@shared/domain/dashboard/protection';
import { pdfText } from '../../lib/pdf-text';

export interface Issuer {
  legalName: string;
  abn: string;
}

export interface Recipient {
  name: string;
  businessName: string | null;
  email: string;
  address: string | null;
}

const BRAND = rgb(0.12, 0.3, 0.17);
const MUTED = rgb(0.29, 0.33, 0.31);
const A4: [number, number] = [595.28, 841.89];
const MARGIN = 50;

class Writer {
  page: PDFPage;
  y: number;
  constructor(
    private readonly doc: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
  ) {
    this.page = doc.addPage(A4);
    this.y = A4[1] - MARGIN;
  }

  ensure(height: number) {
    if (this.y - height < MARGIN) {
      this.page = this.doc.addPage(A4);
      this.y = A4[1] - MARGIN;
    }
  }

  text(value: string, options: { size?: number; bold?: boolean; color?: ReturnType<typeof rgb>; x?: number; advance?: boolean } = {}) {
    const size = options.size ?? 10;
    this.ensure(size + 4);
    this.page.drawText(pdfText(value), { x: options.x ?? MARGIN, y: this.y - size, size, font: options.bold ? this.bold : this.regular, color: options.color ?? rgb(0.1, 0.14, 0.13) });
    if (options.advance !== false) this.y -= size + 5;
  }

  /** Text right-aligned so that it ends at x. */
  right(value: string, x: number, options: { size?: number; bold?: boolean } = {}) {
    const size = options.size ?? 10;
    const font = options.bold ? this.bold : this.regular;
    const clean = pdfText(value);
    this.page.drawText(clean, { x: x - font.widthOfTextAtSize(clean, size), y: this.y - size, size, font });
  }

  gap(height = 10) {
    this.y -= height;
  }

  rule() {
    this.ensure(8);
    this.page.drawLine({ start: { x: MARGIN, y: this.y - 2 }, end: { x: A4[0] - MARGIN, y: this.y - 2 }, thickness: 0.75, color: rgb(0.8, 0.8, 0.76) });
    this.y -= 8;
  }

  /** Words laid out in lines no wider than maxWidth. */
  wrap(text: string, size: number, maxWidth: number, bold = false): string[] {
    const font = bold ? this.bold : this.regular;
    const lines: string[] = [];
    let line = '';
    for (const word of pdfText(text).split(' ')) {
      const candidate = line ? `${line} ${word}` : word;
      if (line && font.widthOfTextAtSize(candidate, size) > maxWidth) {
        lines.push(line);
        line = word;
      } else line = candidate;
    }
    if (line) lines.push(line);
    return lines;
  }

  /**
   * A table row; columns give x positions, numbers are right-aligned at their column's end, and a
   * left-aligned cell with a width wraps onto as many lines as it needs.
   */
  row(cells: Array<{ text: string; x: number; align?: 'left' | 'right'; width?: number }>, options: { bold?: boolean; size?: number } = {}) {
    const size = options.size ?? 9.5;
    const wrapped = cells.map((cell) => (cell.align !== 'right' && cell.width ? this.wrap(cell.text, size, cell.width, options.bold) : [cell.text]));
    const lineCount = Math.max(...wrapped.map((lines) => lines.length));
    this.ensure(lineCount * (size + 3) + 3);
    cells.forEach((cell, index) => {
      if (cell.align === 'right') this.right(cell.text, cell.x, { size, bold: options.bold });
      else
        wrapped[index]!.forEach((line, lineIndex) =>
          this.page.drawText(pdfText(line), { x: cell.x, y: this.y - size - lineIndex * (size + 3), size, font: options.bold ? this.bold : this.regular }),
        );
    });
    this.y -= lineCount * (size + 3) + 3;
  }
}

async function start(title: string, issuer: Issuer) {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setAuthor(issuer.legalName);
  doc.setCreator('Grain Growers Mutual member dashboard');
  const writer = new Writer(doc, await doc.embedFont(StandardFonts.Helvetica), await doc.embedFont(StandardFonts.HelveticaBold));
  writer.text(issuer.legalName, { size: 16, bold: true, color: BRAND });
  writer.text(`ABN ${issuer.abn}  ·  A farmer-owned discretionary mutual. Crop risk protection is not insurance.`.replace('·', '-'), { size: 8.5, color: MUTED });
  writer.gap(8);
  return { doc, writer };
}

function addressBlock(writer: Writer, heading: string, recipient: Recipient) {
  writer.text(heading, { bold: true, size: 9, color: MUTED });
  writer.text(recipient.businessName ? `${recipient.name}, ${recipient.businessName}` : recipient.name);
  if (recipient.address) writer.text(recipient.address);
  writer.text(recipient.email);
}

const dateText = (iso: string) => new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Australia/Perth' }).format(new Date(iso.length === 10 ? `${iso}T12:00:00+08:00` : iso));

export async function invoicePdf(invoice: InvoiceView, recipient: Recipient, issuer: Issuer): Promise<Uint8Array> {
  const { doc, writer } = await start(`Tax invoice ${invoice.number}`, issuer);
  writer.text('Tax invoice', { size: 20, bold: true });
  writer.text(`Invoice ${invoice.number}   Issued ${dateText(invoice.issuedAt)}   Season ${invoice.season}`);
  writer.gap(6);
  addressBlock(writer, 'BILL TO', recipient);
  writer.gap(10);
  const right = A4[0] - MARGIN;
  writer.row(
    [
      { text: 'Description', x: MARGIN },
      { text: 'Amount ex GST', x: right - 150, align: 'right' },
      { text: 'GST', x: right - 75, align: 'right' },
      { text: 'Total', x: right, align: 'right' },
    ],
    { bold: true },
  );
  writer.rule();
  for (const line of invoice.lines) {
    writer.row([
      { text: line.description, x: MARGIN, width: right - 150 - 90 - MARGIN },
      { text: formatCents(line.amountCents), x: right - 150, align: 'right' },
      { text: formatCents(line.gstCents), x: right - 75, align: 'right' },
      { text: formatCents(line.amountCents + line.gstCents), x: right, align: 'right' },
    ]);
  }
  writer.rule();
  writer.row([{ text: 'Subtotal (ex GST)', x: right - 230 }, { text: formatCents(invoice.subtotalCents), x: right, align: 'right' }]);
  writer.row([{ text: 'GST', x: right - 230 }, { text: formatCents(invoice.gstCents), x: right, align: 'right' }]);
  writer.row([{ text: 'Total including GST', x: right - 230 }, { text: formatCents(invoice.totalCents), x: right, align: 'right' }], { bold: true, size: 11 });
  writer.gap(14);
  writer.text(`Payment option: ${PAYMENT_OPTION_LABELS[invoice.paymentOption]}`, { bold: true });
  for (const item of invoice.schedule) writer.text(`${formatCents(item.amountCents)} due ${dateText(item.dueDate)}`);
  if (invoice.paidCents > 0) writer.text(`Paid so far ${formatCents(invoice.paidCents)}; outstanding ${formatCents(invoice.outstandingCents)}.`);
  writer.gap(8);
  writer.text(`Please quote ${invoice.number} as the reference with every payment.`, { size: 9, color: MUTED });
  return doc.save();
}

export async function receiptPdf(
  invoice: InvoiceView,
  payment: InvoiceView['payments'][number],
  balanceAfterCents: number,
  recipient: Recipient,
  issuer: Issuer,
): Promise<Uint8Array> {
  const { doc, writer } = await start(`Receipt ${payment.receiptNumber}`, issuer);
  writer.text('Receipt', { size: 20, bold: true });
  writer.text(`Receipt ${payment.receiptNumber}   Received ${dateText(payment.receivedOn)}`);
  writer.gap(6);
  addressBlock(writer, 'RECEIVED FROM', recipient);
  writer.gap(10);
  const right = A4[0] - MARGIN;
  writer.row([{ text: `Payment against tax invoice ${invoice.number} (${invoice.lines[0]?.description ?? invoice.kind})`, x: MARGIN, width: right - MARGIN }]);
  writer.row([{ text: `Method: ${payment.method.toUpperCase()}`, x: MARGIN }]);
  writer.rule();
  writer.row([{ text: 'Amount received (including GST)', x: MARGIN }, { text: formatCents(payment.amountCents), x: right, align: 'right' }], { bold: true, size: 11 });
  writer.row([{ text: 'of which GST', x: MARGIN }, { text: formatCents(gstInPayment(payment.amountCents, invoice)), x: right, align: 'right' }]);
  writer.row([{ text: 'Balance of the invoice after this payment', x: MARGIN }, { text: formatCents(balanceAfterCents), x: right, align: 'right' }]);
  writer.gap(10);
  writer.text('Thank you. Keep this receipt for your records.', { size: 9, color: MUTED });
  return doc.save();
}

export async function protectionSummaryPdf(protection: ProtectionView, recipient: Recipient, issuer: Issuer): Promise<Uint8Array> {
  const { doc, writer } = await start(`Protection summary ${protection.id}`, issuer);
  writer.text('Protection summary', { size: 20, bold: true });
  writer.text(`${protection.coverageDescription} protection, season ${protection.season}`, { bold: true });
  writer.text(`Status: ${PROTECTION_STATUS_LABELS[protection.status]}   Submitted ${dateText(protection.submittedAt)}   Ends ${dateText(protection.endsOn)}   Zone ${protection.zoneCode}`);
  writer.text(`Reference ${protection.id}`, { size: 8.5, color: MUTED });
  writer.gap(6);
  addressBlock(writer, 'MEMBER', recipient);
  writer.gap(10);
  const right = A4[0] - MARGIN;
  writer.row(
    [
      { text: 'Paddock', x: MARGIN },
      { text: 'Crop', x: MARGIN + 150 },
      { text: 'Area (ha)', x: right - 230, align: 'right' },
      { text: 'Hurdle', x: right - 160, align: 'right' },
      { text: 'Value protected', x: right, align: 'right' },
    ],
    { bold: true },
  );
  writer.rule();
  for (const paddock of protection.paddocks.filter((p) => p.priced)) {
    writer.row([
      { text: paddock.name, x: MARGIN, width: 140 },
      { text: paddock.crop ?? 'Unassigned', x: MARGIN + 150, width: 100 },
      { text: paddock.areaHa.toFixed(1), x: right - 230, align: 'right' },
      { text: `${paddock.hurdlePercentage ?? 0}%`, x: right - 160, align: 'right' },
      { text: formatCents(paddock.valueCents), x: right, align: 'right' },
    ]);
  }
  writer.rule();
  writer.row([{ text: 'Covered area', x: MARGIN }, { text: `${protection.coveredAreaHa.toFixed(1)} ha`, x: right, align: 'right' }]);
  writer.row([{ text: 'Value protected', x: MARGIN }, { text: formatCents(protection.insuredValueCents), x: right, align: 'right' }]);
  writer.row([{ text: 'Contribution (displayed premium, ex GST)', x: MARGIN }, { text: formatCents(protection.displayedPremiumCents), x: right, align: 'right' }]);
  writer.row([{ text: 'Total payable including membership fee and GST', x: MARGIN }, { text: formatCents(protection.totalPayableCents), x: right, align: 'right' }], { bold: true });
  writer.gap(10);
  writer.text('The hurdle is the share of a paddock’s protected value you carry before the mutual pays.', { size: 9, color: MUTED });
  writer.text('Claims are assessed and paid at the discretion of the board under the mutual’s rules.', { size: 9, color: MUTED });
  return doc.save();
}
