/**
 * The dashboard's word on storms and fires: the member's unread or current alerts (a broker's
 * client's, the supported member's), each with its paddocks and the way to the map and to a claim.
 * When there is nothing new, one line leads to the past alerts; nothing at all before the first.
 */
import { ALERT_KIND_LABELS } from '@shared/contracts/alerts';
import { paddockCoverFacts, stormMeaning } from '@shared/domain/alerts/storm-meaning';
import { formatDateTime } from '@shared/format';
import { useProtections } from '../../../api/get-protections';
import { MemberLink, useMemberScope } from '../member-scope';
import { StatusBadge } from '../ui';
import styles from '../dashboard.module.css';
import { useAlerts } from './api/get-alerts';
import { alertState, whosePaddocks } from './alert-state';

/** How many alerts the panel lists; the alerts page has the rest. */
const SHOWN = 3;

export function AlertsPanel() {
  // The member's alerts (a broker's client's, the supported member's), and what they mean from the same member's protections.
  const { scope, reader } = useMemberScope();
  const alerts = useAlerts(scope);
  const protections = useProtections(scope).data?.protections;
  const whose = whosePaddocks(reader);
  if (!alerts.isSuccess || alerts.data.alerts.length === 0) return null;
  const worth = alerts.data.alerts.filter((alert) => !alert.read || alertState(alert).status === 'current');
  if (worth.length === 0) {
    // The alerts page is not in the menu: a week after a storm it is where a claim starts from the warning.
    return (
      <p className={styles.muted}>
        No new storm or fire alerts over {whose}. <MemberLink to="/dashboard/alerts">Past alerts</MemberLink>
      </p>
    );
  }
  return (
    <section className={`${styles.card} ${styles.alertsPanel}`} aria-labelledby="alerts-panel">
      <div className={styles.cardHeader}>
        <h2 id="alerts-panel">Storm and fire alerts over {whose}</h2>
        <MemberLink to="/dashboard/alerts">All alerts</MemberLink>
      </div>
      <ul className={styles.list}>
        {worth.slice(0, SHOWN).map((alert) => {
          const state = alertState(alert);
          return (
            <li key={alert.id} className={styles.listItem}>
              <span>
                <strong>
                  {ALERT_KIND_LABELS[alert.kind]}: {alert.title}
                </strong>
                <br />
                <span className={styles.muted}>
                  From {formatDateTime(alert.effectiveAt)}
                  {alert.earlierIssues.length > 0 && ` · issued ${alert.earlierIssues.length + 1} times`} · {alert.paddocks.map((paddock) => paddock.name).join(', ')}
                </span>
              </span>
              <span className={styles.actions}>
                <StatusBadge tone={state.tone}>{state.label}</StatusBadge>
                <MemberLink className="button" to={`/dashboard/alerts#alert-${alert.id}`} aria-label={`See the map of ${alert.title}`}>
                  See the map
                </MemberLink>
              </span>
              {protections &&
                alert.paddocks.map((paddock) => (
                  <p key={`${paddock.applicationId}-${paddock.paddockId}`} className={styles.listItemNote} data-testid="storm-meaning">
                    {stormMeaning(alert.kind, paddock, paddockCoverFacts(alert.kind, paddock, protections), { reader }).sentence}
                  </p>
                ))}
            </li>
          );
        })}
      </ul>
      {worth.length > SHOWN && <p className={styles.muted}>{worth.length - SHOWN} more on the alerts page.</p>}
    </section>
  );
}
