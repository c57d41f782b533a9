/**
 * Certificates of protection (docs/certificates.md): issued on the member's first download once cover
 * has started, checked by a lender with the code, withdrawn by staff.
 */
import { randomInt } from 'node:crypto';
import { CERTIFICATE_CODE_ALPHABET, CERTIFICATE_CODE_LENGTH, type CertificateCheck, type CertificateView, formatCertificateCode } from '@shared/contracts/certificates';
import type { ProtectionView } from '@shared/contracts/dashboard';
import {
  CERTIFICATE_BEFORE_COVER_MESSAGE,
  CERTIFICATE_NOT_FOUND_MESSAGE,
  type CertifiedPaddock,
  certificateStanding,
  certificateStandingSentence,
  certificateTotals,
} from '@shared/domain/protection/certificate';
import { coverStarted } from '@shared/domain/protection/lifecycle';
import { formatLongDate } from '@shared/format';
import { perthToday } from '@shared/perth-time';
import type { AppContext } from '../../context';
import type { Database } from '../../db/client';
import { conflict, notFound } from '../../lib/app-error';
import { auditEntry } from '../../lib/audit-log';
import { isUniqueViolation } from '../../lib/sequential-number';
import type { Recipient } from '../../lib/pdf/letterhead';
import { applicationStanding, coverStartOf } from '../protection/protections.service';
import { certificateWithdrawnEmail } from './mail-templates';

export const CERTIFICATE_WITHDRAWN_AUDIT_ACTION = 'certificate.withdrawn';
const CERTIFICATE_REPLACED_REASON = 'Replaced: the payment that started cover was reversed, and cover started again later.';

type CertificateRow = NonNullable<Awaited<ReturnType<Database['protectionCertificate']['findFirst']>>>;

/** The paddocks a certificate lists: those priced into the application, with what each is protected for. */
export const certifiedPaddocks = (protection: ProtectionView): CertifiedPaddock[] =>
  protection.paddocks.filter((paddock) => paddock.priced).map((paddock) => ({ name: paddock.name, crop: paddock.crop ?? 'Unassigned', hectares: paddock.areaHa, valueCents: paddock.valueCents }));

/** The holder as a certificate names them: the member, and their business when they gave one. */
export const holderNameOf = (recipient: Recipient) => (recipient.businessName ? `${recipient.name}, ${recipient.businessName}` : recipient.name);

const newCode = () => Array.from({ length: CERTIFICATE_CODE_LENGTH }, () => CERTIFICATE_CODE_ALPHABET[randomInt(CERTIFICATE_CODE_ALPHABET.length)]).join('');

/**
 * The application's standing certificate, issued now if it has none: what the member downloads.
 * Two first downloads at once get the same one (one standing certificate per application).
 */
export async function certificateFor(db: Database, protection: ProtectionView, recipient: Recipient): Promise<CertificateRow> {
  if (!coverStarted(protection.stage)) throw conflict(CERTIFICATE_BEFORE_COVER_MESSAGE, 'cover_not_started');
  const [standing, startedAt] = await Promise.all([db.protectionCertificate.findUnique({ where: { standingFor: protection.id } }), coverStartOf(db, protection)]);
  // An application made active before moves were audited: there is no moment to certify, and a guessed one would mislead a lender.
  if (!startedAt) throw conflict('We cannot tell from our records when cover on this application started, so we cannot certify it. Ask us through Help and we will look into it.', 'cover_start_unknown');
  if (standing?.coverStartedAt.getTime() === startedAt.getTime()) return standing;
  const totals = certificateTotals(certifiedPaddocks(protection));
  for (let attempt = 0; ; attempt += 1) {
    try {
      // The old certificate stands until its replacement is stored: a lender never meets a withdrawn one with no other to ask for.
      return await db.$transaction(async (tx) => {
        // The payment that started cover was reversed and cover started again later: the old certificate states the wrong start.
        if (standing)
          await tx.protectionCertificate.updateMany({
            where: { id: standing.id, standingFor: protection.id },
            data: { withdrawnAt: new Date(), withdrawnReason: CERTIFICATE_REPLACED_REASON, standingFor: null },
          });
        return tx.protectionCertificate.create({
          data: {
            code: newCode(),
            applicationId: protection.id,
            standingFor: protection.id,
            holderName: holderNameOf(recipient),
            season: protection.season,
            coverageDescription: protection.coverageDescription,
            paddockCount: totals.paddocks,
            hectares: totals.hectares,
            valueCents: totals.valueCents,
            coverStartedAt: startedAt,
            endsOn: protection.endsOn,
          },
        });
      });
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 4) throw error;
      // Another download issued it first (or, once in a lifetime, the code was taken): answer the winner.
      const winner = await db.protectionCertificate.findUnique({ where: { standingFor: protection.id } });
      if (winner) return winner;
    }
  }
}

function presentCertificate(row: CertificateRow, stage: ProtectionView['stage']): CertificateView {
  return {
    id: row.id,
    code: formatCertificateCode(row.code),
    standing: certificateStanding({ withdrawnAt: row.withdrawnAt, stage, endsOn: row.endsOn }, perthToday()),
    holderName: row.holderName,
    season: row.season,
    coverageDescription: row.coverageDescription,
    totals: { paddocks: row.paddockCount, hectares: row.hectares, valueCents: row.valueCents },
    coverStartedAt: row.coverStartedAt.toISOString(),
    endsOn: row.endsOn,
    issuedAt: row.issuedAt.toISOString(),
    withdrawnAt: row.withdrawnAt?.toISOString() ?? null,
    withdrawnReason: row.withdrawnReason,
  };
}

/** A lender's check of a code as stored: the certificate's standing and what it certified, nothing more. */
export async function checkCertificate(db: Database, code: string, issuerName: string): Promise<CertificateCheck> {
  const row = await db.protectionCertificate.findUnique({ where: { code } });
  const protection = row ? await applicationStanding(db, row.applicationId) : undefined;
  if (!row || !protection) throw notFound(CERTIFICATE_NOT_FOUND_MESSAGE);
  const { id: _id, withdrawnAt: _withdrawnAt, withdrawnReason: _reason, ...certified } = presentCertificate(row, protection.stage);
  return { ...certified, sentence: certificateStandingSentence(certified.standing, issuerName, formatLongDate(row.endsOn)) };
}

/** Every certificate of an application, newest first, as staff see them. */
export async function listCertificates(db: Database, applicationId: string): Promise<CertificateView[]> {
  const [rows, protection] = await Promise.all([db.protectionCertificate.findMany({ where: { applicationId }, orderBy: { issuedAt: 'desc' } }), applicationStanding(db, applicationId)]);
  return protection ? rows.map((row) => presentCertificate(row, protection.stage)) : [];
}

/** Staff withdraw a certificate: it stops standing (the member's next download issues another), kept with who and why; the member is told. */
export async function withdrawCertificate({ db, mailer, site }: Pick<AppContext, 'db' | 'mailer' | 'site'>, certificateId: string, withdrawal: { actorId: string; reason: string }): Promise<CertificateView> {
  const row = await db.protectionCertificate.findUnique({ where: { id: certificateId } });
  const protection = row ? await applicationStanding(db, row.applicationId) : undefined;
  if (!row || !protection) throw notFound('That certificate does not exist.');
  if (row.withdrawnAt) throw conflict(`This certificate was already withdrawn on ${formatLongDate(row.withdrawnAt)}.`, 'certificate_withdrawn');
  const { withdrawn, emailId } = await db.$transaction(async (tx) => {
    const withdrawn = await tx.protectionCertificate.update({
      where: { id: row.id },
      data: { withdrawnAt: new Date(), withdrawnById: withdrawal.actorId, withdrawnReason: withdrawal.reason, standingFor: null },
    });
    await auditEntry(tx, {
      actorId: withdrawal.actorId,
      customerId: protection.userId,
      action: CERTIFICATE_WITHDRAWN_AUDIT_ACTION,
      details: { certificateId: row.id, applicationId: protection.id, reason: withdrawal.reason },
    });
    const member = await tx.user.findUnique({ where: { id: protection.userId }, select: { email: true, firstName: true } });
    const emailId = member
      ? await mailer.send(
          certificateWithdrawnEmail({
            to: member.email,
            firstName: member.firstName,
            reference: protection.reference,
            code: formatCertificateCode(row.code),
            reason: withdrawal.reason,
            protectionUrl: `${site.origin()}/dashboard/protection`,
          }),
          { writer: tx, key: `certificate-withdrawn:${row.id}` },
        )
      : null;
    return { withdrawn, emailId };
  });
  if (emailId) await mailer.dispatch(emailId);
  return presentCertificate(withdrawn, protection.stage);
}
