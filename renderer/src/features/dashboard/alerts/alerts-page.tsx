/**
 * /dashboard/alerts: the Bureau's and DFES's warnings that fell over the member's paddocks, newest
 * first, each with the paddocks under it and how much of each (docs/alerts.md). The alert e-mails
 * link here. Opening the page does not mark anything read: the member says so per alert.
 */
import { ALERT_KIND_LABELS, type AlertPaddock, type MemberAlert } from '@shared/contracts/alerts';
import { formatDateTime, formatHectares, formatPercentRounded } from '@shared/format';
import { failureMessage } from '../../../lib/react-query';
import { type BadgeTone, EmptyState, ErrorState, LoadingState, PageHeader, StatusBadge } from '../ui';
import styles from '../dashboard.module.css';
import { useMyAlerts } from './api/get-alerts';
import { useMarkAlertRead } from './api/mark-alert-read';

export default function AlertsPage() {
  const alerts = useMyAlerts();
  return (
    <div className={styles.page}>
      <PageHeader
        title="Alerts"
        intro="Storm, hail, fire and lightning warnings from the Bureau of Meteorology and DFES that covered paddocks you protect or applied to protect, and how much of each paddock lay under them. We also e-mail them, unless you turned alert e-mails off in Settings."
      />
      {alerts.isPending && <LoadingState label="Loading your alerts" rows={2} />}
      {alerts.isError && <ErrorState title="Your alerts could not be loaded" message={failureMessage(alerts.error)} onRetry={() => void alerts.refetch()} />}
      {alerts.isSuccess && alerts.data.alerts.length === 0 && (
        <EmptyState icon="field" title="No alerts">
          <p>When a warning covers one of your paddocks, it appears here with the paddocks it covered.</p>
        </EmptyState>
      )}
      {alerts.isSuccess && alerts.data.alerts.length > 0 && (
        <>
          <p className={styles.muted} role="status">
            {alerts.data.unread === 0 ? 'You have read every alert.' : `${alerts.data.unread} unread alert${alerts.data.unread === 1 ? '' : 's'}.`}
          </p>
          <ul className={styles.list} aria-label="Your alerts, newest first">
            {alerts.data.alerts.map((alert) => (
              <li key={alert.id}>
                <AlertCard alert={alert} />
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

function alertState(alert: MemberAlert, now = Date.now()): { label: string; tone: BadgeTone } {
  if (alert.cancelledAt) return { label: 'Ended', tone: 'neutral' };
  if (alert.expiresAt && Date.parse(alert.expiresAt) <= now) return { label: 'Expired', tone: 'neutral' };
  return { label: 'Current', tone: 'warning' };
}

function paddockShare(paddock: AlertPaddock): string {
  if (paddock.share === null) return 'Your farm’s location is inside the area (this paddock has no boundary on the map)';
  return `${formatPercentRounded(paddock.share * 100)} of ${formatHectares(paddock.areaHa)}, about ${formatHectares(paddock.hectaresAffected ?? 0)}`;
}

function AlertCard({ alert }: { alert: MemberAlert }) {
  const markRead = useMarkAlertRead();
  const state = alertState(alert);
  const titleId = `alert-${alert.id}`;
  return (
    <article className={styles.card} aria-labelledby={titleId} data-testid="member-alert">
      <div className={styles.cardHeader}>
        <h2 id={titleId}>
          {ALERT_KIND_LABELS[alert.kind]}: {alert.title}
        </h2>
        <StatusBadge tone={state.tone}>{state.label}</StatusBadge>
        {!alert.read && <StatusBadge tone="info">Unread</StatusBadge>}
      </div>
      <dl className={styles.dl}>
        <dt>From</dt>
        <dd>{formatDateTime(alert.effectiveAt)}</dd>
        {alert.expiresAt && (
          <>
            <dt>Until</dt>
            <dd>{formatDateTime(alert.expiresAt)}</dd>
          </>
        )}
        {alert.severity && (
          <>
            <dt>Severity</dt>
            <dd>{alert.severity}</dd>
          </>
        )}
        {alert.hailSizeMm !== null && (
          <>
            <dt>Hail size</dt>
            <dd>up to {alert.hailSizeMm / 10} cm</dd>
          </>
        )}
      </dl>
      <section aria-labelledby={`${titleId}-paddocks`}>
        <h3 id={`${titleId}-paddocks`}>Paddocks under it</h3>
        <ul className={styles.list}>
          {alert.paddocks.map((paddock) => (
            <li key={`${paddock.applicationId}-${paddock.paddockId}`} className={styles.listItem}>
              <strong>{paddock.name}</strong>
              <span className={styles.muted}>{paddockShare(paddock)}</span>
            </li>
          ))}
        </ul>
      </section>
      <div className={styles.actions}>
        {!alert.read && (
          <button type="button" className="button" disabled={markRead.isPending} onClick={() => markRead.mutate(alert.id)}>
            {markRead.isPending ? 'Saving…' : 'Mark as read'}
          </button>
        )}
        {markRead.isError && (
          <p className={`${styles.notice} ${styles.noticeError}`} role="alert">
            {failureMessage(markRead.error)}
          </p>
        )}
      </div>
    </article>
  );
}
