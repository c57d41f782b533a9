import { formatRate } from '@shared/format';
import { BarTrack, ChartTable } from './chart-frame';
import styles from './charts.module.css';
import own from './conversion-bars.module.css';

/** One group of leads: how many arrived, and how many of them are won, still open and lost. */
export interface ConversionGroup {
  label: string;
  leads: number;
  won: number;
  open: number;
  lost: number;
  /** Won as a share of the leads, 0 to 1. */
  rate: number;
}

const SEGMENTS = [
  { key: 'won', label: 'Won', className: own.won },
  { key: 'open', label: 'Open', className: own.open },
  { key: 'lost', label: 'Lost', className: own.lost },
] as const;

/**
 * A bar per group as long as its leads (the longest group fills the row), split into won, open
 * and lost. Each row says its figures in words; the picture is a help to the eye, and the table
 * beside it (ConversionTable) carries the same numbers.
 */
export function ConversionBars({ groups, label }: { groups: readonly ConversionGroup[]; label: string }) {
  const most = Math.max(1, ...groups.map((group) => group.leads));
  return (
    <div>
      <ul className={own.legend} aria-hidden="true">
        {SEGMENTS.map((segment) => (
          <li key={segment.key}>
            <svg viewBox="0 0 10 10" width="10" height="10" focusable="false">
              <rect className={segment.className} width="10" height="10" rx="2" />
            </svg>
            {segment.label}
          </li>
        ))}
      </ul>
      <ol className={styles.rankList} aria-label={label}>
        {groups.map((group) => {
          let x = 0;
          return (
            <li key={group.label} className={styles.rankRow}>
              <span className={own.label}>{group.label}</span>
              <span className={own.figures}>
                {group.won} of {group.leads} won · {formatRate(group.rate)}
              </span>
              <BarTrack>
                {SEGMENTS.map((segment) => {
                  const width = (group[segment.key] / most) * 100;
                  const rect = width > 0 ? <rect key={segment.key} className={segment.className} x={x} y="0" width={width} height="10" /> : null;
                  x += width;
                  return rect;
                })}
              </BarTrack>
            </li>
          );
        })}
      </ol>
    </div>
  );
}

/** The chart's numbers as a table: leads, won, open, lost and the conversion rate per group. */
export function ConversionTable({ groups, caption, groupHeading }: { groups: readonly ConversionGroup[]; caption: string; groupHeading: string }) {
  return (
    <ChartTable
      caption={caption}
      headings={[groupHeading, 'Leads', 'Won', 'Open', 'Lost', 'Conversion']}
      rows={groups}
      rowKey={(group) => group.label}
      cells={(group) => [group.label, group.leads, group.won, group.open, group.lost, formatRate(group.rate)]}
    />
  );
}
