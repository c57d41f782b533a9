import { useId, useMemo, useState } from 'react';
import { eventRunInputSchema, type ExposureResponse, type Footprint, RISK_PERILS, type EventImpactInput, type PaddockHitView } from '@shared/contracts/risk-simulation';
import { cropName } from '@shared/domain/pricing/crop-name';
import { formatCents, formatHectares, formatPercent, formatPercentRounded } from '@shared/format';
import { ListError } from '../../components/admin/admin-ui';
import adminStyles from '../../components/admin/admin.module.css';
import ops from '../../components/admin/admin-items.module.css';
import { LocalitySearch } from '../../components/map/locality-search';
import { TextField } from '../../components/ui/form/fields';
import { Form, FormError, useZodForm } from '../../components/ui/form/form';
import { useCreateRun } from './api/create-run';
import { useEventImpact } from './api/get-event-impact';
import { useRuns } from './api/get-runs';
import { type PlaceFocus, RiskMap } from './risk-map';
import styles from './risk.module.css';

export const PERIL_LABELS: Record<(typeof RISK_PERILS)[number], string> = { hail: 'Hail swath', fire: 'Fire footprint' };

/** Draw (or pick) an event and see every protected paddock it touches and what it would cost. */
export function EventSection({ exposure }: { exposure: ExposureResponse }) {
  const [footprint, setFootprint] = useState<Footprint | null>(null);
  const [peril, setPeril] = useState<EventImpactInput['peril']>('hail');
  const [severity, setSeverity] = useState('50');
  const [focus, setFocus] = useState<PlaceFocus>();
  const severityPercent = Number(severity);
  const severityValid = severity.trim() !== '' && Number.isFinite(severityPercent) && severityPercent >= 1 && severityPercent <= 100;
  const event = footprint && severityValid ? { peril, severityPercent, geometry: footprint } : null;
  const impact = useEventImpact(event);
  const stored = useRuns({ kind: 'event', page: 1 });
  const hitIds = useMemo(() => new Set(impact.data?.hits.map((hit) => hit.paddockId) ?? []), [impact.data]);
  const perilId = useId();
  const severityId = useId();
  const storedId = useId();

  return (
    <section className={styles.section} aria-labelledby="risk-event-heading">
      <h2 id="risk-event-heading">What would an event cost?</h2>
      <p className={adminStyles.muted}>
        Draw a hail swath or fire footprint with the polygon or rectangle tool at the top left of the map, or pick a saved event. Every protected paddock under it is listed with the share hit and the claim
        expected after its hurdle, at the severity you set (the share of the crop lost where the event hits).
      </p>
      <div className={styles.controls}>
        <label htmlFor={perilId}>
          Event
          <select id={perilId} value={peril} onChange={(change) => setPeril(change.target.value as EventImpactInput['peril'])}>
            {RISK_PERILS.map((value) => (
              <option key={value} value={value}>
                {PERIL_LABELS[value]}
              </option>
            ))}
          </select>
        </label>
        <label htmlFor={severityId}>
          Severity (% of crop lost)
          <input id={severityId} type="number" min="1" max="100" step="1" value={severity} onChange={(change) => setSeverity(change.target.value)} aria-invalid={severityValid ? undefined : true} />
        </label>
        <label htmlFor={storedId}>
          Saved event
          <select
            id={storedId}
            value=""
            onChange={(change) => {
              const run = stored.data?.runs.find((candidate) => candidate.id === change.target.value);
              if (run?.kind !== 'event') return;
              setFootprint(run.event.geometry);
              setPeril(run.event.peril);
              setSeverity(String(run.event.severityPercent));
            }}
          >
            <option value="">{stored.isPending ? 'Loading saved events…' : 'Pick a saved event'}</option>
            {stored.data?.runs.map((run) => (
              <option key={run.id} value={run.id}>
                {run.name}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="button button-secondary" disabled={!footprint} onClick={() => setFootprint(null)}>
          Clear the footprint
        </button>
      </div>
      {!severityValid && (
        <p role="alert" className={adminStyles.error}>
          Severity is a percentage from 1 to 100.
        </p>
      )}
      <LocalitySearch label="Go to a place" chosenMessage={(place) => `The map shows ${place}.`} onSelect={(place) => setFocus({ label: place.label, lat: place.lat, lng: place.lng, key: Date.now() })} />
      <RiskMap focus={focus} paddocks={exposure.paddocks} zones={exposure.zones} footprint={footprint} hitIds={hitIds} onFootprintDrawn={setFootprint} />
      {!footprint && <p className={adminStyles.muted}>No footprint yet: draw one on the map or pick a saved event.</p>}
      {footprint && impact.isPending && <p role="status">Working out which paddocks are under it…</p>}
      {footprint && impact.isError && <ListError query={impact} />}
      {footprint && event && impact.isSuccess && <EventResults hits={impact.data.hits} totals={impact.data.totals} event={event} busy={impact.isFetching} />}
    </section>
  );
}

function EventResults({
  hits,
  totals,
  event,
  busy,
}: {
  hits: readonly PaddockHitView[];
  totals: { paddocks: number; valueHitCents: number; lossCents: number; expectedClaimCents: number };
  event: EventImpactInput;
  busy: boolean;
}) {
  return (
    <div aria-live="polite">
      <ul className={ops.stats} aria-label="What the event would cost">
        <li className={ops.stat}>
          <h3>Paddocks hit</h3>
          <p className={ops.figure}>{totals.paddocks}</p>
        </li>
        <li className={ops.stat}>
          <h3>Value hit</h3>
          <p className={ops.figure}>{formatCents(totals.valueHitCents)}</p>
        </li>
        <li className={ops.stat}>
          <h3>Crop lost</h3>
          <p className={ops.figure}>{formatCents(totals.lossCents)}</p>
        </li>
        <li className={ops.stat}>
          <h3>Expected claims</h3>
          <p className={ops.figure}>{formatCents(totals.expectedClaimCents)}</p>
        </li>
      </ul>
      {hits.length === 0 ? (
        <p className={adminStyles.empty}>No protected paddock {event.peril === 'hail' ? 'with hail cover' : 'with fire cover'} is under this footprint.</p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={adminStyles.table} aria-label="Paddocks under the footprint" aria-busy={busy}>
            <thead>
              <tr>
                <th scope="col">Paddock</th>
                <th scope="col">Member</th>
                <th scope="col">Crop</th>
                <th scope="col">Zone</th>
                <th scope="col" className={styles.number}>
                  Area
                </th>
                <th scope="col" className={styles.number}>
                  Share hit
                </th>
                <th scope="col" className={styles.number}>
                  Value hit
                </th>
                <th scope="col" className={styles.number}>
                  Hurdle
                </th>
                <th scope="col" className={styles.number}>
                  Expected claim
                </th>
              </tr>
            </thead>
            <tbody>
              {hits.map((hit) => (
                <tr key={hit.paddockId}>
                  <th scope="row">{hit.name}</th>
                  <td>{hit.memberName}</td>
                  <td>{hit.crop ? cropName(hit.crop) : '—'}</td>
                  <td>{hit.zoneCode}</td>
                  <td className={styles.number}>{formatHectares(hit.areaHa)}</td>
                  <td className={styles.number}>{formatPercentRounded(hit.share * 100)}</td>
                  <td className={styles.number}>{formatCents(hit.valueHitCents)}</td>
                  <td className={styles.number}>
                    {formatPercent(hit.hurdlePercentage)} ({formatCents(hit.hurdleCents)})
                  </td>
                  <td className={styles.number}>{formatCents(hit.expectedClaimCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <SaveEvent event={event} />
    </div>
  );
}

function SaveEvent({ event }: { event: EventImpactInput }) {
  const create = useCreateRun();
  const form = useZodForm(eventRunInputSchema, { kind: 'event', name: '', event });
  const [saved, setSaved] = useState<string | null>(null);
  return (
    <Form
      form={form}
      onSubmit={async (values) => {
        const { run } = await create.mutateAsync({ ...values, event });
        setSaved(run.name);
        form.reset({ kind: 'event', name: '', event });
      }}
      aria-label="Save this event"
    >
      <div className={styles.controls}>
        <TextField name="name" label="Name of the event" placeholder="Merredin storm, 14 October" maxLength={120} />
        <button type="submit" className="button button-primary" disabled={form.formState.isSubmitting}>
          Save the event and its results
        </button>
      </div>
      <FormError />
      {saved && <p role="status">Saved “{saved}”. It is in the saved runs below, and in the saved events to pick from.</p>}
    </Form>
  );
}
