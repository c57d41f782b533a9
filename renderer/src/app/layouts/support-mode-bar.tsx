import { useState } from 'react';
import { Link } from 'react-router';
import { SUPPORT_MESSAGES } from '@shared/contracts/support';
import { formatTime } from '@shared/format';
import { exitSupportMode } from '../../stores/session-store';
import { useSession } from '../../stores/use-session';
import styles from './support-mode-bar.module.css';

/** While support mode is active, the admin console says for whom and offers the way out. */
export function SupportModeBar() {
  const { supportMode } = useSession();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  if (!supportMode.isActive || !supportMode.customerId) return null;

  const exit = async () => {
    setBusy(true);
    setFailure(undefined);
    try {
      await exitSupportMode();
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
        {supportMode.sessionStartTime !== null && ` · since ${formatTime(new Date(supportMode.sessionStartTime))}`}
      </p>
      <div className={styles.actions}>
        <Link className="button" to={`/quote?${new URLSearchParams({ support: 'true', customerId: supportMode.customerId })}`}>
          Open their quote
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
