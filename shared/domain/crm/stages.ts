/**
 * The staff's lead pipeline (/admin/crm/leads, docs/crm.md): where a prospective member came from,
 * the stages staff move them through, and who counts as one person.
 */
import type { LeadSource, LeadStage } from '../../contracts/crm';

export const LEAD_SOURCE_LABELS: Record<LeadSource, string> = {
  register_interest: 'Register interest',
  contact: 'Contact message',
  callback: 'Callback request',
  referrer: 'Referrer lead',
  draft: 'Unsubmitted quote',
};

export const LEAD_STAGE_LABELS: Record<LeadStage, string> = { new: 'New', contacted: 'Contacted', quoted: 'Quoted', won: 'Won', lost: 'Lost' };

/** A quote started and left this many days without an application becomes a lead. */
export const STALE_DRAFT_DAYS = 7;

/** The one key a person has across every source: the address trimmed and lower-cased. */
export function leadEmailKey(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Why staff may not move a lead from `from` to `to`, or null when they may. A won lead stays won
 * (its person is a member); a lost lead needs its reason; the same stage is not a move.
 */
export function stageMoveRefusal(from: LeadStage, to: LeadStage, lostReason: string | null | undefined): string | null {
  if (from === 'won') return 'This lead is won: its person has submitted an application, so its stage no longer changes.';
  if (to === 'won') return 'A lead becomes won by itself when its person submits an application; choose another stage.';
  if (to === 'lost' && !lostReason?.trim()) return 'Say why the lead was lost.';
  return null;
}

/** Whether a lead still needs following up: neither won nor lost. */
export function isOpenStage(stage: LeadStage): boolean {
  return stage !== 'won' && stage !== 'lost';
}

/**
 * What a new source does to an existing lead: a lost person who comes back through a source is a
 * prospect again, so the lead reopens at 'new'; any other stage is kept.
 */
export function stageAfterNewSource(stage: LeadStage): LeadStage {
  return stage === 'lost' ? 'new' : stage;
}
