import { formatCents, formatDate } from '../../format';
import { isAdministrator, type RoleHolder } from '../accounts/permissions';
import type { Reader } from '../reader';
import { CLAIM_MESSAGES, type ClaimPeril, type ClaimStatus } from '../../contracts/claims';

/**
 * Claims: the perils a member can claim for, the path a claim takes, and how the
 * member's hurdle bears on it. A claim is the member's account of a loss; staff assess it.
 */

export const CLAIM_PERIL_LABELS: Record<ClaimPeril, string> = { hail: 'Hail', fire: 'Fire & Lightning' };

export const CLAIM_STATUS_LABELS: Record<ClaimStatus, string> = {
  lodged: 'Lodged',
  under_assessment: 'Under assessment',
  information_requested: 'Information requested',
  accepted: 'Accepted',
  declined: 'Declined',
  paid: 'Paid',
  withdrawn: 'Withdrawn',
};

export const CLAIM_STATUS_DESCRIPTIONS: Record<ClaimStatus, string> = {
  lodged: 'We have your claim and will contact you within two business days to arrange an assessment.',
  under_assessment: 'An assessor is looking at the affected paddocks.',
  information_requested: 'We need something more from you; see the messages below.',
  accepted: 'The board has accepted the claim; payment follows.',
  declined: 'The board has declined the claim; the messages below explain why.',
  paid: 'The claim has been paid.',
  withdrawn: 'The claim was withdrawn.',
};

/** A badge's tone: what a status asks of the person reading it. */
export type StatusTone = 'neutral' | 'info' | 'success' | 'warning' | 'danger';

/** Each status's badge, the same on the member's pages and staff's: information requested is the one that wants action. */
export const CLAIM_STATUS_TONES: Record<ClaimStatus, StatusTone> = {
  lodged: 'info',
  under_assessment: 'warning',
  information_requested: 'danger',
  accepted: 'success',
  declined: 'neutral',
  paid: 'success',
  withdrawn: 'neutral',
};

/** Where staff may move a claim next; paid, declined and withdrawn are final. */
const NEXT_STATUSES: Record<ClaimStatus, readonly ClaimStatus[]> = {
  lodged: ['under_assessment', 'information_requested', 'declined', 'withdrawn'],
  under_assessment: ['information_requested', 'accepted', 'declined', 'withdrawn'],
  information_requested: ['under_assessment', 'accepted', 'declined', 'withdrawn'],
  accepted: ['paid'],
  declined: [],
  paid: [],
  withdrawn: [],
};

export function canMoveClaim(from: ClaimStatus, to: ClaimStatus): boolean {
  return NEXT_STATUSES[from].includes(to);
}

/** Open: still on its way to being paid, declined or withdrawn. */
export function isOpenClaim(status: ClaimStatus): boolean {
  return NEXT_STATUSES[status].length > 0;
}

/** Staff (administrators) answer any member's claim; on their own claim an administrator writes as its member. */
export function isStaffReply(author: RoleHolder & { id: string }, claimOwnerId: string): boolean {
  return isAdministrator(author) && author.id !== claimOwnerId;
}

/** The member's message on a claim staff asked for information answers them: it goes to staff's support queue. */
export function answersInformationRequest(status: ClaimStatus, fromStaff: boolean): boolean {
  return !fromStaff && status === 'information_requested';
}

export interface AffectedPaddock {
  name: string;
  crop: string | null;
  areaHa: number;
  /** Value protected on this paddock, in cents. */
  valueCents: number;
  hurdlePercentage: number;
}

export interface HurdleOutcome {
  /** Σ value × hurdle over the affected paddocks: the part of a loss the member carries. */
  hurdleCents: number;
  valueCents: number;
  estimatedLossCents: number;
  /** What the estimate leaves above the hurdle, up to the value protected: the most the mutual would consider. */
  aboveHurdleCents: number;
  /** The claimed loss as a share of the value protected on the affected paddocks (percent, one decimal; over 100 for an estimate above the value). */
  lossPercentage: number;
  clearsHurdle: boolean;
  explanation: string;
}

const HURDLE_VOICES: Record<Reader, { hurdle: string; loss: string; confirm: string }> = {
  member: { hurdle: 'Your hurdle', loss: 'Your estimated loss', confirm: 'Staff will confirm the paddocks with you.' },
  client: { hurdle: 'Your client’s hurdle', loss: 'Their estimated loss', confirm: 'Staff will confirm the paddocks with your client.' },
  staff: { hurdle: 'The member’s hurdle', loss: 'Their estimated loss', confirm: 'Confirm the paddocks with the member.' },
};

/**
 * How the member's hurdle bears on the claim. The hurdle is the share of the protected value the
 * member carries before the mutual pays: on the affected paddocks it is the sum of each paddock's
 * value times its hurdle. A loss at or below it is the member's; above it, the excess is what the
 * board considers, subject to assessment (the mutual is discretionary). The explanation speaks to
 * `reader`.
 */
export function hurdleOutcome(paddocks: readonly AffectedPaddock[], estimatedLossCents: number, reader: Reader = 'member'): HurdleOutcome {
  const valueCents = paddocks.reduce((sum, p) => sum + p.valueCents, 0);
  const hurdleCents = paddocks.reduce((sum, p) => sum + Math.round((p.valueCents * p.hurdlePercentage) / 100), 0);
  const loss = Math.max(0, Math.round(estimatedLossCents));
  // Nothing beyond the value protected is ever considered, whatever the estimate (where no value is recorded, the estimate stands until staff confirm the paddocks).
  const aboveHurdleCents = Math.max(0, (valueCents > 0 ? Math.min(loss, valueCents) : loss) - hurdleCents);
  const lossPercentage = valueCents > 0 ? Math.round((loss / valueCents) * 1000) / 10 : 0;
  const clearsHurdle = loss > hurdleCents;
  const hurdles = [...new Set(paddocks.map((p) => p.hurdlePercentage))];
  const hurdleWords = hurdles.length === 1 ? `${hurdles[0]}%` : 'the hurdle of each paddock';
  const voice = HURDLE_VOICES[reader];
  let explanation: string;
  if (paddocks.length === 0 || valueCents === 0) {
    explanation = `No protected value is recorded on the affected paddocks, so the hurdle cannot be worked out yet. ${voice.confirm}`;
  } else if (loss > valueCents) {
    const most =
      hurdleCents === 0 ? 'the value protected' : `${formatCents(valueCents - hurdleCents)} (the value protected less ${hurdles.length === 1 ? 'the hurdle' : hurdleWords}, ${formatCents(hurdleCents)})`;
    explanation = `${voice.loss} of ${formatCents(loss)} is more than the ${formatCents(valueCents)} protected on these paddocks: check the amount. At most ${most} can be considered once the loss is assessed.`;
  } else if (hurdleCents === 0) {
    explanation = `These paddocks carry no hurdle, so the whole assessed loss (estimated at ${formatCents(loss)}) is considered, up to the value protected of ${formatCents(valueCents)}.`;
  } else if (clearsHurdle) {
    explanation = `${voice.hurdle} is ${hurdleWords} of the ${formatCents(valueCents)} protected on these paddocks: ${formatCents(hurdleCents)}. ${voice.loss} of ${formatCents(loss)} is above it, so about ${formatCents(aboveHurdleCents)} is considered once the loss is assessed.`;
  } else {
    explanation = `${voice.hurdle} is ${hurdleWords} of the ${formatCents(valueCents)} protected on these paddocks: ${formatCents(hurdleCents)}. ${voice.loss} of ${formatCents(loss)} is within it, so unless the assessment finds a larger loss nothing is payable.`;
  }
  return { hurdleCents, valueCents, estimatedLossCents: loss, aboveHurdleCents, lossPercentage, clearsHurdle, explanation };
}

/** When cover ran on a protection, as Perth calendar dates (YYYY-MM-DD). */
export interface CoverDays {
  /** The day cover started (coverStartDay: its first payment reached the mutual, or staff marked it active); the day it was applied for where neither is recorded. */
  startedOn: string;
  /** The last day of the season's cover. */
  endsOn: string;
}

/**
 * Why a claim cannot be for damage on `eventDate` (its error code and sentence), or undefined when
 * it can: the board considers damage done while cover ran, so not in the future, not before cover
 * started and not after the season's cover ended (an application nobody has ended yet is still past
 * its season).
 */
export function claimEventDateProblem(eventDate: string, today: string, cover: CoverDays): { error: string; message: string } | undefined {
  if (eventDate > today) return { error: 'event_in_future', message: CLAIM_MESSAGES.eventInFuture };
  if (eventDate < cover.startedOn) {
    return {
      error: 'event_before_cover',
      message: `Cover on this protection started on ${formatDate(cover.startedOn)}: the board considers claims only for damage from that day on. If the damage happened before it, tell us through Help all the same and we will talk it through with you.`,
    };
  }
  if (eventDate > cover.endsOn) return { error: 'event_after_cover', message: `Cover on this protection ended on ${formatDate(cover.endsOn)}: the board considers claims only for damage while cover ran.` };
  return undefined;
}

/** The latest day a claim on this protection can be for: today, or the day its cover ended. */
export const latestClaimEventDate = (today: string, cover: Pick<CoverDays, 'endsOn'>) => (cover.endsOn < today ? cover.endsOn : today);
