import { NOTIFICATION_BADGE_CAP } from '../../constants';

/** docs/behaviour.md §2: the unread count as the badge shows it, '99+' above 99; nothing when nothing is unread. */
export function unreadBadgeText(count: number): string | undefined {
  if (count <= 0) return undefined;
  return count > NOTIFICATION_BADGE_CAP ? `${NOTIFICATION_BADGE_CAP}+` : String(count);
}
