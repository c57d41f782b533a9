import styles from './full-screen-loader.module.css';

/** The full-screen loader shown during route changes (docs/behaviour.md §2), with the static loader animation. */
export function FullScreenLoader() {
  return (
    <div className={styles.overlay} role="status" aria-live="polite" data-testid="route-loader">
      <img src="/loader-animation.svg" alt="" width={64} height={64} className={styles.animation} />
      <span className={styles.label}>Loading…</span>
    </div>
  );
}
