import type { ReactNode } from 'react';
import { COVERAGE_TYPE_DESCRIPTIONS, COVERAGE_TYPES } from '@shared/constants';
import { pricingMonitorQuerySchema, type PricingMonitorResponse } from '@shared/contracts/pricing-monitor';
import { WEEKLY_RATE_MOVE_THRESHOLD } from '@shared/domain/pricing-monitor/pricing-runs';
import { cropName } from '@shared/domain/pricing/crop-name';
import { formatDate, formatDateTime, formatMoney, formatNumber, formatPercent, formatPercentRounded, formatRate } from '@shared/format';
import { AdminPageHeader, ListEmpty, ListError, ListLoading } from '../../components/admin/admin-ui';
import styles from '../../components/admin/admin.module.css';
import { useAddressFilters, useRangeChosenByServer } from '../../components/admin/use-url-filters';
import ops from '../../components/admin/admin-items.module.css';
import { DailyChart, DailyTable, RankedBars } from '../../components/charts/charts';
import { SelectField, TextField } from '../../components/ui/form/fields';
import { Form, useZodForm } from '../../components/ui/form/form';
import { usePricingMonitor } from './api/get-pricing-monitor';
import { useAgricultureZones } from '../../api/get-agriculture-zones';
import calc from './admin-calculator.module.css';

const share = (count: number, total: number) => (total === 0 ? '–' : formatPercentRounded((count / total) * 100));
const change = (after: number, before: number | null) => (before ? `${after >= before ? '+' : ''}${formatPercentRounded(((after - before) / before) * 100)}` : '–');
const bucketLabel = (bucket: PricingMonitorResponse['premiumDistribution'][number]) =>
  bucket.to === null ? `${formatMoney(bucket.from)} and over` : `${formatMoney(bucket.from)} to under ${formatMoney(bucket.to)}`;

/** /admin/pricing-monitor: how pricing behaves in the field, from the recorded answers of the calculator. */
const FILTERS = ['from', 'to', 'zone', 'coverageType'] as const;

export default function PricingMonitorPage() {
  const [applied, apply] = useAddressFilters(FILTERS);
  const monitor = usePricingMonitor(applied);
  const zones = useAgricultureZones();
  const form = useZodForm(pricingMonitorQuerySchema, applied);
  const [from, to] = form.watch(['from', 'to']) as [string, string];
  const data = monitor.data;
  useRangeChosenByServer(form, data);

  return (
    <section>
      <AdminPageHeader title="Pricing Monitor">
        Every answer the quote calculator gave, counted per hour and shown per day in Perth time. A quote usually takes several answers (hail, fire, both and the hurdle comparisons). The counts are kept for{' '}
        {data?.retentionDays ?? 180} days.
      </AdminPageHeader>
      <Form form={form} className={calc.filters} onSubmit={apply} aria-label="Choose the runs to show">
        <TextField name="from" label="From" type="date" max={to || undefined} />
        <TextField name="to" label="To" type="date" min={from || undefined} />
        <SelectField name="zone" label="Zone" options={[{ value: '', label: 'All zones' }, ...(zones.data ?? []).map((zone) => ({ value: zone.code, label: `${zone.name} (${zone.code})` }))]} />
        <SelectField name="coverageType" label="Cover" options={[{ value: '', label: 'All covers' }, ...COVERAGE_TYPES.map((type) => ({ value: type, label: COVERAGE_TYPE_DESCRIPTIONS[type] }))]} />
        <button type="submit" className="button button-primary">
          Show
        </button>
      </Form>
      {monitor.isPending && <ListLoading label="Loading the pricing runs…" />}
      {monitor.isError && <ListError query={monitor} />}
      {data && (data.runs === 0 ? <ListEmpty>No quotes were priced in this range. Try a longer range or another zone.</ListEmpty> : <MonitorFigures data={data} />)}
    </section>
  );
}

export function MonitorFigures({ data }: { data: PricingMonitorResponse }) {
  const rangeText = `${formatDate(data.from)} to ${formatDate(data.to)}`;
  const flaggedWeeks = data.zoneWeeks.filter((week) => week.flagged);
  return (
    <>
      <ul className={ops.stats}>
        <li className={ops.stat}>
          <h2>Quotes priced</h2>
          <p className={ops.figure}>{formatNumber(data.runs)}</p>
          <p>{rangeText}</p>
        </li>
        <li className={ops.stat}>
          <h2>At the minimum premium</h2>
          <p className={ops.figure}>{share(data.flagged.atMinimumPremium, data.runs)}</p>
          <p>{formatNumber(data.flagged.atMinimumPremium)} priced</p>
        </li>
        <li className={ops.stat}>
          <h2>Canola cap applied</h2>
          <p className={ops.figure}>{share(data.flagged.canolaCap, data.runs)}</p>
          <p>{formatNumber(data.flagged.canolaCap)} priced</p>
        </li>
        <li className={ops.stat}>
          <h2>Discount cap applied</h2>
          <p className={ops.figure}>{share(data.flagged.discountCap, data.runs)}</p>
          <p>{formatNumber(data.flagged.discountCap)} priced</p>
        </li>
        <li className={ops.stat}>
          <h2>Pricing time</h2>
          <p className={ops.figure}>{data.latency.p50 === null ? '–' : `${formatNumber(data.latency.p50)} ms`}</p>
          <p>half of the answers took at most this; 99% at most {data.latency.p99 === null ? '–' : `${formatNumber(data.latency.p99)} ms`}</p>
        </li>
      </ul>

      <h2 className={ops.sectionTitle}>Rate moves week on week</h2>
      {flaggedWeeks.length === 0 ? (
        <p>No zone’s average rate on line moved more than {formatRate(WEEKLY_RATE_MOVE_THRESHOLD)} from one week to the next.</p>
      ) : (
        <ul role="alert" aria-label="Zones whose rate moved">
          {flaggedWeeks.map((week) => (
            <li key={`${week.zoneCode}-${week.weekStart}`} className={calc.flagged}>
              {week.zoneCode}, week of {formatDate(week.weekStart)}: {formatPercent(week.rateOnLine)} against {formatPercent(week.previousRateOnLine ?? 0)} the week before (
              {change(week.rateOnLine, week.previousRateOnLine)})
            </li>
          ))}
        </ul>
      )}

      <h2 className={ops.sectionTitle}>Quotes priced per day</h2>
      <DailyChart series={data.daily} title={`Quotes priced per day, ${rangeText}`} />
      <details>
        <summary>The same figures as a table</summary>
        <DailyTable series={data.daily} caption={`Quotes priced per day, ${rangeText}`} />
      </details>

      <h2 className={ops.sectionTitle}>Premiums</h2>
      <RankedBars items={data.premiumDistribution.map((bucket) => ({ name: bucketLabel(bucket), count: bucket.count }))} label="Quotes priced by premium" />

      <h2 className={ops.sectionTitle}>Average rate on line by zone and crop</h2>
      <p className={styles.muted}>Each crop’s share of the premium over the value it protects, over every quote that priced it.</p>
      <FigureTable
        caption="Average rate on line by zone and crop"
        rows={data.ratesByZoneAndCrop}
        rowKey={(row) => `${row.zoneCode}-${row.cropType}`}
        columns={[
          { label: 'Zone', cell: (row) => row.zoneCode },
          { label: 'Crop', cell: (row) => cropName(row.cropType) },
          { label: 'Quotes', cell: (row) => formatNumber(row.runs) },
          { label: 'Value protected', cell: (row) => formatMoney(row.insuredValue) },
          { label: 'Premium', cell: (row) => formatMoney(row.premium) },
          { label: 'Rate on line', cell: (row) => formatPercent(row.rateOnLine) },
        ]}
      />

      <h2 className={ops.sectionTitle}>Each zone by week</h2>
      <FigureTable
        caption="Each zone's rate on line by Perth week"
        rows={data.zoneWeeks}
        rowKey={(week) => `${week.zoneCode}-${week.weekStart}`}
        columns={[
          { label: 'Zone', cell: (week) => week.zoneCode },
          { label: 'Week of', cell: (week) => formatDate(week.weekStart) },
          { label: 'Quotes', cell: (week) => formatNumber(week.runs) },
          { label: 'Rate on line', cell: (week) => formatPercent(week.rateOnLine) },
          { label: 'Week before', cell: (week) => (week.previousRateOnLine === null ? '–' : formatPercent(week.previousRateOnLine)) },
          { label: 'Change', cell: (week) => <span className={week.flagged ? calc.flagged : undefined}>{change(week.rateOnLine, week.previousRateOnLine)}</span> },
        ]}
      />

      <h2 className={ops.sectionTitle}>Pricing model versions</h2>
      <p className={styles.muted}>Each version’s rate on line against the version in use before it.</p>
      <FigureTable
        caption="Pricing model versions, before and after"
        rows={data.modelVersions}
        rowKey={(version) => version.modelVersion}
        columns={[
          { label: 'Version', cell: (version) => <code>{version.modelVersion}</code> },
          { label: 'In use', cell: (version) => `${formatDateTime(version.firstPricedAt)} to ${formatDateTime(version.lastPricedAt)}` },
          { label: 'Quotes', cell: (version) => formatNumber(version.runs) },
          { label: 'Average premium', cell: (version) => formatMoney(version.averagePremium) },
          { label: 'Rate on line', cell: (version) => formatPercent(version.rateOnLine) },
          {
            label: 'Before',
            cell: (version) => (version.previousRateOnLine === null ? '–' : `${formatPercent(version.previousRateOnLine)} (${change(version.rateOnLine, version.previousRateOnLine)})`),
          },
        ]}
      />
    </>
  );
}

/** A table of figures; on a phone each row becomes a card, every cell labelled by its column. */
function FigureTable<Row>({ caption, rows, rowKey, columns }: { caption: string; rows: readonly Row[]; rowKey: (row: Row) => string; columns: ReadonlyArray<{ label: string; cell: (row: Row) => ReactNode }> }) {
  return (
    <div className={calc.tableWrap}>
      <table className={styles.table}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.label} scope="col">
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) => (
                <td key={column.label} data-label={column.label}>
                  <span>{column.cell(row)}</span>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
