/**
 * A broker's clients under a storm or fire warning that stands now (docs/alerts.md 'A client's
 * alerts'): the morning after a storm, who to ring first. Each alert opens on the client's alerts
 * page, where the broker sees the map and starts a claim for them.
 */
import { ALERT_KIND_LABELS } from '@shared/contracts/alerts';
import type { ClientView } from '@shared/contracts/dashboard';
import { MemberLink } from './member-scope';
import styles from './dashboard.module.css';

export function ClientsUnderAlerts({ clients }: { clients: readonly ClientView[] }) {
  const under = clients.filter((client) => client.currentAlerts.length > 0);
  if (under.length === 0) return null;
  return (
    <section className={`${styles.card} ${styles.alertsPanel}`} aria-labelledby="clients-under-alerts" data-testid="clients-under-alerts">
      <h2 id="clients-under-alerts">Under storm and fire alerts now ({under.length})</h2>
      <ul className={styles.list}>
        {under.flatMap((client) =>
          client.currentAlerts.map((alert) => (
            <li key={alert.id} className={styles.listItem}>
              <span>
                <strong>{client.name}</strong>
                <br />
                <span className={styles.muted}>
                  {ALERT_KIND_LABELS[alert.kind]}: {alert.title} · {alert.paddocks.join(', ')}
                </span>
              </span>
              <MemberLink className="button" to={`/dashboard/alerts?${new URLSearchParams({ member: client.id })}#alert-${alert.id}`} aria-label={`See ${client.name}’s alert: ${alert.title}`}>
                See the alert
              </MemberLink>
            </li>
          )),
        )}
      </ul>
    </section>
  );
}
