import { useEffect, useId, useRef, useState } from 'react';
import { chartScale, type DailyCount, peakDay } from '@shared/domain/reporting/insights';
import { formatDate, formatDayMonth } from '@shared/format';
import styles from './insights.module.css';

const HEIGHT = 220;
const MARGIN = { top: 12, right: 8, bottom: 28, left: 40 };

/** The width of an element in CSS pixels, followed as it changes (the chart is drawn at its real size, so its text stays readable on a phone). */
function useWidth<E extends HTMLElement>(fallback: number) {
  const ref = useRef<E>(null);
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setWidth(Math.max(240, Math.floor(element.getBoundingClientRect().width)));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

/**
 * Counts per day as columns, with round gridlines. The picture is described in words for screen
 * readers (total and busiest day), each column names its day and count, and the same numbers are
 * in a table below.
 */
export function DailyChart({ series, title }: { series: readonly DailyCount[]; title: string }) {
  const [ref, width] = useWidth<HTMLDivElement>(640);
  const titleId = useId();
  const descId = useId();
  const total = series.reduce((sum, point) => sum + point.count, 0);
  const peak = peakDay(series);
  const { top, ticks } = chartScale(Math.max(0, ...series.map((point) => point.count)));
  const plotWidth = width - MARGIN.left - MARGIN.right;
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const slot = plotWidth / Math.max(1, series.length);
  const barWidth = Math.max(1, slot * 0.75);
  const y = (value: number) => MARGIN.top + plotHeight - (value / top) * plotHeight;
  // About one day label per 70 pixels, always the first and the last.
  const labelEvery = Math.max(1, Math.ceil(series.length / Math.max(1, Math.floor(plotWidth / 70))));
  const description = `${total} in ${series.length} days${peak ? `; busiest ${formatDate(peak.day)} with ${peak.count}` : ''}.`;

  return (
    <div ref={ref}>
      <svg className={styles.chart} width={width} height={HEIGHT} viewBox={`0 0 ${width} ${HEIGHT}`} role="img" aria-labelledby={`${titleId} ${descId}`}>
        <title id={titleId}>{title}</title>
        <desc id={descId}>{description}</desc>
        {ticks.map((tick) => (
          <g key={tick}>
            <line className={styles.gridline} x1={MARGIN.left} x2={width - MARGIN.right} y1={y(tick)} y2={y(tick)} />
            <text x={MARGIN.left - 6} y={y(tick)} textAnchor="end" dominantBaseline="middle">
              {tick}
            </text>
          </g>
        ))}
        {series.map((point, index) => {
          const x = MARGIN.left + index * slot + (slot - barWidth) / 2;
          const showLabel = index === 0 || index === series.length - 1 || (index % labelEvery === 0 && series.length - 1 - index >= labelEvery);
          return (
            <g key={point.day}>
              {point.count > 0 && (
                <rect className={styles.bar} x={x} y={y(point.count)} width={barWidth} height={Math.max(1, y(0) - y(point.count))} rx={Math.min(3, barWidth / 4)}>
                  <title>{`${formatDate(point.day)}: ${point.count}`}</title>
                </rect>
              )}
              {showLabel && (
                <text x={x + barWidth / 2} y={HEIGHT - 8} textAnchor={index === 0 ? 'start' : index === series.length - 1 ? 'end' : 'middle'}>
                  {formatDayMonth(point.day)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
    </div>
  );
}

/** Counts per day as a table: the chart's text alternative, and what a reader copies from. */
export function DailyTable({ series, caption }: { series: readonly DailyCount[]; caption: string }) {
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col" className={styles.number}>
              Count
            </th>
          </tr>
        </thead>
        <tbody>
          {series.map((point) => (
            <tr key={point.day}>
              <th scope="row">{formatDate(point.day)}</th>
              <td className={styles.number}>{point.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A ranked list with a bar per item: the label and count are text, the bar a picture of it. */
export function RankedBars({ items, label }: { items: ReadonlyArray<{ name: string; count: number }>; label: string }) {
  const most = Math.max(1, ...items.map((item) => item.count));
  return (
    <ol className={styles.rankList} aria-label={label}>
      {items.map((item) => (
        <li key={item.name} className={styles.rankRow}>
          <span className={styles.rankLabel}>{item.name}</span>
          <strong>{item.count}</strong>
          <svg className={styles.rankBar} viewBox="0 0 100 10" preserveAspectRatio="none" aria-hidden="true" focusable="false">
            <rect x="0" y="0" width="100" height="10" rx="2" fill="var(--color-surface-sunken)" />
            <rect className={styles.bar} x="0" y="0" width={(item.count / most) * 100} height="10" rx="2" />
          </svg>
        </li>
      ))}
    </ol>
  );
}
