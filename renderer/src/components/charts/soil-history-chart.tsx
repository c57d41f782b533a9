import { formatDate, formatNumber } from '@shared/format';
import { ChartTable, columnFrame, CountColumns, DescribedChart, Gridlines, useWidth } from './chart-frame';

export interface SoilHistoryPoint {
  id: string;
  sampleDate: string;
  value: number;
  lab: string;
}

/**
 * One paddock's results for one measure at one depth, a column per sample, oldest on the left, so a
 * trend (pH falling, P built up) shows at a glance. Described in words for screen readers; the
 * same numbers are in SoilHistoryTable.
 */
export function SoilHistoryChart({ points, title, measureName }: { points: readonly SoilHistoryPoint[]; title: string; measureName: string }) {
  const [ref, width] = useWidth<HTMLDivElement>(480);
  const frame = columnFrame({ width, height: 180, columns: points.length, highest: Math.max(...points.map((point) => point.value)), labelSpacing: 96, margin: { top: 12, right: 8, bottom: 28, left: 44 } });
  // Soil is usually sampled once a season: then the year alone names each column and the labels fit on a phone.
  const yearly = new Set(points.map((point) => point.sampleDate.slice(0, 4))).size === points.length;
  const label = (point: SoilHistoryPoint) => (yearly ? point.sampleDate.slice(0, 4) : formatDate(point.sampleDate));
  const first = points[0];
  const last = points[points.length - 1];
  const description =
    first && last && first !== last
      ? `${points.length} samples; ${measureName} ${formatNumber(first.value)} on ${formatDate(first.sampleDate)}, ${formatNumber(last.value)} on ${formatDate(last.sampleDate)}.`
      : first
        ? `One sample: ${measureName} ${formatNumber(first.value)} on ${formatDate(first.sampleDate)}.`
        : 'No samples.';
  return (
    <DescribedChart boxRef={ref} width={width} height={frame.height} title={title} description={description}>
      <Gridlines frame={frame} format={formatNumber} />
      <CountColumns
        frame={frame}
        points={points.map((point) => ({ key: point.id, count: point.value, tip: `${formatDate(point.sampleDate)}: ${formatNumber(point.value)} (${point.lab})`, label: label(point) }))}
        centreLone
      />
    </DescribedChart>
  );
}

/** The history as a table: the chart's text alternative, and what a reader copies from. */
export function SoilHistoryTable({ points, caption, measureName }: { points: readonly SoilHistoryPoint[]; caption: string; measureName: string }) {
  return (
    <ChartTable
      caption={caption}
      headings={['Sample date', measureName, 'Lab']}
      rows={points}
      rowKey={(point) => point.id}
      cells={(point) => [formatDate(point.sampleDate), formatNumber(point.value), point.lab]}
    />
  );
}
