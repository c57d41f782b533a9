import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { attentionLines, attentionTotal, NOTHING_WAITING } from '@shared/domain/notifications/staff-attention';
import { unreadBadgeText } from '@shared/domain/notifications/unread-badge';
import { useNotificationCount } from '../api/get-notification-count';
import styles from './notification-bell.module.css';
import { formatDateTime } from '@shared/format';

const NONE = { unreadCount: 0, recentSubmissions: [], attention: NOTHING_WAITING };
const typeLabel = (type: string) => (type === 'register' ? 'Registered interest' : 'Contact message');

/**
 * The admin header's bell: everything waiting for staff in one count, and a dropdown with what
 * waits (new applications, claims and support requests, each linking to its page) above up to 3
 * recent form submissions (docs/behaviour.md §2).
 */
export function NotificationBell() {
  const { data = NONE } = useNotificationCount();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const waiting = attentionLines(data.attention);
  const total = attentionTotal(data.unreadCount, data.attention);
  const badge = unreadBadgeText(total);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div ref={root} className={styles.root}>
      <button type="button" className={styles.bell} aria-expanded={open} aria-controls={panelId} aria-label={badge ? `Notifications, ${total} new` : 'Notifications'} onClick={() => setOpen((value) => !value)}>
        <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
          <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
        </svg>
        {badge && (
          <span className={styles.badge} data-testid="bell-badge">
            {badge}
          </span>
        )}
      </button>
      {open && (
        <div id={panelId} className={styles.panel} role="region" aria-label="Notifications">
          {waiting.length > 0 && (
            <ul className={styles.list} aria-label="Waiting for staff">
              {waiting.map((line) => (
                <li key={line.path}>
                  <Link to={line.path} onClick={() => setOpen(false)}>
                    <strong>{line.text}</strong>
                  </Link>
                </li>
              ))}
            </ul>
          )}
          {data.recentSubmissions.length === 0 ? (
            waiting.length === 0 && <p className={styles.empty}>No new notifications</p>
          ) : (
            <ul className={styles.list} aria-label="New form submissions">
              {data.recentSubmissions.map((submission) => (
                <li key={submission.id}>
                  <Link to="/admin/form-submissions" onClick={() => setOpen(false)}>
                    <strong>{submission.name}</strong>
                    <span>
                      {typeLabel(submission.type)} · {submission.email}
                    </span>
                    <time dateTime={submission.createdAt}>{formatDateTime(submission.createdAt)}</time>
                  </Link>
                </li>
              ))}
            </ul>
          )}
          <Link to="/admin/form-submissions" className={styles.viewAll} onClick={() => setOpen(false)}>
            View all submissions
          </Link>
        </div>
      )}
    </div>
  );
}

/** The unread badge beside 'Form Submissions' in the admin menu. */
export function UnreadSubmissionsBadge() {
  const { data = NONE } = useNotificationCount();
  const text = unreadBadgeText(data.unreadCount);
  if (!text) return null;
  return (
    <span className={styles.menuBadge} data-testid="form-submissions-badge" aria-label={`${data.unreadCount} unread`}>
      {text}
    </span>
  );
}
