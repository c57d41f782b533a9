/**
 * The certificate of protection a member hands their bank (docs/certificates.md): what it states,
 * the code a lender types at CERTIFICATE_CHECK_PATH to confirm it, and how it stands when checked.
 * The server issues and checks it; the member's page, the PDF and the public check read these words.
 */
import type { CertificateStanding } from '../../contracts/certificates';
import type { ProtectionStage } from '../../contracts/protection-status';
import { coverStarted } from './lifecycle';
import { perthToday } from '../../perth-time';

/** The public page where a lender types a certificate's code. */
export const CERTIFICATE_CHECK_PATH = '/certificate';

export const CERTIFICATE_NOT_FOUND_MESSAGE = 'No certificate has that code. Check it against the certificate, character by character; if it still does not match, the certificate is not one of ours.';
export const CERTIFICATE_BEFORE_COVER_MESSAGE = 'A certificate of protection is issued once cover has started: it starts when your first payment reaches us.';

export interface CertificateFacts {
  /** When staff withdrew it (null while it stands). */
  withdrawnAt: Date | string | null;
  /** Where its application stands now. */
  stage: ProtectionStage;
  /** The last day of cover, yyyy-mm-dd (31 March after the season). */
  endsOn: string;
}

/**
 * Withdrawn when staff withdrew it or its cover no longer stands (the payment that started it was
 * reversed); ended when its application ended or its last day has passed (Perth days); else current.
 */
export function certificateStanding(certificate: CertificateFacts, perthToday: string): CertificateStanding {
  if (certificate.withdrawnAt !== null || !coverStarted(certificate.stage)) return 'withdrawn';
  if (certificate.stage === 'ended' || perthToday > certificate.endsOn) return 'ended';
  return 'current';
}

/** What the check says of each standing, above the holder's name and totals. */
export function certificateStandingSentence(standing: CertificateStanding, issuer: string, endsOn: string): string {
  switch (standing) {
    case 'current':
      return `Genuine and current: ${issuer} issued this certificate and the protection it describes is in force until ${endsOn}.`;
    case 'ended':
      return `Genuine, but no longer current: the protection this certificate describes has ended (its last day was ${endsOn}).`;
    case 'withdrawn':
      return `Withdrawn: ${issuer} issued this certificate but has withdrawn it, and it no longer stands. Ask the member for their current certificate.`;
  }
}

export const CERTIFICATE_STANDING_LABELS: Record<CertificateStanding, string> = { current: 'Current', ended: 'Ended', withdrawn: 'Withdrawn' };

/** The paddocks a certificate lists: those priced into the application (an excluded paddock is not covered). */
export interface CertifiedPaddock {
  name: string;
  crop: string;
  hectares: number;
  valueCents: number;
}

export interface CertificateTotals {
  paddocks: number;
  hectares: number;
  valueCents: number;
}

/** The totals a certificate states and the public check repeats: its paddocks, their hectares (to the hundredth) and value. */
export function certificateTotals(paddocks: readonly CertifiedPaddock[]): CertificateTotals {
  return {
    paddocks: paddocks.length,
    hectares: Math.round(paddocks.reduce((sum, paddock) => sum + paddock.hectares, 0) * 100) / 100,
    valueCents: paddocks.reduce((sum, paddock) => sum + paddock.valueCents, 0),
  };
}

/**
 * When cover started, to the minute: the earlier of the moment the first payment that still
 * counts was recorded and the moment staff marked the application active. Null when neither happened.
 */
export function coverStartedAt(firstPaymentRecordedAt: Date | null, markedActiveAt: Date | null): Date | null {
  const moments = [firstPaymentRecordedAt, markedActiveAt].filter((moment): moment is Date => moment !== null);
  return moments.length === 0 ? null : new Date(Math.min(...moments.map((moment) => moment.getTime())));
}

/**
 * The Perth day cover started, as members are told it ("you are protected from …") and claims are
 * judged by it: the earlier of the day the first payment that still counts reached the mutual (its
 * "received on" day, which staff may record later) and the day staff marked the application active.
 * Null when neither happened. (The certificate states the moment the mutual knew, coverStartedAt.)
 */
export function coverStartDay(firstPaymentReceivedOn: string | null, markedActiveAt: Date | null): string | null {
  const days = [firstPaymentReceivedOn, markedActiveAt && perthToday(markedActiveAt)].filter((day): day is string => Boolean(day));
  return days.length === 0 ? null : days.reduce((earliest, day) => (day < earliest ? day : earliest));
}
