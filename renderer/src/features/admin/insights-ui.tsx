import { Fragment, useCallback, useEffect, useState } from 'react';
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
