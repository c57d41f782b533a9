import styles from './checking-access.module.css';

/** docs/behaviour.md §4: the admin layout shows a spinner while the session loads (the admin area's HydrateFallback). */
export function CheckingAccess() {
  return (
    <div className="layout layout-admin" data-layout="admin">
      <div className={styles.checking} role="status" aria-live="polite">
        <span className={`spinner ${styles.spinner}`} aria-hidden="true" />
        <span>Checking your access…</span>
      </div>
    </div>
  );
}
