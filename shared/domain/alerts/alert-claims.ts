/**
 * Claims and stored events (docs/alerts.md 'Claims from alerts'):
 *
 * - a claim started from an alert: which protection, peril, day and paddocks to fill in;
 * - corroboration for staff: a claim is corroborated when a stored event of a kind that causes its
 *   peril lay over one of its paddocks on its day (the event's Perth days, and the day after, since
 *   damage is often found the morning after a storm).
 */
import { ALERT_KIND_LABELS } from '../../contracts/alerts';
import type { AlertKind } from '../../contracts/alert-kinds';
import { formatDate, formatDateTime, perthCalendarDate } from '../../format';
import { type ProtectionStage } from '../../contracts/protection-status';
import { CLAIM_PERILS, type ClaimPeril } from '../../contracts/claims';
import type { CoverageType } from '../../constants';
import { canLodgeClaim } from '../protection/lifecycle';
import { coverageIncludes } from '../protection/protection';
import { addDays } from '../../perth-time';

/** What a claim of each peril can come from: a thunderstorm warning brings hail and lightning. */
export const EVENT_KINDS_FOR_PERIL: Record<ClaimPeril, readonly AlertKind[]> = {
  hail: ['hail', 'storm'],
  fire: ['fire', 'lightning', 'storm'],
};

const PERIL_WORDS: Record<ClaimPeril, string> = { hail: 'hail', fire: 'fire or lightning' };

/** Days after an event's last day on which a claim for it is still corroborated. */
export const CORROBORATION_GRACE_DAYS = 1;

export const perilsForEventKind = (kind: AlertKind): ClaimPeril[] => CLAIM_PERILS.filter((peril) => EVENT_KINDS_FOR_PERIL[peril].includes(kind));

interface AlertForClaim {
  eventId: string;
  kind: AlertKind;
  effectiveAt: string;
  paddocks: readonly { applicationId: string; paddockId: string }[];
}

interface ProtectionForClaim {
  id: string;
  stage: ProtectionStage;
  coverageType: CoverageType;
  paddocks: readonly { id: string; priced: boolean }[];
}

export interface ClaimStart {
  applicationId: string;
  peril: ClaimPeril;
  /** The Perth day the event took effect (today at the latest). */
  eventDate: string;
  affectedPaddockIds: string[];
  alertEventId: string;
}

/**
 * The claim an alert starts: the first protection that can take a claim, covers a peril the event
 * brings and holds paddocks under it. Null when none does (the alert then offers no claim).
 */
export function claimStartFromAlert(alert: AlertForClaim, protections: readonly ProtectionForClaim[], today: string = perthCalendarDate(new Date())): ClaimStart | null {
  const effectiveDay = perthCalendarDate(new Date(alert.effectiveAt));
  for (const protection of protections) {
    if (!canLodgeClaim(protection.stage)) continue;
    const peril = perilsForEventKind(alert.kind).find((candidate) => coverageIncludes(protection.coverageType, candidate));
    if (!peril) continue;
    const affectedPaddockIds = alert.paddocks
      .filter((paddock) => paddock.applicationId === protection.id && protection.paddocks.some((held) => held.id === paddock.paddockId && held.priced))
      .map((paddock) => paddock.paddockId);
    if (affectedPaddockIds.length === 0) continue;
    return { applicationId: protection.id, peril, eventDate: effectiveDay < today ? effectiveDay : today, affectedPaddockIds, alertEventId: alert.eventId };
  }
  return null;
}

export interface StoredEventOverMember {
  eventId: string;
  kind: AlertKind;
  title: string;
  effectiveAt: string;
  expiresAt: string | null;
  cancelledAt: string | null;
  /** The member's paddocks under it, as matched when it arrived. */
  paddocks: readonly { applicationId: string; paddockId: string; name: string; share: number | null }[];
}

interface ClaimToCorroborate {
  peril: ClaimPeril;
  /** The Perth calendar day the member gave, YYYY-MM-DD. */
  eventDate: string;
  applicationId: string;
  paddockIds: readonly string[];
  /** The alert the member started the claim from, if they did. */
  alertEventId?: string | null;
}

export type Corroboration = { status: 'corroborated'; eventId: string; title: string; kind: AlertKind; paddocks: string[]; summary: string } | { status: 'not_corroborated'; summary: string };

/** The Perth days an event covered: from the day it took effect to the day it expired or was cancelled, whichever came first. */
export function eventDays(event: Pick<StoredEventOverMember, 'effectiveAt' | 'expiresAt' | 'cancelledAt'>): { first: string; last: string } {
  const first = perthCalendarDate(new Date(event.effectiveAt));
  const ends = [event.expiresAt, event.cancelledAt].filter((end): end is string => end !== null).map((end) => Date.parse(end));
  const last = ends.length > 0 ? perthCalendarDate(new Date(Math.min(...ends))) : first;
  return { first, last: last < first ? first : last };
}

/**
 * The claims an event can bear out, on the protections it lay over: of a peril its kind brings, for
 * a day from its first to the day after its last (YYYY-MM-DD, both included).
 */
export function claimsWindowOfEvent(event: Pick<StoredEventOverMember, 'kind' | 'effectiveAt' | 'expiresAt' | 'cancelledAt'>): { perils: ClaimPeril[]; from: string; to: string } {
  const { first, last } = eventDays(event);
  return { perils: perilsForEventKind(event.kind), from: first, to: addDays(last, CORROBORATION_GRACE_DAYS) };
}

/** Whether a stored event bears out the claim's time, place and peril; the sentence says which part failed when none does. */
export function corroborateClaim(claim: ClaimToCorroborate, events: readonly StoredEventOverMember[]): Corroboration {
  const overPaddocks = events
    .map((event) => ({ event, paddocks: event.paddocks.filter((paddock) => paddock.applicationId === claim.applicationId && claim.paddockIds.includes(paddock.paddockId)) }))
    .filter((candidate) => candidate.paddocks.length > 0);
  if (overPaddocks.length === 0) return { status: 'not_corroborated', summary: 'No stored event covered these paddocks.' };

  const windowed = overPaddocks.map((candidate) => ({ ...candidate, window: claimsWindowOfEvent(candidate.event) }));
  const onTheDay = windowed.filter(({ window }) => claim.eventDate >= window.from && claim.eventDate <= window.to);
  if (onTheDay.length === 0) return { status: 'not_corroborated', summary: `Stored events covered these paddocks, but none on ${formatDate(claim.eventDate)} or the day before.` };

  const bringingPeril = onTheDay.filter(({ window }) => window.perils.includes(claim.peril));
  if (bringingPeril.length === 0) return { status: 'not_corroborated', summary: `The stored events over these paddocks that day were not ${PERIL_WORDS[claim.peril]}.` };

  // The alert the member started the claim from, when it bears the claim out: the storm they said hit them.
  // Otherwise the event that covered most of the claimed ground (a paddock placed by its farm's location counts as wholly covered).
  const covered = (paddocks: (typeof bringingPeril)[number]['paddocks']) => paddocks.reduce((sum, paddock) => sum + (paddock.share ?? 1), 0);
  const named = bringingPeril.find(({ event }) => event.eventId === claim.alertEventId);
  const best = named ?? bringingPeril.reduce((top, candidate) => (covered(candidate.paddocks) > covered(top.paddocks) ? candidate : top));
  const names = best.paddocks.map((paddock) => paddock.name);
  return {
    status: 'corroborated',
    eventId: best.event.eventId,
    title: best.event.title,
    kind: best.event.kind,
    paddocks: names,
    summary: `${ALERT_KIND_LABELS[best.event.kind]}: ${best.event.title}, from ${formatDateTime(best.event.effectiveAt)}, covered ${names.join(', ')}.`,
  };
}
