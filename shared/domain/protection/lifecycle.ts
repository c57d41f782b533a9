/**
 * The one lifecycle a grower, a broker and staff read for an application (docs/dashboard.md
 * 'One status'): where it stands, worked out from what staff decided (the stored status) and what
 * the member paid. Screens, PDFs and e-mails show these words and colours; nothing else.
 *
 * - submitted, under review: as staff left it;
 * - accepted: the board accepted it and its invoices are not out yet;
 * - invoiced: the invoices are out and no money has come in: not protected yet;
 * - protected: cover has started, with the first payment received (or staff marked it active);
 * - ended: the season's protection is over.
 *
 * Whether each invoice is paid is the invoices' own word (Paid, Part paid, Overdue), shown beside.
 */
import type { ProtectionStage, ProtectionStatus } from '../../contracts/protection-status';
import { type Reader, READER_POSSESSIVE } from '../reader';

export const PROTECTION_STAGE_LABELS: Record<ProtectionStage, string> = {
  submitted: 'Submitted',
  under_review: 'Under review',
  accepted: 'Accepted',
  invoiced: 'Invoiced',
  protected: 'Protected',
  ended: 'Ended',
};

/** How long a submitted application waits for the mutual's review, said alike on every page and e-mail. */
export const REVIEW_PERIOD = 'five business days';

/**
 * What each stage means, in the words of who reads it (shared/domain/reader.ts): the member (their
 * dashboard, e-mails and PDFs), their broker, or staff. Each says whether cover runs yet.
 */
const PROTECTION_STAGE_DESCRIPTIONS: Record<Reader, Record<ProtectionStage, string>> = {
  member: {
    submitted: `We have your application and will review it within ${REVIEW_PERIOD}. You are not protected yet.`,
    under_review: 'Our underwriting team is reviewing your paddocks and figures. You are not protected yet.',
    accepted: 'Accepted by the board. Your invoices follow; protection starts with your first payment.',
    invoiced: 'Accepted and invoiced. Protection starts when your first payment reaches us.',
    protected: 'Your crop is protected for this season.',
    ended: 'This season’s protection has ended.',
  },
  client: {
    submitted: `We have your client’s application and will review it within ${REVIEW_PERIOD}. Your client is not protected yet.`,
    under_review: 'Our underwriting team is reviewing your client’s paddocks and figures. Your client is not protected yet.',
    accepted: 'Accepted by the board. Your client’s invoices follow; protection starts with their first payment.',
    invoiced: 'Accepted and invoiced. Protection starts when your client’s first payment reaches us.',
    protected: 'Your client’s crop is protected for this season.',
    ended: 'This season’s protection has ended.',
  },
  staff: {
    submitted: `The application is in and waits for review, due within ${REVIEW_PERIOD}. The member is not protected yet.`,
    under_review: 'Underwriting is reviewing the member’s paddocks and figures. The member is not protected yet.',
    accepted: 'Accepted by the board. The invoices follow; protection starts with the member’s first payment.',
    invoiced: 'Accepted and invoiced. Protection starts when the member’s first payment reaches us.',
    protected: 'The member’s crop is protected for this season.',
    ended: 'This season’s protection has ended.',
  },
};

export const protectionStageDescription = (stage: ProtectionStage, reader: Reader): string => PROTECTION_STAGE_DESCRIPTIONS[reader][stage];

/** The colour family of each stage, the same on every page (a badge's tone, a map's fill). */
export const PROTECTION_STAGE_TONES: Record<ProtectionStage, 'info' | 'warning' | 'success' | 'neutral'> = {
  submitted: 'info',
  under_review: 'info',
  accepted: 'warning',
  invoiced: 'warning',
  protected: 'success',
  ended: 'neutral',
};

export interface ProtectionBilling {
  /** Invoices issued for the application (its contribution, and the membership fee it brought). */
  invoices: number;
  /** Money received against them, cents. */
  paidCents: number;
}

export function protectionStage(status: ProtectionStatus, billing: ProtectionBilling): ProtectionStage {
  if (status === 'ended') return 'ended';
  if (status === 'active') return 'protected';
  if (status === 'submitted' || status === 'under_review') return status;
  if (billing.paidCents > 0) return 'protected';
  return billing.invoices > 0 ? 'invoiced' : 'accepted';
}

/** Whether cover is running: what the dashboard may call protected. */
export const isProtected = (stage: ProtectionStage) => stage === 'protected';

/**
 * Whether a claim may be lodged on an application: only while its cover runs. Before cover starts
 * (submitted, under review, accepted, invoiced and unpaid) the board has nothing to consider a claim
 * under; the claim form and the server say so in claimBeforeCoverMessage, in the words of who lodges it.
 */
export const canLodgeClaim = (stage: ProtectionStage) => isProtected(stage);

/** Why a claim cannot be lodged on an application whose cover has not started, said to `reader`. */
export function claimBeforeCoverMessage(reader: Reader): string {
  const why = `Cover on this application has not started: it starts when ${READER_POSSESSIVE[reader]} first payment reaches us. The board considers claims only on paddocks under cover, so a claim cannot be lodged for it.`;
  return reader === 'staff' ? why : `${why} If hail or fire has already hit, tell us through Help all the same and we will talk it through with ${reader === 'member' ? 'you' : 'you both'}.`;
}

/** Whether cover has started on an application (it may since have ended): what reports count as protected. */
export const coverStarted = (stage: ProtectionStage) => stage === 'protected' || stage === 'ended';

/** What an application's value is called: protected while cover runs or ran, applied for before. */
export const valueLabel = (stage: ProtectionStage) => (coverStarted(stage) ? 'Value protected' : 'Value applied for');

/** How a paddock stands on the farm map: under cover that has started, applied for, or neither. */
export type PaddockCover = 'protected' | 'pending' | 'unprotected';

/** The words of each cover on every map key and tooltip. */
export const PADDOCK_COVER_LABELS: Record<PaddockCover, string> = {
  protected: 'Protected',
  pending: 'Applied for, not protected yet',
  unprotected: 'Not protected',
};

/**
 * A farm paddock's cover, from the member's protections that have not ended: the farm and a
 * protection share a paddock by its name (the farm keeps the names a quote starts from; case and
 * spaces aside). Only a paddock priced into a protection counts, and running cover wins over an
 * application.
 */
export function farmPaddockCover(paddockName: string, protections: ReadonlyArray<{ stage: ProtectionStage; paddocks: ReadonlyArray<{ name: string; priced: boolean }> }>): PaddockCover {
  const key = paddockName.trim().toLowerCase();
  const stages = protections
    .filter((protection) => protection.stage !== 'ended' && protection.paddocks.some((paddock) => paddock.priced && paddock.name.trim().toLowerCase() === key))
    .map((protection) => protection.stage);
  if (stages.some(isProtected)) return 'protected';
  return stages.length > 0 ? 'pending' : 'unprotected';
}
