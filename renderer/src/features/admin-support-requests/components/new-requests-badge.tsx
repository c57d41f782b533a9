import { unreadBadgeText } from '@shared/domain/notifications/unread-badge';
import { useNewSupportRequestCount } from '../api/get-new-count';
import styles from './new-requests-badge.module.css';

/** The badge beside 'Support Requests' in the admin menu: new requests, docs/behaviour.md §2's unread rule ('99+' above 99). */
export function NewSupportRequestsBadge() {
  const { data } = useNewSupportRequestCount();
  const text = unreadBadgeText(data?.newCount ?? 0);
  if (!text) return null;
  return (
    <span className={styles.menuBadge} data-testid="support-requests-badge" aria-label={`${data?.newCount} new`}>
      {text}
    </span>
  );
}
