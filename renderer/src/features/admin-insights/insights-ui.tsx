import { Fragment } from 'react';
import styles from './insights.module.css';

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
