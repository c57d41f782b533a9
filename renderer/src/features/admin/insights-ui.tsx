import { Fragment, type ReactNode, useCallback, useEffect, useState } from 'react';
import { failureText } from './insights-api';
import styles from './insights.module.css';

export type Loaded<T> = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; data: T };

/**
 * Runs `load` whenever `key` changes or reload() is called. An answer to an older key never
 * replaces a newer one; while reloading, the last data stays on screen.
 */
export function useLoaded<T>(load: () => Promise<T>, key: string, fallbackError: string): Loaded<T> & { reload: () => void } {
  const [state, setState] = useState<Loaded<T>>({ status: 'loading' });
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    let current = true;
    load()
      .then((data) => current && setState({ status: 'ready', data }))
      .catch((failure: unknown) => current && setState({ status: 'error', message: failureText(failure, fallbackError) }));
    return () => {
      current = false;
    };
    // `load` is rebuilt on every render; `key` says when what it loads has changed.
  }, [key, generation]);
  const reload = useCallback(() => setGeneration((n) => n + 1), []);
  return { ...state, reload };
}

export function PageHeader({ title, children }: { title: string; children: ReactNode }) {
  useEffect(() => {
    document.title = `${title} | Grain Growers Mutual`;
  }, [title]);
  return (
    <header className={styles.header}>
      <h1>{title}</h1>
      <p className={styles.lead}>{children}</p>
    </header>
  );
}

export function Loading({ children }: { children: ReactNode }) {
  return (
    <p className={styles.state} role="status" aria-live="polite">
      <span className={styles.spinner} aria-hidden="true" />
      {children}
    </p>
  );
}

export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className={`alert alert-error ${styles.loadError}`} role="alert">
      <p>{message}</p>
      <button type="button" className="button" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className={styles.empty}>{children}</p>;
}

/** Previous and next page, with where the reader is in the list. */
export function Pager({ page, pageSize, total, noun, onPage }: { page: number; pageSize: number; total: number; noun: string; onPage: (page: number) => void }) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1 && page <= 1) return null;
  return (
    <nav className={styles.pager} aria-label={`Pages of ${noun}`}>
      <button type="button" className="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span>
        Page {page} of {pages}
      </span>
      <button type="button" className="button" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  );
}

const dateTime = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: 'Australia/Perth' });
const dayFormat = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const shortDay = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** An instant in Perth time, e.g. '2 Sept 2025, 9:00 am'. */
export const formatInstant = (iso: string) => dateTime.format(new Date(iso));
/** A calendar day written YYYY-MM-DD, e.g. '2 Sept 2025' (or '2 Sept' when short). */
export const formatDay = (day: string, short = false) => (short ? shortDay : dayFormat).format(new Date(`${day}T00:00:00Z`));

export const TYPE_LABELS: Record<string, string> = { javascript: 'JavaScript', react: 'React', api: 'API', custom: 'Custom' };

export function SeverityBadge({ severity }: { severity: string }) {
  return <span className={`${styles.badge} ${styles[`severity-${severity}`] ?? ''}`}>{severity}</span>;
}

/** The facts every group and report shows: where, in what browser. */
export function ErrorFacts({ rows }: { rows: Array<[string, string | null | undefined]> }) {
  return (
    <dl className={styles.facts}>
      {rows
        .filter((row): row is [string, string] => Boolean(row[1]))
        .map(([term, value]) => (
          <Fragment key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </Fragment>
        ))}
    </dl>
  );
}

export function StackTrace({ stack, label = 'Sample stack' }: { stack: string | null; label?: string }) {
  if (!stack) return null;
  return (
    <details className={styles.stack}>
      <summary>{label}</summary>
      <pre>{stack}</pre>
    </details>
  );
}
