import type { ReactNode } from 'react';
import { formatDuration, formatPercentRounded } from '@shared/format';
import { ScrollRegion } from '../../components/ui/scroll-region';
import chartStyles from '../../components/charts/charts.module.css';
import styles from './analytics.module.css';

export const share = (value: number | null) => (value === null ? '—' : formatPercentRounded(value * 100));
export const duration = (ms: number | null) => (ms === null ? '—' : formatDuration(ms));

/** A panel of the page: a heading, a sentence of what it shows, and its content. */
export function Panel({ id, title, summary, children }: { id: string; title: string; summary: ReactNode; children: ReactNode }) {
  return (
    <section className={chartStyles.reportPanel} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <p className={styles.summary}>{summary}</p>
      {children}
    </section>
  );
}

/** Headline figures as a definition list. */
export function Figures({ items, label }: { items: ReadonlyArray<[string, string]>; label: string }) {
  return (
    <dl className={styles.figures} aria-label={label}>
      {items.map(([name, value]) => (
        <div key={name} className={styles.figure}>
          <dt>{name}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A table of figures: the first column names the row, the others are numbers aligned right. */
export function FiguresTable({ caption, columns, rows }: { caption: string; columns: readonly string[]; rows: ReadonlyArray<readonly [string, ...string[]]> }) {
  return (
    <ScrollRegion className={chartStyles.tableWrap} label={caption}>
      <table className={chartStyles.table}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column, index) => (
              <th key={column} scope="col" className={index > 0 ? chartStyles.number : undefined}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(([name, ...values]) => (
            <tr key={name}>
              <th scope="row">{name}</th>
              {values.map((value, index) => (
                <td key={columns[index + 1]} className={chartStyles.number}>
                  {value}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
