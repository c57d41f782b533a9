import { type DailyCount, peakDay } from '@shared/domain/reporting/insights';
import { formatDate, formatDayMonth } from '@shared/format';
import { BarList, ChartTable, columnFrame, CountColumns, DescribedChart, Gridlines, useWidth } from './chart-frame';

/**
 * Counts per day as columns, with round gridlines. The picture is described in words for screen
 * readers (total and busiest day), each column names its day and count, and the same numbers are
 * in a table below.
 */
export function DailyChart({ series, title }: { series: readonly DailyCount[]; title: string }) {
  const [ref, width] = useWidth<HTMLDivElement>(640);
  const total = series.reduce((sum, point) => sum + point.count, 0);
  const peak = peakDay(series);
  const frame = columnFrame({ width, columns: series.length, highest: Math.max(...series.map((point) => point.count)) });
  const description = `${total} in ${series.length} days${peak ? `; busiest ${formatDate(peak.day)} with ${peak.count}` : ''}.`;

  return (
    <DescribedChart boxRef={ref} width={width} height={frame.height} title={title} description={description}>
      <Gridlines frame={frame} />
      <CountColumns frame={frame} points={series.map((point) => ({ key: point.day, count: point.count, tip: `${formatDate(point.day)}: ${point.count}`, label: formatDayMonth(point.day) }))} />
    </DescribedChart>
  );
}

/** Counts per day as a table: the chart's text alternative, and what a reader copies from. */
export function DailyTable({ series, caption }: { series: readonly DailyCount[]; caption: string }) {
  return <ChartTable caption={caption} headings={['Day', 'Count']} rows={series} rowKey={(point) => point.day} cells={(point) => [formatDate(point.day), point.count]} />;
}

/** A ranked list with a bar per item: the label and count are text, the bar a picture of it. */
export function RankedBars({ items, label, codes }: { items: ReadonlyArray<{ name: string; count: number }>; label: string; codes?: boolean }) {
  return <BarList items={items} label={label} amount={(item) => item.count} figure={(item) => item.count} codes={codes} />;
}
