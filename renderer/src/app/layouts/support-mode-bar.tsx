import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { SUPPORT_MESSAGES } from '@shared/contracts/support';
import { formatTime } from '@shared/format';
import { protectionsQueryOptions } from '../../api/get-protections';
import { draftsQueryOptions } from '../../features/quote/api/get-drafts';
import { useSessionQuery } from '../../stores/get-session';
import { useSessionStore } from '../../stores/session-store';
import { SUPPORT_HOME, theirQuotePath, useExitSupportSession } from '../../stores/support-session';
import styles from './support-mode-bar.module.css';

/**
 * 'Their quote': the member's latest work (theirQuotePath), read from their applications and drafts.
 * Until both have answered (or if either fails) it opens their quote at get-started, as before.
 */
function useTheirQuotePath(viewerId: string, customerId: string): string {
  const applications = useQuery({ ...protectionsQueryOptions({ viewerId, memberId: customerId }), enabled: viewerId !== '' && customerId !== '' });
  const drafts = useQuery({ ...draftsQueryOptions(customerId), enabled: viewerId !== '' && customerId !== '' });
  return theirQuotePath(customerId, { applications: applications.data?.protections ?? [], drafts: drafts.data ?? [] });
}

/**
 * On every page while support mode is active: whose data is shown, the access level and since when,
 * the member's dashboard and quote, and Exit. It stays at the top of the window as the page scrolls
 * (under the public site's header, public-layout.tsx). It reads the session, which tells whether the
 * support session still runs; a public page draws it only while the session cache says one does
 * (public-layout.tsx), so a visitor's page costs no session call.
 */
export function SupportModeBar() {
  useSessionQuery();
  const supportMode = useSessionStore((state) => state.supportMode);
  const viewerId = useSessionStore((state) => state.user?.id ?? '');
  const theirQuote = useTheirQuotePath(viewerId, supportMode.isActive ? (supportMode.customerId ?? '') : '');
  const exitSession = useExitSupportSession();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  if (!supportMode.isActive || !supportMode.customerId) return null;

  const exit = async () => {
    setBusy(true);
    setFailure(undefined);
    try {
      await exitSession();
    } catch (error) {
      setFailure(error instanceof Error && error.message ? `${SUPPORT_MESSAGES.exitFailed}: ${error.message}` : SUPPORT_MESSAGES.exitFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.bar} role="region" aria-label="Support mode">
      <p className={styles.text}>
        <strong>Support mode:</strong> {supportMode.customerName} · {supportMode.permissionLevel === 'write' ? 'write access' : 'read only'}
        {supportMode.sessionStartTime !== null && <span className={styles.since}>{` · since ${formatTime(new Date(supportMode.sessionStartTime))}`}</span>}
        <span className={styles.hint}>
          {supportMode.permissionLevel === 'write' ? ' · dashboard pages show their data until you exit' : ' · dashboard pages show their data, to look at but not change, until you exit'}
        </span>
      </p>
      <div className={styles.actions}>
        <Link className="button" to={SUPPORT_HOME}>
          Their dashboard
        </Link>
        <Link className="button" to={theirQuote}>
          Their quote
        </Link>
        <button type="button" className="button button-primary" disabled={busy} onClick={() => void exit()}>
          {busy ? 'Exiting…' : 'Exit support mode'}
        </button>
      </div>
      {failure && (
        <p className={styles.failure} role="alert">
          {failure}
        </p>
      )}
    </div>
  );
}
