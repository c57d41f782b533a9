import { Fragment, type ReactNode } from 'react';
import styles from './insights.module.css';

export const TYPE_LABELS: Record<string, string> = { javascript: 'JavaScript', react: 'React', api: 'API', custom: 'Custom' };

export function SeverityBadge({ severity }: { severity: string }) {
  return <span className={`${styles.badge} ${styles[`severity-${severity}`] ?? ''}`}>{severity}</span>;
}

/** The facts every group and report shows: where, in what browser. */
export function ErrorFacts({ rows }: { rows: Array<[string, ReactNode]> }) {
  return (
    <dl className={styles.facts}>
      {rows
        .filter(([, value]) => Boolean(value))
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
