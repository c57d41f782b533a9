import { Component, type ErrorInfo, type ReactNode, useMemo } from 'react';
import { useRouteError } from 'react-router';
import { reportError } from '../../lib/error-reporter';
import styles from './error-boundaries.module.css';

function newErrorId(): string {
  return crypto.randomUUID().slice(0, 8).toUpperCase();
}

function CrashScreen({ errorId, onRetry }: { errorId: string; onRetry: () => void }) {
  return (
    <main className={styles.crash} role="alert">
      <h1>Something went wrong</h1>
      <p>We've encountered an unexpected error. This issue has been automatically reported to our team.</p>
      <p className={styles.errorId}>
        Error ID: <code>{errorId}</code>
      </p>
      <div className={styles.actions}>
        <button type="button" className="button button-primary" onClick={onRetry}>
          Try Again
        </button>
        <button type="button" className="button" onClick={() => window.location.reload()}>
          Reload Page
        </button>
      </div>
      <p>
        Still stuck? <a href={`/#contact`}>Contact support</a> and quote the error ID.
      </p>
    </main>
  );
}

/** The router's error element: a render or loader failure anywhere below the root. */
export function RouteErrorScreen() {
  const error = useRouteError();
  const errorId = useMemo(() => {
    const id = newErrorId();
    reportError({ type: 'react', error, severity: 'critical', metadata: { errorId: id } });
    return id;
  }, [error]);
  return <CrashScreen errorId={errorId} onRetry={() => window.location.assign(window.location.href)} />;
}

interface DisplayBoundaryState {
  failed: boolean;
}

/**
 * docs/behaviour.md §8's display error fallback: wraps a panel of data (and each signed-in page, in the app
 * shell) so that one bad record shows 'Display Error' instead of a blank page.
 */
export class DisplayErrorBoundary extends Component<{ children: ReactNode }, DisplayBoundaryState> {
  override state: DisplayBoundaryState = { failed: false };

  static getDerivedStateFromError(): DisplayBoundaryState {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    reportError({ type: 'react', error, severity: 'medium', metadata: { componentStack: info.componentStack ?? '' } });
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className={styles.display} role="alert">
        <h2>Display Error</h2>
        <p>There was an issue displaying some data. Please refresh the page.</p>
        <button type="button" className="button" onClick={() => window.location.reload()}>
          Refresh Page
        </button>
      </div>
    );
  }
}
