import { useId } from 'react';
import { formatPercentRounded } from '@shared/format';
import { useWidth } from './chart-frame';
import styles from './charts.module.css';

const ROW = 44;
const BAR = 22;

export interface FunnelChartStep {
  label: string;
  count: number;
  /** Share of the first step's count, 0 to 1. */
  shareOfFirst: number;
}

/**
 * A funnel: one bar per step, as long as its share of the first step, with the count and share
 * written beside it. Described in words for screen readers (first and last step); the page shows
 * the same numbers, with the drop-off, in a table beside it.
 */
export function FunnelChart({ steps, title }: { steps: readonly FunnelChartStep[]; title: string }) {
  const [ref, width] = useWidth<HTMLDivElement>(480);
  const titleId = useId();
  const descId = useId();
  const height = steps.length * ROW + 4;
  const first = steps[0];
  const last = steps.at(-1);
  const description = first && last ? `${first.count} at ${first.label}; ${last.count} (${formatPercentRounded(last.shareOfFirst * 100)}) reached ${last.label}.` : 'No steps.';

  return (
    <div ref={ref}>
      <svg className={styles.chart} width={width} height={height} viewBox={`0 0 ${width} ${height}`} role="img" aria-labelledby={`${titleId} ${descId}`}>
        <title id={titleId}>{title}</title>
        <desc id={descId}>{description}</desc>
        {steps.map((step, index) => {
          const top = index * ROW;
          const length = Math.max(step.count > 0 ? 2 : 0, step.shareOfFirst * width);
          return (
            <g key={step.label}>
              <text x={0} y={top + 13}>
                {step.label}
              </text>
              <rect x={0} y={top + 18} width={width} height={BAR} rx={3} fill="var(--color-surface-sunken)" />
              {length > 0 && (
                <rect className={styles.bar} x={0} y={top + 18} width={length} height={BAR} rx={3}>
                  <title>{`${step.label}: ${step.count}, ${formatPercentRounded(step.shareOfFirst * 100)} of the first step`}</title>
                </rect>
              )}
              <text x={width} y={top + 13} textAnchor="end">
                {`${step.count} · ${formatPercentRounded(step.shareOfFirst * 100)}`}
              </text>
            </g>
          );
        })}
      </svg>
    </div>
  );
}
