/**
 * What the charts share: the width they are drawn at, the frame of a column chart (margins, y scale,
 * gridlines with their labels, which columns get a label), the described SVG, the track of a
 * horizontal bar, and the table that carries a chart's numbers.
 */
import { type ReactNode, type Ref, useEffect, useId, useRef, useState } from 'react';
import { chartScale } from '@shared/domain/reporting/insights';
import styles from './charts.module.css';
import { ScrollRegion } from '../ui/scroll-region';

/** The width of an element in CSS pixels, followed as it changes (the chart is drawn at its real size, so its text stays readable on a phone). */
export function useWidth<E extends HTMLElement>(fallback: number) {
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

interface Margin {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/**
 * The frame of a column chart `width` wide with `columns` columns up to `highest`: round gridlines,
 * and about one column label per `labelSpacing` pixels. The height and margins are those of the
 * count charts unless a chart needs its own.
 */
export function columnFrame({
  width,
  height = 220,
  margin = { top: 12, right: 8, bottom: 28, left: 40 },
  columns,
  highest,
  labelSpacing = 70,
}: {
  width: number;
  height?: number;
  margin?: Margin;
  columns: number;
  highest: number;
  labelSpacing?: number;
}) {
  const { top, ticks } = chartScale(Math.max(0, highest));
  const plotWidth = width - margin.left - margin.right;
  const plotHeight = height - margin.top - margin.bottom;
  const labelEvery = Math.max(1, Math.ceil(columns / Math.max(1, Math.floor(plotWidth / labelSpacing))));
  return {
    width,
    height,
    margin,
    ticks,
    plotWidth,
    plotHeight,
    slot: plotWidth / Math.max(1, columns),
    y: (value: number) => margin.top + plotHeight - (value / top) * plotHeight,
    /** The first and the last column are always labelled, others every `labelEvery` when there is room before the last. */
    showsLabel: (index: number) => index === 0 || index === columns - 1 || (index % labelEvery === 0 && columns - 1 - index >= labelEvery),
  };
}

type ColumnFrame = ReturnType<typeof columnFrame>;

/** An SVG picture at its measured size, named by its title and described in words for screen readers. */
export function DescribedChart<E extends HTMLDivElement>({
  boxRef,
  width,
  height,
  title,
  description,
  children,
}: {
  boxRef: Ref<E>;
  width: number;
  height: number;
  title: string;
  description: string;
  children: ReactNode;
}) {
  const titleId = useId();
  const descId = useId();
  return (
    <div ref={boxRef}>
      <svg className={styles.chart} width={width} height={height} viewBox={`0 0 ${width} ${height}`} role="img" aria-labelledby={`${titleId} ${descId}`}>
        <title id={titleId}>{title}</title>
        <desc id={descId}>{description}</desc>
        {children}
      </svg>
    </div>
  );
}

/** The horizontal gridlines of a column chart, each with its value on the left. */
export function Gridlines({ frame, format = String }: { frame: ColumnFrame; format?: (value: number) => string }) {
  return frame.ticks.map((tick) => (
    <g key={tick}>
      <line className={styles.gridline} x1={frame.margin.left} x2={frame.width - frame.margin.right} y1={frame.y(tick)} y2={frame.y(tick)} />
      <text x={frame.margin.left - 6} y={frame.y(tick)} textAnchor="end" dominantBaseline="middle">
        {format(tick)}
      </text>
    </g>
  ));
}

/**
 * One column per count, three quarters of its slot wide, named by its tip; the labelled columns
 * carry their label below (the first starts at its column, the last ends at it, unless it is the
 * only one and `centreLone` says to centre it).
 */
export function CountColumns({ frame, points, centreLone = false }: { frame: ColumnFrame; points: ReadonlyArray<{ key: string; count: number; tip: string; label: string }>; centreLone?: boolean }) {
  const { y, slot } = frame;
  const barWidth = Math.max(1, slot * 0.75);
  return points.map((point, index) => {
    const x = frame.margin.left + index * slot + (slot - barWidth) / 2;
    const anchor = centreLone && points.length === 1 ? 'middle' : index === 0 ? 'start' : index === points.length - 1 ? 'end' : 'middle';
    return (
      <g key={point.key}>
        {point.count > 0 && (
          <rect className={styles.bar} x={x} y={y(point.count)} width={barWidth} height={Math.max(1, y(0) - y(point.count))} rx={Math.min(3, barWidth / 4)}>
            <title>{point.tip}</title>
          </rect>
        )}
        {frame.showsLabel(index) && (
          <text x={x + barWidth / 2} y={frame.height - 8} textAnchor={anchor}>
            {point.label}
          </text>
        )}
      </g>
    );
  });
}

/** The track of a horizontal bar (100 wide, 10 high), with the bar's segments drawn over it. */
export function BarTrack({ children }: { children: ReactNode }) {
  return (
    <svg className={styles.rankBar} viewBox="0 0 100 10" preserveAspectRatio="none" aria-hidden="true" focusable="false">
      <rect x="0" y="0" width="100" height="10" rx="2" fill="var(--color-surface-sunken)" />
      {children}
    </svg>
  );
}

/**
 * A ranked list with a bar per item: the label and its figure are text, the bar a picture of the
 * amount. Labels that are `codes` (event names) are set in monospace; people's words are not.
 */
export function BarList<T extends { name: string }>({
  items,
  label,
  amount,
  figure,
  codes = false,
}: {
  items: readonly T[];
  label: string;
  amount: (item: T) => number;
  figure: (item: T) => ReactNode;
  codes?: boolean;
}) {
  const most = Math.max(1, ...items.map(amount));
  return (
    <ol className={styles.rankList} aria-label={label}>
      {items.map((item) => (
        <li key={item.name} className={styles.rankRow}>
          <span className={styles.rankLabel} data-code={codes || undefined}>
            {item.name}
          </span>
          <strong>{figure(item)}</strong>
          <BarTrack>
            <rect className={styles.bar} x="0" y="0" width={(amount(item) / most) * 100} height="10" rx="2" />
          </BarTrack>
        </li>
      ))}
    </ol>
  );
}

/**
 * A chart's numbers as a table: the chart's text alternative, and what a reader copies from. Each
 * row is headed by its first cell; the other columns are figures, aligned right.
 */
export function ChartTable<T>({
  caption,
  headings,
  rows,
  rowKey,
  cells,
}: {
  caption: string;
  headings: readonly ReactNode[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  cells: (row: T) => readonly ReactNode[];
}) {
  return (
    <ScrollRegion className={styles.tableWrap} label={caption}>
      <table className={styles.table}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {headings.map((heading, index) => (
              <th key={index} scope="col" className={index > 0 ? styles.number : undefined}>
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const [header, ...figures] = cells(row);
            return (
              <tr key={rowKey(row)}>
                <th scope="row">{header}</th>
                {figures.map((figure, index) => (
                  <td key={index} className={styles.number}>
                    {figure}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
