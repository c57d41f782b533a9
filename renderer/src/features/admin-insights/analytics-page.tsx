import { analyticsSummaryQuerySchema } from '@shared/contracts/admin-insights';
import { AdminPageHeader, ListEmpty, ListError, ListLoading } from '../../components/admin/admin-ui';
import { useAddressFilters, useRangeChosenByServer } from '../../components/admin/use-url-filters';
import { SelectField, TextField } from '../../components/ui/form/fields';
import { Form, useZodForm } from '../../components/ui/form/form';
import { useAnalyticsSummary } from './api/get-analytics-summary';
import { DailyChart, DailyTable, RankedBars } from '../../components/charts/charts';

import chartStyles from '../../components/charts/charts.module.css';
import styles from './insights.module.css';
import { formatDate } from '@shared/format';

/**
 * What the events the site sends mean (renderer/src/lib/analytics.ts and its callers). A Map, since the
 * event is whatever the address or a visitor's browser names (one named 'constructor' is not Object's).
 */
const EVENT_NOTES: ReadonlyMap<string, string> = new Map([
  ['page_view', 'a public page was shown'],
  ['quote_cta.clicked', 'a quote button was pressed'],
  ['contact_form.sent', 'a contact message was sent'],
  ['register_interest.sent', 'someone registered interest'],
  ['quote_step.viewed', 'a quote wizard step was shown (the step is in its properties)'],
  ['quote_estimate.calculated', 'the quote wizard priced one coverage type (the coverage type is in its properties)'],
]);

const FILTERS = ['event', 'from', 'to'] as const;

/** /admin/analytics: events per day over a range of Perth days, and the most frequent events. */
export default function AnalyticsPage() {
  const [applied, apply] = useAddressFilters(FILTERS);
  const summary = useAnalyticsSummary(applied);
  const form = useZodForm(analyticsSummaryQuerySchema, applied);
  const [draftEvent, from, to] = form.watch(['event', 'from', 'to']) as [string, string, string];
  const data = summary.data;
  useRangeChosenByServer(form, data);

  const eventNames = [...new Set([...(data?.topEvents.map((row) => row.event) ?? []), ...(draftEvent ? [draftEvent] : [])])].sort();
  const eventLabel = data?.event ?? 'All events';
  const rangeText = data ? `${formatDate(data.from)} to ${formatDate(data.to)}` : '';

  return (
    <section>
      <AdminPageHeader title="Analytics">
        What visitors do on the public site, counted per day in Perth time. Events are sent by the browser a few seconds after they happen. Events are kept one by one for 13 months; after that only their daily
        totals per event are kept, and the figures here come from those.
      </AdminPageHeader>
      <Form form={form} className={styles.filters} onSubmit={apply} aria-label="Choose events and dates">
        <SelectField name="event" label="Event" options={[{ value: '', label: 'All events' }, ...eventNames.map((name) => ({ value: name, label: name }))]} />
        <TextField name="from" label="From" type="date" max={to || undefined} />
        <TextField name="to" label="To" type="date" min={from || undefined} />
        <div className={styles.actions}>
          <button type="submit" className="button button-primary">
            Show
          </button>
        </div>
      </Form>

      {summary.isPending && <ListLoading label="Loading analytics…" />}
      {summary.isError && <ListError query={summary} fallback="The analytics could not be loaded. Check your connection and try again." />}
      {data && (
        <div className={chartStyles.reportPanels}>
          <section className={chartStyles.reportPanel} aria-labelledby="analytics-daily">
            <h2 id="analytics-daily">{eventLabel} per day</h2>
            <p className={styles.summary} aria-live="polite">
              {data.total} {data.total === 1 ? 'event' : 'events'} from {rangeText}
              {data.event && EVENT_NOTES.has(data.event) ? ` (each time ${EVENT_NOTES.get(data.event)})` : ''}.
            </p>
            {data.total === 0 ? (
              <ListEmpty>No events in this range. Try a longer range or another event.</ListEmpty>
            ) : (
              <>
                <DailyChart series={data.daily} title={`${eventLabel} per day, ${rangeText}`} />
                <details>
                  <summary>Show the counts as a table</summary>
                  <DailyTable series={data.daily} caption={`${eventLabel} per day, ${rangeText}`} />
                </details>
              </>
            )}
          </section>
          <section className={chartStyles.reportPanel} aria-labelledby="analytics-top">
            <h2 id="analytics-top">Top events</h2>
            <p className={styles.summary}>The most frequent events from {rangeText}, whichever event is chosen above.</p>
            {data.topEvents.length === 0 ? (
              <ListEmpty>No events in this range.</ListEmpty>
            ) : (
              <RankedBars items={data.topEvents.map((row) => ({ name: row.event, count: row.count }))} label={`Top events, ${rangeText}`} codes />
            )}
          </section>
        </div>
      )}
    </section>
  );
}
