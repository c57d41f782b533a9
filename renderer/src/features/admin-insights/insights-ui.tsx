import { Fragment } from 'react';
import styles from './insights.module.css';

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
