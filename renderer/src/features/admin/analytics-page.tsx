import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatDate } from '@shared/format';
import { DailyChart, DailyTable, RankedBars } from './insight-charts';
import { insightsApi } from './insights-api';
import { AdminPageHeader, ListEmpty, ListError, ListLoading } from './admin-ui';
import { useLoaded } from './insights-ui';
import styles from './insights.module.css';

/** What the events the site sends mean (renderer/src/lib/analytics.ts and its callers). */
const EVENT_NOTES: Record<string, string> = {
  page_view: 'a public page was shown',
  'quote_cta.clicked': 'a quote button was pressed',
  'contact_form.sent': 'a contact message was sent',
  'register_interest.sent': 'someone registered interest',
  'quote_step.viewed': 'a quote wizard step was shown (the step is in its properties)',
};

interface Filters {
  event: string;
  from: string;
  to: string;
}

/** /admin/analytics: events per day over a range of Perth days, and the most frequent events. */
export default function AnalyticsPage() {
  const [params, setParams] = useSearchParams();
  const applied: Filters = { event: params.get('event') ?? '', from: params.get('from') ?? '', to: params.get('to') ?? '' };
  const [draft, setDraft] = useState<Filters>(applied);
  const summary = useLoaded(() => insightsApi.analyticsSummary(applied), params.toString(), 'The analytics could not be loaded. Check your connection and try again.');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams();
    for (const [key, value] of Object.entries(draft)) if (value) next.set(key, value);
    setParams(next);
  };
  const set = (key: keyof Filters) => (event: { target: { value: string } }) => setDraft({ ...draft, [key]: event.target.value });

  const data = summary.status === 'ready' ? summary.data : undefined;
  const eventNames = [...new Set([...(data?.topEvents.map((row) => row.event) ?? []), ...(draft.event ? [draft.event] : [])])].sort();
  const eventLabel = data?.event ?? 'All events';
  const rangeText = data ? `${formatDate(data.from)} to ${formatDate(data.to)}` : '';

  return (
    <section>
      <AdminPageHeader title="Analytics">
        What visitors do on the public site, counted per day in Perth time. Events are sent by the browser a few seconds after they happen. Events are kept one by one for 13 months; after that only their daily totals per event are kept, and the figures here come from those.
      </AdminPageHeader>
      <form className={styles.filters} onSubmit={submit} aria-label="Choose events and dates">
        <div className={styles.field}>
          <label htmlFor="analytics-event">Event</label>
          <select id="analytics-event" className={styles.control} value={draft.event} onChange={set('event')}>
            <option value="">All events</option>
            {eventNames.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor="analytics-from">From</label>
          <input id="analytics-from" type="date" className={styles.control} value={draft.from || data?.from || ''} max={draft.to || undefined} onChange={set('from')} />
        </div>
        <div className={styles.field}>
          <label htmlFor="analytics-to">To</label>
          <input id="analytics-to" type="date" className={styles.control} value={draft.to || data?.to || ''} min={draft.from || undefined} onChange={set('to')} />
        </div>
        <div className={styles.actions}>
          <button type="submit" className="button button-primary">
            Show
          </button>
        </div>
      </form>

      {summary.status === 'loading' && <ListLoading label="Loading analytics…" />}
      {summary.status === 'error' && <ListError message={summary.message} onRetry={summary.reload} />}
      {data && (
        <div className={styles.panels}>
          <section className={styles.panel} aria-labelledby="analytics-daily">
            <h2 id="analytics-daily">{eventLabel} per day</h2>
            <p className={styles.summary} aria-live="polite">
              {data.total} {data.total === 1 ? 'event' : 'events'} from {rangeText}
              {data.event && EVENT_NOTES[data.event] ? ` (each time ${EVENT_NOTES[data.event]})` : ''}.
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
          <section className={styles.panel} aria-labelledby="analytics-top">
            <h2 id="analytics-top">Top events</h2>
            <p className={styles.summary}>The most frequent events from {rangeText}, whichever event is chosen above.</p>
            {data.topEvents.length === 0 ? (
              <ListEmpty>No events in this range.</ListEmpty>
            ) : (
              <RankedBars items={data.topEvents.map((row) => ({ name: row.event, count: row.count }))} label={`Top events, ${rangeText}`} />
            )}
          </section>
        </div>
      )}
    </section>
  );
}
