/** Whether an event still stands: ended by a cancellation, expired by its own time, or current. */
export type AlertEventStatus = 'current' | 'ended' | 'expired';

export const ALERT_EVENT_STATUS_LABELS: Record<AlertEventStatus, string> = { current: 'Current', ended: 'Ended', expired: 'Expired' };

export function alertEventStatus(event: { cancelledAt: string | null; expiresAt: string | null }, now: Date): AlertEventStatus {
  if (event.cancelledAt) return 'ended';
  if (event.expiresAt && Date.parse(event.expiresAt) <= now.getTime()) return 'expired';
  return 'current';
}
