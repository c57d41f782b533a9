import type { AlertEventStatus } from '../../contracts/alerts';

export const ALERT_EVENT_STATUS_LABELS: Record<AlertEventStatus, string> = {
  current: 'Current',
  held: 'Held: nobody is told until staff confirm it',
  needs_placing: 'Needs placing: nobody is told until staff place it',
  ended: 'Ended',
  expired: 'Expired',
};

export function alertEventStatus(event: { cancelledAt: string | null; expiresAt: string | null; heldAt?: string | null; confirmedAt?: string | null; areaKm2?: number | null }, now: Date): AlertEventStatus {
  if (event.cancelledAt) return 'ended';
  if (event.areaKm2 === null) return 'needs_placing';
  if (event.heldAt && !event.confirmedAt) return 'held';
  if (event.expiresAt && Date.parse(event.expiresAt) <= now.getTime()) return 'expired';
  return 'current';
}

/**
 * What staff may end by hand: an event that stands (a drawn report that is over, a feed's entry the
 * agency got wrong) or waits to be placed. A held event is withdrawn instead; an ended or expired one
 * is over already.
 */
export const ENDABLE_BY_HAND: readonly AlertEventStatus[] = ['current', 'needs_placing'];

export const endableByHand = (status: AlertEventStatus): boolean => ENDABLE_BY_HAND.includes(status);
