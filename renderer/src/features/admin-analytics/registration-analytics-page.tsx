import { REGISTRATION_SOURCE_LABELS, registrationAnalyticsQuerySchema, VERIFICATION_FUNNEL_LABELS } from '@shared/contracts/admin-analytics';
import { formatDate } from '@shared/format';
import { AdminPageHeader, ListEmpty, ListError, ListLoading } from '../../components/admin/admin-ui';
import { RankedBars } from '../../components/charts/charts';
import { FunnelChart } from '../../components/charts/funnel-chart';
import { PeriodChart, PeriodTable } from '../../components/charts/period-chart';
import { SelectField, TextField } from '../../components/ui/form/fields';
import { Form, useZodForm } from '../../components/ui/form/form';
import { ApiFileLink } from '../../lib/api-files';
import { registrationAnalyticsCsvPath, useRegistrationAnalytics } from './api/get-registration-analytics';
import { duration, Figures, FiguresTable, Panel, share } from './analytics-ui';
import chartStyles from '../../components/charts/charts.module.css';
import { useAddressFilters, useRangeChosenByServer } from '../../components/admin/use-url-filters';
import styles from './analytics.module.css';

const FILTERS = ['from', 'to', 'bucket'] as const;

/** /admin/registration-analytics: accounts per day or week, the e-mail verification funnel, the time codes take, sources and referrers. */
export default function RegistrationAnalyticsPage() {
  const [applied, apply] = useAddressFilters(FILTERS);
  const report = useRegistrationAnalytics(applied);
  const form = useZodForm(registrationAnalyticsQuerySchema, applied);
  const [from, to] = form.watch(['from', 'to']) as [string, string];
  const data = report.data;
  useRangeChosenByServer(form, data);

  const rangeText = data ? `${formatDate(data.from)} to ${formatDate(data.to)}` : '';
  const perLabel = data?.bucket === 'week' ? 'week' : 'day';
  const funnel = data?.funnel ?? [];

  return (
    <section>
      <AdminPageHeader title="Registration Analytics">
        How people become members: accounts created per day or week (Perth time), how many of those who asked for an e-mail code verified it, set a password and went on to a quote, how long a code takes to be
        entered, and where new members came from.
      </AdminPageHeader>
      <Form form={form} className={styles.filters} onSubmit={apply} aria-label="Choose the period">
        <TextField name="from" label="From" type="date" max={to || undefined} />
        <TextField name="to" label="To" type="date" min={from || undefined} />
        <SelectField
          name="bucket"
          label="Count per"
          options={[
            { value: '', label: 'Day' },
            { value: 'week', label: 'Week (Monday to Sunday)' },
          ]}
        />
        <div className={styles.actions}>
          <button type="submit" className="button button-primary">
            Show
          </button>
          {data && (
            <ApiFileLink className="button" path={registrationAnalyticsCsvPath(applied)} fileName={`registrations-${data.from}-to-${data.to}.csv`}>
              Download CSV
            </ApiFileLink>
          )}
        </div>
      </Form>

      {report.isPending && <ListLoading label="Loading registration analytics…" />}
      {report.isError && <ListError query={report} fallback="The registration analytics could not be loaded. Check your connection and try again." />}
      {data && (
        <div className={chartStyles.reportPanels}>
          <Panel
            id="registrations-per-period"
            title={`Registrations per ${perLabel}`}
            summary={`${data.total} ${data.total === 1 ? 'account' : 'accounts'} created from ${rangeText} (administrators not counted).`}
          >
            {data.total === 0 ? (
              <ListEmpty>No accounts were created in this period. Try a longer period.</ListEmpty>
            ) : (
              <div className={styles.chartWithTable}>
                <PeriodChart series={data.registrations} title={`Registrations per ${perLabel}, ${rangeText}`} unit={data.bucket === 'week' ? 'weeks' : 'days'} />
                <PeriodTable series={data.registrations} caption={`Registrations per ${perLabel}, ${rangeText}`} heading={data.bucket === 'week' ? 'Week' : 'Day'} />
              </div>
            )}
          </Panel>

          <Panel
            id="verification-funnel"
            title="Verification funnel"
            summary={`People who asked for an e-mail code from ${rangeText}, by address: how many entered it, created a password (registered), and had a first quote (an estimate calculated or saved, or an application) at any time since.`}
          >
            {funnel[0]?.count === 0 ? (
              <ListEmpty>Nobody asked for a code in this period.</ListEmpty>
            ) : (
              <div className={styles.chartWithTable}>
                <FunnelChart steps={funnel.map((step) => ({ label: VERIFICATION_FUNNEL_LABELS[step.step], count: step.count, shareOfFirst: step.shareOfFirst }))} title={`Verification funnel, ${rangeText}`} />
                <FiguresTable
                  caption={`Verification funnel, ${rangeText}`}
                  columns={['Step', 'People', 'Of the first', 'Lost before next']}
                  rows={funnel.map((step) => [VERIFICATION_FUNNEL_LABELS[step.step], String(step.count), share(step.shareOfFirst), step.dropOff === null ? '—' : `${step.dropOff} (${share(step.dropOffRate)})`])}
                />
              </div>
            )}
          </Panel>

          <Panel id="verification-time" title="Time from code to verification" summary="From the code being sent to its being entered correctly, for the codes of the period that were verified.">
            <Figures
              label="Time to verify"
              items={[
                ['Codes verified', String(data.verificationTime.verified)],
                ['Median time', duration(data.verificationTime.medianMs)],
              ]}
            />
            {data.verificationTime.verified > 0 && (
              <div className={styles.chartWithTable}>
                <RankedBars items={data.verificationTime.bands.map((band) => ({ name: band.band, count: band.count }))} label={`Time to verify, ${rangeText}`} />
                <FiguresTable
                  caption={`Time to verify, ${rangeText}`}
                  columns={['Time taken', 'Codes', 'Share']}
                  rows={data.verificationTime.bands.map((band) => [band.band, String(band.count), share(band.count / data.verificationTime.verified)])}
                />
              </div>
            )}
          </Panel>

          <Panel id="registration-sources" title="Registrations by source" summary={`Where the accounts created from ${rangeText} came from.`}>
            <div className={styles.chartWithTable}>
              <RankedBars items={data.bySource.map((row) => ({ name: REGISTRATION_SOURCE_LABELS[row.source], count: row.count }))} label={`Registrations by source, ${rangeText}`} />
              <FiguresTable
                caption={`Registrations by source, ${rangeText}`}
                columns={['Source', 'Accounts', 'Share']}
                rows={data.bySource.map((row) => [REGISTRATION_SOURCE_LABELS[row.source], String(row.count), share(data.total ? row.count / data.total : null)])}
              />
            </div>
          </Panel>

          <Panel id="registration-referrers" title="Registrations by referrer" summary={`Accounts created from ${rangeText} with a referrer's link (?ref=CODE), per code.`}>
            {data.byReferrer.length === 0 ? (
              <ListEmpty>No account in this period came with a referrer code.</ListEmpty>
            ) : (
              <div className={styles.chartWithTable}>
                <RankedBars
                  items={data.byReferrer.map((row) => ({ name: row.organisation ? `${row.code} (${row.organisation})` : row.code, count: row.count }))}
                  label={`Registrations by referrer, ${rangeText}`}
                />
                <FiguresTable
                  caption={`Registrations by referrer, ${rangeText}`}
                  columns={['Referrer code', 'Organisation', 'Accounts']}
                  rows={data.byReferrer.map((row) => [row.code, row.organisation ?? 'No longer a referrer', String(row.count)])}
                />
              </div>
            )}
          </Panel>
        </div>
      )}
    </section>
  );
}
