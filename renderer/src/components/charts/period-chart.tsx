import type { PeriodCount } from '@shared/domain/analytics/periods';
import { formatDate, formatDayMonth } from '@shared/format';
import { ChartTable, columnFrame, CountColumns, DescribedChart, Gridlines, useWidth } from './chart-frame';

const periodText = (period: PeriodCount) => (period.from === period.to ? formatDate(period.from) : `${formatDate(period.from)} to ${formatDate(period.to)}`);

/**
 * Counts per period (a day or a week) as columns with round gridlines, labelled by the period's
 * first day. Described in words for screen readers (total and busiest period); the same numbers
 * are in PeriodTable.
 */
export function PeriodChart({ series, title, unit }: { series: readonly PeriodCount[]; title: string; unit: 'days' | 'weeks' }) {
  const [ref, width] = useWidth<HTMLDivElement>(640);
  const total = series.reduce((sum, point) => sum + point.count, 0);
  const peak = series.reduce<PeriodCount | undefined>((best, point) => (point.count > 0 && (!best || point.count > best.count) ? point : best), undefined);
  const frame = columnFrame({ width, columns: series.length, highest: Math.max(...series.map((point) => point.count)) });
  const description = `${total} in ${series.length} ${unit}${peak ? `; most in ${periodText(peak)} with ${peak.count}` : ''}.`;

  return (
    <DescribedChart boxRef={ref} width={width} height={frame.height} title={title} description={description}>
      <Gridlines frame={frame} />
      <CountColumns frame={frame} points={series.map((point) => ({ key: point.from, count: point.count, tip: `${periodText(point)}: ${point.count}`, label: formatDayMonth(point.from) }))} centreLone />
    </DescribedChart>
  );
}

/** Counts per period as a table: the chart's text alternative, and what a reader copies from. */
export function PeriodTable({ series, caption, heading }: { series: readonly PeriodCount[]; caption: string; heading: string }) {
  return <ChartTable caption={caption} headings={[heading, 'Count']} rows={series} rowKey={(point) => point.from} cells={(point) => [periodText(point), point.count]} />;
}
