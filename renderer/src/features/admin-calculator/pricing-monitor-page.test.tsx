// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PricingMonitorResponse } from '@shared/contracts/pricing-monitor';
import { hourTotals, pricingMonitorFigures, type PricingRunFigures } from '@shared/domain/pricing-monitor/pricing-runs';
import { MonitorFigures } from './pricing-monitor-page';

afterEach(cleanup);

const run = (pricedAt: string, premium: number, figures: Partial<PricingRunFigures> = {}): PricingRunFigures => ({
  pricedAt,
  zoneCode: 'EWB',
  coverageType: 'hail',
  crops: [{ cropType: 'wheat', insuredValue: 100_000, premium }],
  insuredValue: 100_000,
  premium,
  rateOnLine: premium / 1_000,
  atMinimumPremium: false,
  canolaCapApplied: false,
  discountCapApplied: false,
  modelVersion: 'v1',
  latencyMs: 12,
  ...figures,
});

const data: PricingMonitorResponse = {
  from: '2026-11-02',
  to: '2026-11-15',
  retentionDays: 180,
  ...pricingMonitorFigures(
    hourTotals([
      run('2026-11-02T01:00:00Z', 2_000),
      run('2026-11-03T01:00:00Z', 250, { atMinimumPremium: true, latencyMs: 40 }),
      run('2026-11-10T01:00:00Z', 3_000, { modelVersion: 'v2', latencyMs: 8 }),
      run('2026-11-11T01:00:00Z', 3_000, { modelVersion: 'v2', latencyMs: 9 }),
    ]),
    '2026-11-02',
    '2026-11-15',
  ),
};

describe('the pricing monitor’s figures', () => {
  it('shows the shares, the latency and a zone whose rate moved more than 20% in a week', () => {
    render(<MonitorFigures data={data} />);
    const stat = (title: string) => screen.getByRole('heading', { name: title }).closest('li')!;
    expect(within(stat('Quotes priced')).getByText('4')).toBeTruthy();
    expect(within(stat('At the minimum premium')).getByText('25%')).toBeTruthy();
    expect(within(stat('Pricing time')).getByText('10 ms')).toBeTruthy();
    expect(within(stat('Pricing time')).getByText(/99% at most 50 ms/)).toBeTruthy();
    // Week of 2 Nov: 2,250 on 200,000 = 1.125%; week of 9 Nov: 6,000 on 200,000 = 3%.
    expect(screen.getByRole('alert', { name: 'Zones whose rate moved' }).textContent).toBe('EWB, week of 9 Nov 2026: 3% against 1.13% the week before (+166.7%)');
  });

  it('lays the model versions out before and after', () => {
    render(<MonitorFigures data={data} />);
    const table = screen.getByRole('table', { name: 'Pricing model versions, before and after' });
    const cells = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(cells.map((row) => [row[0], row[2], row[3], row[4], row[5]])).toEqual([
      ['v1', '2', '$1,125.00', '1.13%', '–'],
      ['v2', '2', '$3,000.00', '3%', '1.13% (+166.7%)'],
    ]);
  });
});
