/**
 * /admin/alerts (docs/alerts.md): the system's own alerts on top, the feeds'
 * health and a way to post a warning by hand, then the storm and fire events received, newest
 * first, filtered by kind in the address; an opened event shows its area and the matched paddocks
 * on a map, each member matched and the e-mails that went.
 */
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import {
  ALERT_FEED_ENV_VARS,
  ALERT_FEED_LABELS,
  ALERT_KIND_LABELS,
  ALERT_EVENT_STATUSES,
  type AdminEventDetail,
  type AlertEventStatus,
  type AdminEventSummary,
  type AlertFeedMessageSummary,
  type AlertFeedStatus,
  type IngestResult,
  type SystemAlert,
  alertMessageFormSchema,
  drawnEventFormSchema,
  endEventSchema,
} from '@shared/contracts/alerts';
import { ALERT_KINDS } from '@shared/contracts/alert-kinds';
import type { Footprint } from '@shared/contracts/risk-simulation';
import { alertIssuer } from '@shared/domain/alerts/alert-source';
import { ALERT_EVENT_STATUS_LABELS, alertEventStatus, endableByHand } from '@shared/domain/alerts/event-status';
import { eventAreaKm2 as areaKm2, HOLD_EVENT_AREA_KM2 } from '@shared/domain/alerts/geometry';
import { formatDateTime, formatFileSize, formatHectares, formatNumber, formatPercentRounded, perthWallClockMinute, plural } from '@shared/format';
import { AdminPageHeader, DetailHeading, FilterSelect, ListEmpty, ListError, ListItemButton, ListLoading, Pager } from '../../components/admin/admin-ui';
import styles from '../../components/admin/admin.module.css';
import items from '../../components/admin/admin-items.module.css';
import { useUrlFilters } from '../../components/admin/use-url-filters';
import { LocalitySearch } from '../../components/map/locality-search';
import { SelectField, TextareaField, TextField } from '../../components/ui/form/fields';
import { Form, FormError, useZodForm, SubmitButton, SubmitOrCancel } from '../../components/ui/form/form';
import { oneOf } from '../../lib/query-string';
import { failureMessage } from '../../lib/react-query';
import { useDecideHeldEvent } from './api/decide-held-event';
import { useEndEvent } from './api/end-event';
import { useAlertEvent } from './api/get-event';
import { EVENTS_PAGE_SIZE, useAlertEvents } from './api/get-events';
import { useFeedMessage } from './api/get-feed-message';
import { useSystemAlerts } from './api/get-system-alerts';
import { useAlertDistricts } from './api/get-districts';
import { usePlaceEvent } from './api/place-event';
import { usePostDrawnEvent } from './api/post-drawn-event';
import { usePostEvent } from './api/post-event';
import { ReportMap } from './report-map';
import local from './alerts.module.css';
import { EventMap, type MappedPaddock } from '../../components/map/event-map';

const sourceLabel = (source: string) => alertIssuer(source).label;
const receivedViaLabel = (via: string) => (via === 'api' ? 'Posted by staff' : via === 'drawn' ? 'Drawn by staff from a report' : via.startsWith('feed:') ? `${sourceLabel(via.slice(5))} feed` : via);
const STATUS_TONES: Record<AlertEventStatus, string> = { current: 'danger', held: 'warning', needs_placing: 'warning', ended: 'neutral', expired: 'neutral' };
/** The list's filter by how an event stands: the badge's words, short enough for a menu. */
const STATUS_FILTER_LABELS: Record<AlertEventStatus, string> = { current: 'Current', held: 'Held for confirmation', needs_placing: 'Needs placing', ended: 'Ended', expired: 'Expired' };
const RECIPIENT_LABELS = { member: 'Member', broker: 'Broker', referrer: 'Referrer' } as const;

export default function AlertsPage() {
  const { params, page, update, filter } = useUrlFilters();
  const kind = oneOf(ALERT_KINDS, params.get('kind') ?? '');
  const status = oneOf(ALERT_EVENT_STATUSES, params.get('status') ?? '');
  const selectedId = params.get('event');
  const events = useAlertEvents({ page, kind, status });
  return (
    <section>
      <AdminPageHeader title="Alerts">
        What needs staff’s attention: the system’s own alerts, then the Bureau of Meteorology’s warnings and DFES’s fire incidents received, the members whose paddocks lay under each, and the e-mails that went
        to them, their brokers and referrers.
      </AdminPageHeader>
      <SystemAlerts />
      <div className={styles.panelGrid}>
        <section aria-labelledby="feeds-heading" className={local.box}>
          <h2 id="feeds-heading">Feeds</h2>
          {events.isPending && <ListLoading label="Loading the feeds…" />}
          {events.isError && <ListError query={events} />}
          {events.isSuccess && <FeedHealth feeds={events.data.feeds} />}
        </section>
        <PostEvent onOpen={(id) => update({ event: id })} />
      </div>
      <ReportEvent onOpen={(id) => update({ event: id })} />

      <h2 className={local.heading}>Events received</h2>
      <div className={`${styles.filters} ${local.eventFilters}`}>
        <FilterSelect id="alerts-kind" label="Kind" value={kind ?? ''} anyLabel="Every kind" values={ALERT_KINDS} labels={ALERT_KIND_LABELS} onChange={(value) => filter({ kind: value, event: undefined })} />
        <FilterSelect
          id="alerts-status"
          label="Status"
          value={status ?? ''}
          anyLabel="Every status"
          values={ALERT_EVENT_STATUSES}
          labels={STATUS_FILTER_LABELS}
          onChange={(value) => filter({ status: value, event: undefined })}
        />
      </div>
      <div className={items.split}>
        <div>
          {events.isPending && <ListLoading label="Loading events…" />}
          {events.isError && <ListError query={events} />}
          {events.isSuccess && events.data.events.length === 0 && (
            <ListEmpty>
              {status
                ? `No ${kind ? `${ALERT_KIND_LABELS[kind].toLowerCase()} ` : ''}event is “${STATUS_FILTER_LABELS[status]}” now.`
                : kind
                  ? `No ${ALERT_KIND_LABELS[kind].toLowerCase()} events have been received.`
                  : 'No events have been received yet. They arrive from the feeds, or post one above.'}
            </ListEmpty>
          )}
          {events.isSuccess && events.data.events.length > 0 && (
            <>
              <ul className={items.itemList} aria-label="Events, newest first" aria-busy={events.isFetching}>
                {events.data.events.map((event) => (
                  <li key={event.id}>
                    <EventItem event={event} selected={event.id === selectedId} onOpen={() => update({ event: event.id })} />
                  </li>
                ))}
              </ul>
              <Pager page={page} pageSize={EVENTS_PAGE_SIZE} total={events.data.total} noun="event" onPage={(next) => update({ page: String(next) })} />
            </>
          )}
        </div>
        {selectedId && <EventDetail key={selectedId} id={selectedId} onClose={() => update({ event: undefined })} />}
      </div>
    </section>
  );
}

/* ---------- The system's own alerts ---------- */

function SystemAlerts() {
  const alerts = useSystemAlerts();
  return (
    <section aria-labelledby="system-alerts-heading" className={local.box}>
      <h2 id="system-alerts-heading">The system</h2>
      {alerts.isPending && <ListLoading label="Checking jobs, errors and sign-ins…" />}
      {alerts.isError && <ListError query={alerts} />}
      {alerts.isSuccess && alerts.data.alerts.length === 0 && (
        <p className={styles.muted}>
          Nothing needs attention: no background job failed in the last day, no error is being reported far more than usual, and sign-in failures are as usual. Checked {formatDateTime(alerts.data.checkedAt)}.
        </p>
      )}
      {alerts.isSuccess && alerts.data.alerts.length > 0 && (
        <ul className={local.systemList} aria-label="System alerts, the most serious first">
          {alerts.data.alerts.map((alert) => (
            <SystemAlertItem key={alert.id} alert={alert} />
          ))}
        </ul>
      )}
    </section>
  );
}

const ACTION_LABELS: Record<SystemAlert['kind'], string> = {
  job_failures: 'Open Background Jobs',
  error_spike: 'Open the error',
  sign_in_failures: 'Open Security Logs',
  sign_in_failures_address: 'Open Security Logs',
  sign_in_failures_email: 'Open Security Logs',
};

function SystemAlertItem({ alert }: { alert: SystemAlert }) {
  return (
    <li className={local.systemAlert} data-severity={alert.severity}>
      <span className={styles.badge} data-tone={alert.severity === 'critical' ? 'danger' : 'brand'}>
        {alert.severity === 'critical' ? 'Critical' : 'Warning'}
      </span>
      <strong>{alert.title}</strong>
      <span>{alert.detail}</span>
      <span className={styles.muted}>Since {formatDateTime(alert.since)}</span>
      <Link to={alert.link}>{ACTION_LABELS[alert.kind]}</Link>
    </li>
  );
}

/* ---------- Feeds and posting by hand ---------- */

export function FeedHealth({ feeds }: { feeds: readonly AlertFeedStatus[] }) {
  return (
    <dl className={local.feeds}>
      {feeds.map((feed) => (
        <div key={feed.feed} className={local.feed}>
          <dt>{ALERT_FEED_LABELS[feed.feed]}</dt>
          <dd>
            {feed.configured ? (
              <span className={styles.badge} data-tone={feed.lastError ? 'danger' : 'success'}>
                {feed.lastError ? 'Failing' : 'Configured'}
              </span>
            ) : (
              <span className={styles.badge}>Not configured</span>
            )}
            <span className={styles.muted}>
              {feed.configured ? `Its URL is set by ${ALERT_FEED_ENV_VARS[feed.feed]}; read every 5 minutes.` : `Set ${ALERT_FEED_ENV_VARS[feed.feed]} to read it every 5 minutes.`}
            </span>
          </dd>
          <dd>Last poll: {feed.lastPolledAt ? formatDateTime(feed.lastPolledAt) : 'never'}</dd>
          <dd>Last success: {feed.lastSuccessAt ? `${formatDateTime(feed.lastSuccessAt)}, ${plural(feed.lastStored, 'new event')}` : 'never'}</dd>
          <dd>Last error: {feed.lastError ? `${feed.lastError}${feed.lastErrorAt ? ` (${formatDateTime(feed.lastErrorAt)})` : ''}` : 'none'}</dd>
          {feed.recentMessages.length > 0 && (
            <dd>
              <ul className={local.feedMessages} aria-label={`${ALERT_FEED_LABELS[feed.feed]}: last messages, newest first`}>
                {feed.recentMessages.map((message) => (
                  <FeedMessageItem key={message.id} message={message} />
                ))}
              </ul>
            </dd>
          )}
        </div>
      ))}
    </dl>
  );
}

/** What became of a feed's message, in a few words. */
function feedMessageOutcome(message: AlertFeedMessageSummary): string {
  if (message.error) return `Not read: ${message.error}`;
  const parts = [
    message.stored > 0 && plural(message.stored, 'new event'),
    message.held > 0 && `${plural(message.held, 'event')} held for confirmation`,
    message.ended > 0 && `${plural(message.ended, 'warning')} ended`,
    message.duplicates > 0 && `${formatNumber(message.duplicates)} already stored`,
    message.unreadable > 0 && `${plural(message.unreadable, 'linked alert')} not read${message.unreadableReason ? ` (the first, ${message.unreadableReason})` : ''}`,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : 'Nothing to store';
}

function FeedMessageItem({ message }: { message: AlertFeedMessageSummary }) {
  const [open, setOpen] = useState(false);
  return (
    <li data-failed={message.error ? 'true' : undefined}>
      <span>
        {formatDateTime(message.receivedAt)} · {formatFileSize(message.characters)}: {feedMessageOutcome(message)}
      </span>
      <button type="button" className={`button ${styles.linkButton}`} aria-expanded={open} onClick={() => setOpen(!open)}>
        {open ? 'Hide the message' : 'Show the message'}
      </button>
      {open && <FeedMessageText id={message.id} />}
    </li>
  );
}

function FeedMessageText({ id }: { id: string }) {
  const message = useFeedMessage(id);
  if (message.isPending) return <ListLoading label="Loading the message…" />;
  if (message.isError) return <ListError query={message} />;
  return (
    <pre className={local.feedMessageText} tabIndex={0} aria-label={`The message as it came (${message.data.message.contentType ?? 'no content type'})`}>
      {message.data.message.body}
    </pre>
  );
}

const OUTCOME_LABELS: Record<IngestResult['events'][number]['outcome'], string> = {
  stored: 'Stored',
  held: 'Held: it covers more ground than any storm or fire, so nobody is told until staff confirm it',
  needs_placing: 'Needs placing: it names districts with no boundary installed, so nobody is told until staff place it; open it to place it',
  duplicate: 'Already stored: nothing changed and nothing was sent again',
  cancelled: 'Ended the warning it cancels',
  ignored: 'Cancels nothing stored here',
};

function PostEvent({ onOpen }: { onOpen: (id: string) => void }) {
  const post = usePostEvent();
  const form = useZodForm(alertMessageFormSchema, { message: '' });
  const [file, setFile] = useState<string>();
  const [result, setResult] = useState<IngestResult>();
  return (
    <section aria-labelledby="post-event-heading" className={local.box}>
      <h2 id="post-event-heading">Post a warning</h2>
      <p className={styles.muted}>When a feed cannot be reached, post the Bureau’s CAP alert (XML) or a GeoJSON collection of incidents here: it is matched and e-mailed like one from a feed.</p>
      <Form
        form={form}
        aria-label="Post a warning"
        onSubmit={async ({ message }) => {
          setResult(undefined);
          setResult(await post.mutateAsync(message));
          form.reset({ message: '' });
          setFile(undefined);
        }}
      >
        <div className={local.fileRow}>
          <label htmlFor="alert-file">Choose a file</label>
          <input
            id="alert-file"
            type="file"
            accept=".xml,.cap,.json,.geojson,application/xml,text/xml,application/json,application/geo+json"
            onChange={async (event) => {
              const chosen = event.target.files?.[0];
              if (!chosen) return;
              form.setValue('message', await chosen.text(), { shouldValidate: true });
              setFile(`${chosen.name} (${formatFileSize(chosen.size)})`);
            }}
          />
          {file && <span className={styles.muted}>Read {file}.</span>}
        </div>
        <TextareaField name="message" label="Or paste the CAP alert or GeoJSON" rows={5} spellCheck={false} className={local.message} />
        <FormError />
        <SubmitButton label="Post" busy="Posting…" />
      </Form>
      {result && <IngestOutcomes result={result} onOpen={onOpen} />}
    </section>
  );
}

/** What became of each message, feature or drawn event, with a way to open what was stored. */
function IngestOutcomes({ result, onOpen }: { result: IngestResult; onOpen: (id: string) => void }) {
  return (
    <ul className={local.outcomes} role="status" aria-label="What became of the message">
      {result.events.map((event) => (
        <li key={`${event.source}-${event.externalId}`}>
          <strong>{OUTCOME_LABELS[event.outcome]}</strong>
          <span className={styles.muted}>
            {sourceLabel(event.source)} · {event.externalId}
          </span>
          {event.outcome === 'stored' && (
            <span>
              {event.matchedMembers === 0
                ? 'No member’s paddock lies under it.'
                : `${plural(event.matchedMembers, 'member')} matched, ${plural(event.matchedPaddocks, 'paddock')}; their e-mails are on their way.`}
            </span>
          )}
          {event.id && (
            <button type="button" className={`button ${styles.linkButton}`} onClick={() => onOpen(event.id!)}>
              Open the event
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}

const KIND_OPTIONS = ALERT_KINDS.map((kind) => ({ value: kind, label: ALERT_KIND_LABELS[kind] }));

/** An event reported by phone: staff draw its area, say what it was and when, and it is matched and e-mailed like one from a feed. */
function ReportEvent({ onOpen }: { onOpen: (id: string) => void }) {
  const post = usePostDrawnEvent();
  const form = useZodForm(drawnEventFormSchema, { kind: 'hail', title: '', effective: perthWallClockMinute(new Date()), expires: '', hailSizeMm: '', geometry: null });
  const [focus, setFocus] = useState<{ lat: number; lng: number; key: number }>();
  const [result, setResult] = useState<IngestResult>();
  const area = form.watch('geometry') as Footprint | null;
  const kind = form.watch('kind');
  const areaError = form.formState.errors.geometry?.message;
  return (
    <section aria-labelledby="report-event-heading" className={local.box}>
      <h2 id="report-event-heading">Report an event by hand</h2>
      <p className={styles.muted}>
        For a storm or fire reported by phone: find the place, draw the area it covered with the polygon or rectangle tool at the top left of the map, and say what was seen and when (Perth time). The members
        whose paddocks lie under it are told as for a warning from a feed.
      </p>
      <Form
        form={form}
        aria-label="Report an event by hand"
        onSubmit={async (values) => {
          setResult(undefined);
          setResult(await post.mutateAsync(values));
          form.reset({ ...form.getValues(), title: '', geometry: null });
        }}
      >
        <LocalitySearch label="Go to a place" chosenMessage={(place) => `The map shows ${place}.`} onSelect={(place) => setFocus({ lat: place.lat, lng: place.lng, key: Date.now() })} openAtStart={false} />
        <ReportMap area={area} focus={focus} onDrawn={(drawn) => form.setValue('geometry', drawn, { shouldValidate: form.formState.isSubmitted })} />
        <p className={areaError ? local.areaError : styles.muted} id="report-area-status" role={areaError ? 'alert' : undefined}>
          {area ? `Area drawn: about ${formatNumber(Math.round(areaKm2(area)))} km².` : (areaError ?? 'No area drawn yet.')}
          {area && (
            <button type="button" className={`button ${styles.linkButton}`} onClick={() => form.setValue('geometry', null)}>
              Clear the area
            </button>
          )}
        </p>
        <div className={local.reportFields}>
          <SelectField name="kind" label="Kind of event" options={KIND_OPTIONS} />
          <TextField name="effective" label="When it happened" type="datetime-local" />
          <TextField name="expires" label="Until when (optional)" type="datetime-local" />
          {kind === 'hail' && <TextField name="hailSizeMm" label="Hail size in mm (optional)" type="number" min={1} max={300} step={1} inputMode="numeric" />}
        </div>
        <TextareaField name="title" label="What was reported" hint="Who called, what they saw and where: members read it in their alert." rows={3} />
        <FormError />
        <SubmitButton label="Store the event and tell the members" busy="Storing…" />
      </Form>
      {result && <IngestOutcomes result={result} onOpen={onOpen} />}
    </section>
  );
}

/* ---------- Events ---------- */

function EventTimes({ event }: { event: AdminEventSummary }) {
  return (
    <>
      From {formatDateTime(event.effectiveAt)}
      {event.expiresAt && ` until ${formatDateTime(event.expiresAt)}`}
      {event.updatesEarlier && ' · the agency’s update of an earlier issue'}
      {event.cancelledAt &&
        ` · ${event.replaced ? 'replaced by the agency’s update' : event.leftFeed ? 'over: no longer in its feed,' : event.endedReason ? 'ended by staff' : 'ended'} ${formatDateTime(event.cancelledAt)}`}
    </>
  );
}

function EventItem({ event, selected, onOpen }: { event: AdminEventSummary; selected: boolean; onOpen: () => void }) {
  const status = alertEventStatus(event, new Date());
  return (
    <ListItemButton title={`${ALERT_KIND_LABELS[event.kind]}: ${event.title}`} status={ALERT_EVENT_STATUS_LABELS[status]} tone={STATUS_TONES[status]} selected={selected} onOpen={onOpen}>
      <span>
        {sourceLabel(event.source)} · {receivedViaLabel(event.receivedVia)}
      </span>
      <span className={styles.muted}>
        <EventTimes event={event} />
      </span>
      <span>
        {plural(event.matchedMembers, 'member')} · {plural(event.matchedPaddocks, 'paddock')} · {plural(event.emailsSent, 'e-mail')} sent
      </span>
    </ListItemButton>
  );
}

function EventDetail({ id, onClose }: { id: string; onClose: () => void }) {
  const detail = useAlertEvent(id);
  if (detail.isPending) return <ListLoading label="Loading the event…" />;
  if (detail.isError) return <ListError query={detail} fallback="The event could not be loaded. Check your connection and try again." />;
  return <EventDetailView event={detail.data.event} onClose={onClose} />;
}

export function EventDetailView({ event, onClose }: { event: AdminEventDetail; onClose: () => void }) {
  const status = alertEventStatus(event, new Date());
  const title = `${ALERT_KIND_LABELS[event.kind]}: ${event.title}`;
  const outlines = useMemo<MappedPaddock[]>(
    () =>
      event.matches.flatMap((match) =>
        match.paddocks.flatMap((paddock) =>
          paddock.boundary
            ? [
                {
                  key: `${match.id}-${paddock.paddockId}`,
                  boundary: paddock.boundary as MappedPaddock['boundary'],
                  label: [{ text: paddock.name, strong: true as const }, match.memberName, paddockShare(paddock)],
                },
              ]
            : [],
        ),
      ),
    [event],
  );
  const unmapped = event.matches.reduce((sum, match) => sum + match.paddocks.filter((paddock) => !paddock.boundary).length, 0);
  return (
    <article className={`${items.detail} ${local.event}`} aria-labelledby="event-title">
      <DetailHeading id="event-title" title={title} onClose={onClose} notice={undefined} />
      <dl className={items.facts}>
        <div>
          <dt>Status</dt>
          <dd>{ALERT_EVENT_STATUS_LABELS[status]}</dd>
        </div>
        <div>
          <dt>Source</dt>
          <dd>{sourceLabel(event.source)}</dd>
        </div>
        <div>
          <dt>Received</dt>
          <dd>
            {receivedViaLabel(event.receivedVia)}, {formatDateTime(event.receivedAt)}
          </dd>
        </div>
        <div>
          <dt>Times</dt>
          <dd>
            <EventTimes event={event} />
          </dd>
        </div>
        {event.severity && (
          <div>
            <dt>Severity</dt>
            <dd>{event.severity}</dd>
          </div>
        )}
        {event.hailSizeMm !== null && (
          <div>
            <dt>Hail size</dt>
            <dd>up to {formatNumber(event.hailSizeMm / 10)} cm</dd>
          </div>
        )}
        <div>
          <dt>Identifier</dt>
          <dd className={local.identifier}>{event.externalId}</dd>
        </div>
      </dl>
      {event.endedReason && (
        <p className={local.endedNote}>
          Ended by {event.endedBy ?? 'staff'}, who wrote for the members under it: “{event.endedReason}”
        </p>
      )}
      {(event.matches.length > 0 || event.claimsUnder > 0) && <ClaimsUnderEvent event={event} />}
      {status === 'held' && <HeldEventDecision event={event} />}
      {status === 'needs_placing' && <PlaceEvent event={event} />}
      {endableByHand(status) && <EndEvent key={event.id} event={event} />}
      {event.geometry && (
        <>
          <EventMap geometry={event.geometry} title={title} paddocks={outlines} />
          <p className={styles.muted}>
            {outlines.length === 0 ? 'No matched paddock has an outline to draw.' : `${plural(outlines.length, 'paddock outline')} drawn in red over the event’s area.`}
            {unmapped > 0 && ` ${plural(unmapped, 'matched paddock')} ${unmapped === 1 ? 'has' : 'have'} no outline to draw.`}
          </p>
        </>
      )}
      <h3>Members matched</h3>
      {event.matches.length === 0 ? (
        <ListEmpty>No member’s paddock lay under this event.</ListEmpty>
      ) : (
        <ul className={items.itemList} aria-label="Members matched">
          {event.matches.map((match) => (
            <li key={match.id}>
              <MatchView match={match} />
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}

/** The claims staff's list holds under the event: under any issue of its warning, when an update re-issued it. */
function ClaimsUnderEvent({ event }: { event: AdminEventDetail }) {
  const under = event.issues > 1 ? `under this event’s ${event.issues} issues` : 'under this event';
  if (event.claimsUnder === 0) return <p>No claims {under} yet.</p>;
  return (
    <p>
      <Link to={`/admin/claims?event=${encodeURIComponent(event.id)}`}>
        {plural(event.claimsUnder, 'claim')} {under}
      </Link>
    </p>
  );
}

/** A held event: what it covers, and the two decisions staff can take on it. */
function HeldEventDecision({ event }: { event: AdminEventDetail }) {
  const decide = useDecideHeldEvent(event.id);
  return (
    <section className={local.box} aria-labelledby="held-heading">
      <h3 id="held-heading">Confirm before anyone is told</h3>
      <p>
        It covers about {formatNumber(event.areaKm2 ?? 0)} km², more than any storm warning or fire ({formatNumber(HOLD_EVENT_AREA_KM2)} km² or more is held): it may be a mistake in the message. Look at the
        map. Confirmed, it shows to the {plural(event.matchedMembers, 'member')} under it and they, their brokers and referrers are e-mailed; withdrawn, it ends and nobody is told.
      </p>
      {decide.isError && <p role="alert">{failureMessage(decide.error)}</p>}
      <div className={local.decisions}>
        <button type="button" className="button button-primary" disabled={decide.isPending} onClick={() => decide.mutate('confirm')}>
          Confirm and tell them
        </button>
        <button type="button" className="button" disabled={decide.isPending} onClick={() => decide.mutate('withdraw')}>
          Withdraw it
        </button>
      </div>
    </section>
  );
}

/**
 * A current event staff end by hand: a report drawn from a phone call that turned out wrong or is
 * over, or a feed's entry the agency got wrong and still lists. Members keep the alert, ended, with
 * the reason given; nobody is e-mailed.
 */
function EndEvent({ event }: { event: AdminEventDetail }) {
  const [open, setOpen] = useState(false);
  const end = useEndEvent(event.id);
  const form = useZodForm(endEventSchema, { reason: '' });
  if (!open) {
    return (
      <p>
        <button type="button" className="button" onClick={() => setOpen(true)}>
          End this event…
        </button>
      </p>
    );
  }
  return (
    <Form
      form={form}
      className={local.box}
      opensInPlace
      aria-labelledby="end-heading"
      failureMessage="The event could not be ended. Check your connection and try again."
      onSubmit={async (values) => {
        await end.mutateAsync(values);
        setOpen(false);
      }}
    >
      <h3 id="end-heading">End this event now</h3>
      <p>
        It stops being current for the {plural(event.matchedMembers, 'member')} under it: their alert stays, marked ended, with your reason. Nobody is e-mailed. If the agency issues it again, the new issue is
        stored and told as any other.
      </p>
      <FormError />
      <TextareaField name="reason" label="Why is it over? (members read it on their alert)" rows={2} />
      <SubmitOrCancel className={local.decisions} busy="Ending…" label="End it now" onCancel={() => setOpen(false)} />
    </Form>
  );
}

/**
 * A warning the Bureau placed by districts the product has no boundary for: staff pick the districts
 * (from the installed boundaries) or draw the area, and it is then matched and e-mailed like any.
 */
function PlaceEvent({ event }: { event: AdminEventDetail }) {
  const place = usePlaceEvent(event.id);
  const districts = useAlertDistricts();
  const known = new Map((districts.data?.districts ?? []).map((district) => [district.code, district.name]));
  const [picked, setPicked] = useState<string[]>(() => event.areaCodes);
  const [area, setArea] = useState<Footprint | null>(null);
  const [focus, setFocus] = useState<{ lat: number; lng: number; key: number }>();
  const missing = event.areaCodes.filter((code) => !known.has(code));
  const pickable = picked.filter((code) => known.has(code));
  return (
    <section className={local.box} aria-labelledby="place-heading">
      <h3 id="place-heading">Place this warning</h3>
      <p>
        The Bureau placed it by its districts only ({event.areaCodes.join(', ')}
        {event.areaDescription ? `: ${event.areaDescription}` : ''}). {/* Until the installed districts are known, which of these have a boundary is not said. */}
        {districts.isSuccess && missing.length > 0
          ? `No boundary is installed for ${missing.join(', ')}${districts.data.configured ? '' : ' (no districts file is set: ALERT_DISTRICTS_FILE)'}, so nobody has been told.`
          : 'Nobody has been told yet.'}{' '}
        Pick the districts it covers, or draw its area on the map; the members under it are then told as for any warning.
      </p>
      {place.isError && <p role="alert">{failureMessage(place.error)}</p>}
      {known.size > 0 && (
        <fieldset className={local.districts}>
          <legend>The Bureau’s districts</legend>
          {[...known].map(([code, name]) => (
            <label key={code}>
              <input type="checkbox" checked={picked.includes(code)} onChange={(change) => setPicked(change.target.checked ? [...picked, code] : picked.filter((other) => other !== code))} />
              {name} ({code})
            </label>
          ))}
          <button type="button" className="button button-primary" disabled={place.isPending || pickable.length === 0} onClick={() => place.mutate({ districts: pickable })}>
            Place it on {plural(pickable.length, 'district')}
          </button>
        </fieldset>
      )}
      <LocalitySearch label="Go to a place" chosenMessage={(found) => `The map shows ${found}.`} onSelect={(found) => setFocus({ lat: found.lat, lng: found.lng, key: Date.now() })} openAtStart={false} />
      <ReportMap area={area} focus={focus} onDrawn={setArea} />
      <button type="button" className="button button-primary" disabled={place.isPending || !area} onClick={() => area && place.mutate({ geometry: area })}>
        {area ? `Place it on the area drawn (about ${formatNumber(Math.round(areaKm2(area)))} km²)` : 'Draw the area to place it there'}
      </button>
    </section>
  );
}

type Match = AdminEventDetail['matches'][number];

function paddockShare(paddock: Match['paddocks'][number]): string {
  if (paddock.share === null) return 'Its farm’s location is inside the area';
  return `${formatPercentRounded(paddock.share * 100)} of ${formatHectares(paddock.areaHa)}, about ${formatHectares(paddock.hectaresAffected ?? 0)}`;
}

function MatchView({ match }: { match: Match }) {
  const headingId = `match-${match.id}`;
  return (
    <section className={local.match} aria-labelledby={headingId}>
      <div className={items.itemTop}>
        <h4 id={headingId}>{match.memberName}</h4>
        <span className={styles.badge} data-tone={match.readAt ? 'success' : undefined}>
          {match.readAt ? `Read ${formatDateTime(match.readAt)}` : 'Not read yet'}
        </span>
      </div>
      {match.memberEmail && <p className={styles.muted}>{match.memberEmail}</p>}
      <div className={local.tableWrap}>
        <table className={styles.table}>
          <caption className="visually-hidden">{match.memberName}’s paddocks under the event</caption>
          <thead>
            <tr>
              <th scope="col">Paddock</th>
              <th scope="col">Area</th>
              <th scope="col">Under the event</th>
              <th scope="col">Placed by</th>
            </tr>
          </thead>
          <tbody>
            {match.paddocks.map((paddock) => (
              <tr key={`${paddock.applicationId}-${paddock.paddockId}`}>
                <th scope="row" data-label="Paddock">
                  {paddock.name}
                </th>
                <td data-label="Area">{formatHectares(paddock.areaHa)}</td>
                <td data-label="Under the event">{paddock.share === null ? 'Not known' : `${formatPercentRounded(paddock.share * 100)}, about ${formatHectares(paddock.hectaresAffected ?? 0)}`}</td>
                <td data-label="Placed by">{paddock.placedBy === 'boundary' ? 'Its boundary' : 'The farm’s location'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p>{match.emails.length === 0 ? 'No e-mail has gone yet.' : `E-mailed: ${match.emails.map((email) => `${RECIPIENT_LABELS[email.recipient]} ${formatDateTime(email.sentAt)}`).join(' · ')}`}</p>
    </section>
  );
}
