/**
 * The one lifecycle a grower, a broker and staff read for an application (issue 17, docs/dashboard.md
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
import type { ProtectionStatus } from './protection';

export const PROTECTION_STAGES = ['submitted', 'under_review', 'accepted', 'invoiced', 'protected', 'ended'] as const;
export type ProtectionStage = (typeof PROTECTION_STAGES)[number];

export const PROTECTION_STAGE_LABELS: Record<ProtectionStage, string> = {
  submitted: 'Submitted',
  under_review: 'Under review',
  accepted: 'Accepted',
  invoiced: 'Invoiced',
  protected: 'Protected',
  ended: 'Ended',
};

export const PROTECTION_STAGE_DESCRIPTIONS: Record<ProtectionStage, string> = {
  submitted: 'We have your application and will review it within five business days. You are not protected yet.',
  under_review: 'Our underwriting team is reviewing your paddocks and figures. You are not protected yet.',
  accepted: 'Accepted by the board. Your invoices follow; protection starts with your first payment.',
  invoiced: 'Accepted and invoiced. Protection starts when your first payment reaches us.',
  protected: 'Your crop is protected for this season.',
  ended: 'This season’s protection has ended.',
};

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

/** How a paddock stands on the farm map: under cover that has started, applied for, or neither. */
export type PaddockCover = 'protected' | 'pending' | 'unprotected';

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
