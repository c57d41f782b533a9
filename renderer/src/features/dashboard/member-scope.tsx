/**
 * Whose records a dashboard page shows. A broker works for their clients: ?member=<client id> on any
 * dashboard page shows that client's records (the server checks the broker of record), and the bar
 * at the top switches between clients. Everyone else sees their own.
 */
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { useSession } from '../../stores/use-session';
import { dashboardApi } from './dashboard-api';
import { useResource } from './use-resource';
import styles from './dashboard.module.css';

export function useMemberScope() {
  const { user, status } = useSession();
  const [params, setParams] = useSearchParams();
  const requested = params.get('member') ?? undefined;
  const memberId = requested && requested !== user?.id ? requested : undefined;
  const isBroker = Boolean(user?.isBroker);
  const setMember = useCallback(
    (id: string | undefined) =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          if (id) next.set('member', id);
          else next.delete('member');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  /** A link to another dashboard page for the same member. */
  const linkTo = useCallback((path: string) => (memberId ? `${path}${path.includes('?') ? '&' : '?'}member=${encodeURIComponent(memberId)}` : path), [memberId]);
  return { user, sessionStatus: status, memberId, isBroker, setMember, linkTo, key: `${user?.id ?? ''}:${memberId ?? 'self'}` };
}

/** For brokers: which client's records the page shows. */
export function ClientScopeBar() {
  const { isBroker, memberId, setMember } = useMemberScope();
  const clients = useResource(() => (isBroker ? dashboardApi.clients() : Promise.resolve({ clients: [] })), String(isBroker));
  if (!isBroker) return null;
  const list = clients.status === 'ready' ? clients.data.clients : [];
  return (
    <div className={styles.scopeBar}>
      <label htmlFor="client-scope">Showing records of</label>
      <select id="client-scope" value={memberId ?? ''} onChange={(event) => setMember(event.target.value || undefined)} disabled={clients.status !== 'ready'}>
        <option value="">Your own account</option>
        {list.map((client) => (
          <option key={client.id} value={client.id}>
            {client.name}
            {client.businessName ? ` (${client.businessName})` : ''}
          </option>
        ))}
      </select>
      {clients.status === 'error' && <span className={styles.scopeError}>Your clients could not be loaded.</span>}
    </div>
  );
}
