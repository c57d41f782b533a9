/** How an alert and its paddocks read on the alerts page and the dashboard's panel. */
import type { AlertPaddock, MemberAlert } from '@shared/contracts/alerts';
import { formatHectares, formatPercentRounded } from '@shared/format';
import type { BadgeTone } from '../ui';

export function alertState(alert: MemberAlert, now = Date.now()): { label: 'Ended' | 'Expired' | 'Current'; tone: BadgeTone } {
  if (alert.cancelledAt) return { label: 'Ended', tone: 'neutral' };
  if (alert.expiresAt && Date.parse(alert.expiresAt) <= now) return { label: 'Expired', tone: 'neutral' };
  return { label: 'Current', tone: 'warning' };
}

export function paddockShare(paddock: AlertPaddock): string {
  if (paddock.share === null) return 'Your farm’s location is inside the area (this paddock has no boundary on the map)';
  return `${formatPercentRounded(paddock.share * 100)} of ${formatHectares(paddock.areaHa)}, about ${formatHectares(paddock.hectaresAffected ?? 0)}`;
}
