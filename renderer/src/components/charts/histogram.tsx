/**
 * A histogram of amounts (the claims of simulated seasons): one column per bin, the first bin the
 * seasons with nothing at all, and dashed lines where named amounts fall (the 1-in-20 season, the
 * reserve). Described in words for screen readers, with the same numbers in HistogramTable.
 */
import { formatNumber, formatWholeDollars as wholeDollars } from '@shared/format';
import { ChartTable, columnFrame, DescribedChart, Gridlines, useWidth } from './chart-frame';
import styles from './charts.module.css';

export interface HistogramBin {
  fromCents: number;
  toCents: number;
  count: number;
}

export interface HistogramMarker {
  label: string;
  cents: number;
}

const HEIGHT = 240;
const MARGIN = { top: 50, right: 12, bottom: 30, left: 48 };

export function binLabel(bin: HistogramBin): string {
  return bin.toCents === 0 ? 'Nothing' : `${wholeDollars(bin.fromCents)} to ${wholeDollars(bin.toCents)}`;
}

export function Histogram({ bins, markers = [], title, unit }: { bins: readonly HistogramBin[]; markers?: readonly HistogramMarker[]; title: string; unit: string }) {
  const [ref, width] = useWidth<HTMLDivElement>(640);
  const total = bins.reduce((sum, bin) => sum + bin.count, 0);
  const frame = columnFrame({ width, height: HEIGHT, margin: MARGIN, columns: bins.length, highest: Math.max(...bins.map((bin) => bin.count)), labelSpacing: 90 });
  const { plotWidth, plotHeight, slot, y } = frame;
  // Where an amount falls along the axis: inside its bin, in proportion.
  const xOf = (cents: number) => {
    const index = bins.findIndex((bin) => cents <= bin.toCents);
    if (index < 0) return MARGIN.left + plotWidth;
    const bin = bins[index]!;
    const within = bin.toCents > bin.fromCents ? (cents - bin.fromCents) / (bin.toCents - bin.fromCents) : 0.5;
    return MARGIN.left + (index + Math.min(1, Math.max(0, within))) * slot;
  };
  const description = `${formatNumber(total)} ${unit}: ${bins.map((bin) => `${binLabel(bin)}, ${formatNumber(bin.count)}`).join('; ')}. ${markers.map((marker) => `${marker.label} ${wholeDollars(marker.cents)}`).join('; ')}`;

  return (
    <DescribedChart boxRef={ref} width={width} height={HEIGHT} title={title} description={description}>
      <Gridlines frame={frame} format={formatNumber} />
      {bins.map((bin, index) => {
        const x = MARGIN.left + index * slot + 1;
        return (
          <g key={`${bin.fromCents}-${bin.toCents}`}>
            {bin.count > 0 && (
              <rect className={styles.bar} x={x} y={y(bin.count)} width={Math.max(1, slot - 2)} height={Math.max(1, y(0) - y(bin.count))} rx={Math.min(3, slot / 4)}>
                <title>{`${binLabel(bin)}: ${formatNumber(bin.count)} ${unit}`}</title>
              </rect>
            )}
            {frame.showsLabel(index) && (
              <text x={index === bins.length - 1 ? x + slot - 2 : x} y={HEIGHT - 8} textAnchor={index === bins.length - 1 ? 'end' : 'start'}>
                {bin.toCents === 0 ? 'None' : wholeDollars(bin.toCents)}
              </text>
            )}
          </g>
        );
      })}
      {markers.map((marker, index) => {
        const x = xOf(marker.cents);
        const anchor = x > width - 140 ? 'end' : 'start';
        return (
          <g key={marker.label}>
            <line className={styles.marker} x1={x} x2={x} y1={MARGIN.top - 4} y2={MARGIN.top + plotHeight} />
            <text className={styles.markerLabel} x={anchor === 'end' ? x - 4 : x + 4} y={12 + index * 13} textAnchor={anchor}>
              {marker.label}
            </text>
          </g>
        );
      })}
    </DescribedChart>
  );
}

/** The histogram's numbers as a table. */
export function HistogramTable({ bins, caption, unit }: { bins: readonly HistogramBin[]; caption: string; unit: string }) {
  return (
    <ChartTable
      caption={caption}
      headings={['Claims', unit[0]?.toUpperCase() + unit.slice(1)]}
      rows={bins}
      rowKey={(bin) => `${bin.fromCents}-${bin.toCents}`}
      cells={(bin) => [binLabel(bin), formatNumber(bin.count)]}
    />
  );
}
