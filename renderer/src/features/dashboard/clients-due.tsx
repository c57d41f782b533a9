/**
 * A broker's clients due to renew (docs/seasons.md 'Renewing'): once staff open a new season, each
 * client whose cover started before and who has not applied in it, with the protection their renewal
 * starts from. "Renew" starts it in the client's name and opens it in the wizard, as the client's own
 * renewal card would.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { ClientView } from '@shared/contracts/dashboard';
import { failureMessage } from '../../lib/react-query';
import { renewalWizardPath, useStartRenewal } from './api/start-renewal';
import styles from './dashboard.module.css';

export function ClientsDueToRenew({ clients, seasonYear, viewerId }: { clients: readonly ClientView[]; seasonYear: number; viewerId: string }) {
  const navigate = useNavigate();
  const starting = useStartRenewal();
  const [startingFor, setStartingFor] = useState<string | null>(null);
  const due = clients.filter((client) => client.renewal !== null);
  if (due.length === 0) return null;
  const renew = (client: ClientView) => {
    setStartingFor(client.id);
    starting.mutate({ viewerId, memberId: client.id }, { onSuccess: ({ draftId }) => void navigate(renewalWizardPath(`/quote?${new URLSearchParams({ customerId: client.id })}`, draftId)) });
  };
  return (
    <section className={styles.card} aria-labelledby="clients-due" data-testid="clients-due">
      <h2 id="clients-due">
        Due to renew for the {seasonYear} season ({due.length})
      </h2>
      <p className={styles.muted}>Each renewal starts from the client’s last protection with its paddocks, crops, yields, prices and hurdles; you change what is sown where and submit in their name.</p>
      <div className={styles.tableWrap}>
        <table className={`${styles.table} ${styles.stack}`}>
          <thead>
            <tr>
              <th scope="col">Client</th>
              <th scope="col">Renews</th>
              <th scope="col">
                <span className="visually-hidden">Action</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {due.map((client) => (
              <tr key={client.id}>
                <td data-label="Client">{client.name}</td>
                <td data-label="Renews">
                  {client.renewal!.season} protection ({client.renewal!.reference})
                </td>
                <td>
                  <button type="button" className="button button-primary" aria-label={`Renew ${client.name}`} disabled={starting.isPending} onClick={() => renew(client)}>
                    {starting.isPending && startingFor === client.id ? 'Starting…' : 'Renew'}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {starting.isError && (
        <p className={`${styles.notice} ${styles.noticeError}`} role="alert">
          {failureMessage(starting.error, 'The renewal could not be started. Check your connection and try again.')}
        </p>
      )}
    </section>
  );
}
