/** How an alert and its paddocks read on the alerts page and the dashboard's panel. */
import type { AlertPaddock, MemberAlert } from '@shared/contracts/alerts';
import type { AlertEventStatus } from '@shared/contracts/alerts';
import { ALERT_EVENT_STATUS_LABELS, alertEventStatus } from '@shared/domain/alerts/event-status';
import { formatHectares, formatPercentRounded } from '@shared/format';
import { type Reader, READER_POSSESSIVE } from '@shared/domain/reader';
import type { BadgeTone } from '../ui';

export function alertState(alert: MemberAlert, now = Date.now()): { status: AlertEventStatus; label: string; tone: BadgeTone } {
  const status = alertEventStatus(alert, new Date(now));
  return { status, label: ALERT_EVENT_STATUS_LABELS[status], tone: status === 'current' ? 'warning' : 'neutral' };
}

export function paddockShare(paddock: AlertPaddock): string {
  if (paddock.share === null) return 'Your farm’s location is inside the area (this paddock has no boundary on the map)';
  return `${formatPercentRounded(paddock.share * 100)} of ${formatHectares(paddock.areaHa)}, about ${formatHectares(paddock.hectaresAffected ?? 0)}`;
}

/** Whose paddocks the alerts lay over, in the words of who reads them: the member, their broker (a client's) or staff. */
export function whosePaddocks(reader: Reader): string {
  return `${READER_POSSESSIVE[reader]} paddocks`;
}
