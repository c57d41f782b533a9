/**
 * What every member's PDF shares (tax invoices, receipts, the protection summary): the mutual as
 * issuer under its letterhead, the member it is addressed to, figures set against the right margin,
 * and the answer that sends it. Each document draws its own body from the figures its page shows.
 */
import type { Response } from 'express';
import type { HowToPay } from '@shared/contracts/dashboard';
import { displayName } from '@shared/domain/accounts/display-name';
import type { Env } from '../../config/env';
import type { Database } from '../../db/client';
import { notFound } from '../app-error';
import { COLOURS, DocumentWriter } from './document-writer';

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
function howToPayOf(env: Env): HowToPay {
  const { PAYMENT_ACCOUNT_NAME: accountName, PAYMENT_BSB: bsb, PAYMENT_ACCOUNT_NUMBER: accountNumber } = env;
  return { eft: accountName && bsb && accountNumber ? { accountName, bsb, accountNumber } : null, bpayBillerCode: env.BPAY_BILLER_CODE ?? null, askAt: env.STAFF_EMAIL };
}

/** The member a document is addressed to. */
export async function recipientOf(db: Database, userId: string): Promise<Recipient> {
  const user = await db.user.findUnique({ where: { id: userId } });
  if (!user) throw notFound('That member does not exist.');
  return { name: displayName(user), businessName: user.businessName, email: user.email, address: user.address };
}

/** Answers with a PDF shown in the browser, never kept in a shared cache. */
export function sendPdf(res: Response, bytes: Uint8Array, fileName: string) {
  res.set({ 'Content-Type': 'application/pdf', 'Content-Disposition': `inline; filename="${fileName}"`, 'Cache-Control': 'private, no-store' }).send(Buffer.from(bytes));
}

/** A new document under the mutual's letterhead: its legal name and ABN above, what it is below. */
export function startDocument(title: string, issuer: Issuer) {
  return DocumentWriter.create({
    title,
    author: issuer.legalName,
    header: issuer.legalName,
    headerDetail: `ABN ${issuer.abn}`,
    footer: `${issuer.legalName}: a farmer-owned discretionary mutual. Crop risk protection is not insurance.`,
  });
}

/** Who the document is for, under a small heading (BILL TO, RECEIVED FROM, MEMBER). */
export function addressBlock(writer: DocumentWriter, heading: string, recipient: Recipient) {
  writer.text(heading, { bold: true, size: 9, color: COLOURS.muted });
  writer.text(recipient.businessName ? `${recipient.name}, ${recipient.businessName}` : recipient.name);
  if (recipient.address) writer.text(recipient.address);
  writer.text(recipient.email);
}

/** A label and its figure, the figure ending at the right margin. */
export function totals(writer: DocumentWriter, rows: string[][], options: { bold?: boolean; size?: number; indent?: number } = {}) {
  const indent = options.indent ?? 0;
  const columns = indent > 0 ? [{ width: indent }, { width: writer.width - indent - 110 }, { width: 110, align: 'right' as const }] : [{ width: writer.width - 110 }, { width: 110, align: 'right' as const }];
  writer.table(columns, indent > 0 ? rows.map((row) => ['', ...row]) : rows, options);
}
