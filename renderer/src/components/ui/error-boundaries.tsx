import { Component, type ErrorInfo, type ReactNode, Suspense, useMemo } from 'react';
import { isRouteErrorResponse, useRevalidator, useRouteError } from 'react-router';
import { siteContent } from '../../content/site';
import { reportError } from '../../lib/error-reporter';
import { usePageTitle } from '../../lib/page-title';
import styles from './error-boundaries.module.css';

function newErrorId(): string {
  return crypto.randomUUID().slice(0, 8).toUpperCase();
}

function CrashScreen({ errorId, onRetry }: { errorId: string; onRetry: () => void }) {
  usePageTitle('Something went wrong');
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

/** The status a route guard throws when the server could not say who is signed in (app/access-check.ts). */
export const SERVICE_UNAVAILABLE = 503;

/** A page that could not be opened because the server is away: its sentence, and a way to ask again without losing the address. */
function UnavailableScreen({ message }: { message: string }) {
  const { revalidate, state } = useRevalidator();
  usePageTitle('Not available just now');
  return (
    <main className={styles.crash} role="alert">
      <h1>Not available just now</h1>
      <p>{message}</p>
      <div className={styles.actions}>
        <button type="button" className="button button-primary" disabled={state === 'loading'} onClick={() => void revalidate()}>
          {state === 'loading' ? 'Trying again…' : 'Try again'}
        </button>
      </div>
      <p>
        Urgent? Call us on <a href={siteContent.phone.href}>{siteContent.phone.display}</a>.
      </p>
    </main>
  );
}

/** The sentence a guard's 503 carries, if the error is one. */
function unavailableMessage(error: unknown): string | undefined {
  if (!isRouteErrorResponse(error) || error.status !== SERVICE_UNAVAILABLE) return undefined;
  const message: unknown = (error.data as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? message : undefined;
}

/** The router's error element: a render or loader failure anywhere below the root, or the server away. */
export function RouteErrorScreen() {
  const error = useRouteError();
  const unavailable = unavailableMessage(error);
  return unavailable === undefined ? <CrashReport error={error} /> : <UnavailableScreen message={unavailable} />;
}

function CrashReport({ error }: { error: unknown }) {
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

/**
 * A part whose code loads when it is drawn (React.lazy): `loading` while the code arrives, and the
 * display error in its place should it not (a dropped country connection), the rest of the page
 * working around it.
 */
export function LoadedOnDemand({ loading = null, children }: { loading?: ReactNode; children: ReactNode }) {
  return (
    <DisplayErrorBoundary>
      <Suspense fallback={loading}>{children}</Suspense>
    </DisplayErrorBoundary>
  );
}
