import type { DesktopMemberCacheView } from '../../lib/desktop';
import styles from '../../components/admin/admin.module.css';
import { formatDateTime } from '@shared/format';
import { MemberCells } from './member-cells';

/**
 * Desktop console only: how fresh the member cache on this computer is and, while the server is
 * answering or out of reach, the cached members matching the search.
 */
export function CachedMembers({ view, query }: { view: DesktopMemberCacheView; query: string }) {
  const { status, sync, results } = view;
  const synced = status?.lastSyncedAt ? `Last synced ${formatDateTime(status.lastSyncedAt)}` : 'Not synced yet';
  return (
    <>
      {status?.storage === 'unavailable' ? (
        <p className={styles.muted} role="status" data-testid="member-cache-status">
          Members are not kept on this computer: it offers no secure storage to encrypt them, so the console cannot show members while the server is out of reach.
        </p>
      ) : (
        <p className={styles.muted} role="status" data-testid="member-cache-status">
          Members on this computer: {status?.count ?? 0} · {synced}
          {sync === 'syncing' && ' · syncing…'}
          {sync === 'failed' && ' · could not sync with the server'}
        </p>
      )}
      {results && (
        <section aria-labelledby="cached-members-title">
          <h2 id="cached-members-title">Cached members</h2>
          <p className={styles.muted}>From the copy on this computer; details may have changed since it was synced.</p>
          {results.length === 0 ? (
            <p className={styles.muted}>{query ? `No cached member matches “${query}”.` : 'No members are cached on this computer.'}</p>
          ) : (
            <table className={styles.table}>
              <caption className="visually-hidden">Cached members, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Business</th>
                  <th scope="col">Contact</th>
                  <th scope="col">Joined</th>
                </tr>
              </thead>
              <tbody>
                {results.map((member) => (
                  <tr key={member.id}>
                    <MemberCells member={member} />
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      )}
    </>
  );
}
