import { COVERAGE_TYPE_DESCRIPTIONS, type CoverageType } from '@shared/constants';
import { quoteFunnelQuerySchema } from '@shared/contracts/admin-analytics';
import { cropName } from '@shared/domain/pricing/crop-name';
import type { WizardStep } from '@shared/contracts/quote-steps';
import { formatDate, formatHectares } from '@shared/format';
import { AdminPageHeader, ListEmpty, ListError, ListLoading } from '../../components/admin/admin-ui';
import { RankedBars } from '../../components/charts/charts';
import { FunnelChart } from '../../components/charts/funnel-chart';
import { TextField } from '../../components/ui/form/fields';
import { Form, useZodForm } from '../../components/ui/form/form';
import { ApiFileLink } from '../../lib/api-files';
import { quoteFunnelCsvPath, useQuoteFunnel } from './api/get-quote-funnel';
import { duration, Figures, FiguresTable, Panel, share } from './analytics-ui';
import chartStyles from '../../components/charts/charts.module.css';
import { useAddressFilters, useRangeChosenByServer } from '../../components/admin/use-url-filters';
import styles from './analytics.module.css';

const FILTERS = ['from', 'to'] as const;

/** The wizard's steps as staff name them (docs/behaviour.md §4 order). */
const STEP_LABELS: Record<WizardStep, string> = {
  'personal-details': 'Personal details',
  'email-verification': 'E-mail verification',
  'password-creation': 'Password creation',
  'product-disclosure': 'Product disclosure',
  'get-started': 'Get started',
  'farm-mapping': 'Farm mapping',
  'protection-calculator': 'Protection calculator',
  'estimate-display': 'Estimate',
  'final-submission': 'Final submission',
  success: 'Submitted',
};

const coverageLabel = (type: string) => COVERAGE_TYPE_DESCRIPTIONS[type as CoverageType] ?? type;

/**
 * A step's loss before the next, in words: tabs lost and their share of this step, or, when more
 * tabs reached the next step than this one (members resuming a saved quote start part-way), how
 * many more did, never a negative loss.
 */
function lossBeforeNext(step: { dropOff: number | null; dropOffRate: number | null }): string {
  if (step.dropOff === null) return '—';
  if (step.dropOff >= 0) return step.dropOffRate === null ? String(step.dropOff) : `${step.dropOff} (${share(step.dropOffRate)})`;
  const more = -step.dropOff;
  return `None; ${more} more reached the next step`;
}

/** /admin/quote-analytics: how far quotes get step by step, the estimates calculated, and the applications submitted, for a period. */
export default function QuoteAnalyticsPage() {
  const [applied, apply] = useAddressFilters(FILTERS);
  const report = useQuoteFunnel(applied);
  const form = useZodForm(quoteFunnelQuerySchema, applied);
  const [from, to] = form.watch(['from', 'to']) as [string, string];
  const data = report.data;
  useRangeChosenByServer(form, data);

  const rangeText = data ? `${formatDate(data.from)} to ${formatDate(data.to)}` : '';

  return (
    <section>
      <AdminPageHeader title="Quote Analytics">
        How far visitors get in the quote wizard, counted per browser tab from the steps they were shown, with the time they typically spend on each; the estimates calculated; and the applications submitted, by
        coverage, zone and crop.
      </AdminPageHeader>
      <Form form={form} className={styles.filters} onSubmit={apply} aria-label="Choose the period">
        <TextField name="from" label="From" type="date" max={to || undefined} />
        <TextField name="to" label="To" type="date" min={from || undefined} />
        <div className={styles.actions}>
          <button type="submit" className="button button-primary">
            Show
          </button>
          {data && (
            <ApiFileLink className="button" path={quoteFunnelCsvPath(applied)} fileName={`quote-funnel-${data.from}-to-${data.to}.csv`}>
              Download CSV
            </ApiFileLink>
          )}
        </div>
      </Form>

      {report.isPending && <ListLoading label="Loading quote analytics…" />}
      {report.isError && <ListError query={report} fallback="The quote analytics could not be loaded. Check your connection and try again." />}
      {data && (
        <div className={chartStyles.reportPanels}>
          <Panel id="quote-funnel" title="Quote funnel" summary={`Browser tabs that were shown each step from ${rangeText}, those lost before the next step, and the median time on the step.`}>
            {data.steps.every((step) => step.count === 0) ? (
              <ListEmpty>No quote steps were shown in this period.</ListEmpty>
            ) : (
              <div className={styles.chartWithTable}>
                <FunnelChart steps={data.steps.map((step) => ({ label: STEP_LABELS[step.step], count: step.count, shareOfFirst: step.shareOfFirst }))} title={`Quote funnel, ${rangeText}`} />
                <FiguresTable
                  caption={`Quote funnel, ${rangeText}`}
                  columns={['Step', 'Visitors', 'Lost before next', 'Median time']}
                  rows={data.steps.map((step) => [STEP_LABELS[step.step], String(step.count), lossBeforeNext(step), duration(step.medianMs)])}
                />
              </div>
            )}
            <p className={styles.note}>
              A step counts a tab once however often it was shown. When more tabs reached the next step than this one, members resuming a saved quote started part-way. Time on a step runs until the tab's next
              step is shown; gaps over 30 minutes are not counted. Step details are kept for 13 months (from {formatDate(data.eventsRetainedFrom)}).
            </p>
          </Panel>

          <Panel id="quote-estimates" title="Estimates and submissions" summary={`Estimates calculated from ${rangeText} by coverage type, and how many of the people who had one submitted an application.`}>
            <Figures
              label="Estimate to submission"
              items={[
                ['People with an estimate', String(data.estimates.people)],
                ['Of them, submitted', String(data.estimates.submitted)],
                ['Conversion', share(data.estimates.conversionRate)],
              ]}
            />
            <div className={styles.chartWithTable}>
              <RankedBars items={data.estimates.byCoverageType.map((row) => ({ name: coverageLabel(row.coverageType), count: row.count }))} label={`Estimates by coverage type, ${rangeText}`} />
              <FiguresTable
                caption={`Estimates by coverage type, ${rangeText}`}
                columns={['Coverage', 'Estimates']}
                rows={data.estimates.byCoverageType.map((row) => [coverageLabel(row.coverageType), String(row.count)])}
              />
            </div>
            <p className={styles.note}>Estimates are recorded from {formatDate(data.estimates.recordedSince)}; a period before that shows fewer than were calculated.</p>
          </Panel>

          <Panel id="quote-applications" title="Applications submitted" summary={`${data.applications.total} ${data.applications.total === 1 ? 'application' : 'applications'} submitted from ${rangeText}.`}>
            {data.applications.total === 0 ? (
              <ListEmpty>No applications were submitted in this period.</ListEmpty>
            ) : (
              <>
                <h3>By coverage type</h3>
                <div className={styles.chartWithTable}>
                  <RankedBars items={data.applications.byCoverageType.map((row) => ({ name: coverageLabel(row.coverageType), count: row.count }))} label={`Applications by coverage type, ${rangeText}`} />
                  <FiguresTable
                    caption={`Applications by coverage type, ${rangeText}`}
                    columns={['Coverage', 'Applications', 'Share']}
                    rows={data.applications.byCoverageType.map((row) => [coverageLabel(row.coverageType), String(row.count), share(row.count / data.applications.total)])}
                  />
                </div>
                <h3>By zone</h3>
                <div className={styles.chartWithTable}>
                  <RankedBars items={data.applications.byZone.map((row) => ({ name: row.zoneCode, count: row.count }))} label={`Applications by zone, ${rangeText}`} />
                  <FiguresTable
                    caption={`Applications by zone, ${rangeText}`}
                    columns={['Zone', 'Applications', 'Area covered']}
                    rows={data.applications.byZone.map((row) => [row.zoneCode, String(row.count), formatHectares(row.hectares)])}
                  />
                </div>
                <h3>By crop</h3>
                <div className={styles.chartWithTable}>
                  <RankedBars items={data.applications.byCrop.map((row) => ({ name: cropName(row.crop), count: row.paddocks }))} label={`Priced crop allocations by crop, ${rangeText}`} />
                  <FiguresTable
                    caption={`Applications by crop, ${rangeText}`}
                    columns={['Crop', 'Allocations', 'Area']}
                    rows={data.applications.byCrop.map((row) => [cropName(row.crop), String(row.paddocks), formatHectares(row.hectares)])}
                  />
                </div>
              </>
            )}
          </Panel>
        </div>
      )}
    </section>
  );
}
