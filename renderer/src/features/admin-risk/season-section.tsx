import { useId } from 'react';
import { type ExposureResponse, RISK_PERILS, type RunDetail, seasonRunInputSchema } from '@shared/contracts/risk-simulation';
import { defaultStormsPerSeason } from '@shared/domain/risk/season';
import { formatCents, formatNumber, formatPercentRounded } from '@shared/format';
import { ListError, ListLoading } from '../../components/admin/admin-ui';
import adminStyles from '../../components/admin/admin.module.css';
import ops from '../../components/admin/admin-items.module.css';
import { Histogram, HistogramTable } from '../../components/charts/histogram';
import { SelectField, TextField } from '../../components/ui/form/fields';
import { Form, FormError, useZodForm } from '../../components/ui/form/form';
import { FormRow } from '../../components/ui/form/form-row';
import { failureMessage } from '../../lib/react-query';
import { useCancelRun } from './api/cancel-run';
import { useCreateRun } from './api/create-run';
import { useRun } from './api/get-run';
import styles from './risk.module.css';

const PERIL_NAMES: Record<(typeof RISK_PERILS)[number], string> = { hail: 'Hail storms', fire: 'Fires' };

/** The Monte Carlo season form; the run it starts (or the run picked below) shows underneath. */
export function SeasonSection({ exposure, runId, onRunStarted }: { exposure: ExposureResponse; runId: string | null; onRunStarted: (id: string) => void }) {
  const create = useCreateRun();
  const form = useZodForm(seasonRunInputSchema, {
    kind: 'season',
    name: 'Season simulation',
    settings: {
      peril: 'hail',
      seasons: 10_000,
      seed: 1,
      stormsPerZone: exposure.zones.map((zone) => ({ zoneCode: zone.code, stormsPerSeason: defaultStormsPerSeason(zone.hailRate) })),
      lengthKm: { min: 5, mode: 15, max: 40 },
      widthKm: { min: 1, mode: 4, max: 10 },
      severityPercent: { min: 10, mode: 40, max: 90 },
    },
  });
  const distributions = [
    { key: 'lengthKm', legend: 'Swath length (km)' },
    { key: 'widthKm', legend: 'Swath width (km)' },
    { key: 'severityPercent', legend: 'Severity (% of crop lost where hit)' },
  ] as const;

  return (
    <section className={styles.section} aria-labelledby="risk-season-heading">
      <h2 id="risk-season-heading">A Monte Carlo season</h2>
      <p className={adminStyles.muted}>
        Each simulated season, every zone sees a random number of storms (on average the figure you set); each lands anywhere in its zone on a random bearing, with a length, width and severity drawn between the
        least and the most, most often near the most likely. The same seed always gives the same seasons. The run goes on in the background on the server; you can leave it and come back.
      </p>
      <Form
        form={form}
        aria-label="Season simulation settings"
        onSubmit={async (values) => {
          const { run } = await create.mutateAsync(values);
          onRunStarted(run.id);
        }}
      >
        <FormRow>
          <TextField name="name" label="Name of the run" maxLength={120} />
          <SelectField name="settings.peril" label="Events" options={RISK_PERILS.map((value) => ({ value, label: PERIL_NAMES[value] }))} />
          <TextField name="settings.seasons" label="Seasons" type="number" min="100" max="100000" step="100" />
          <TextField name="settings.seed" label="Seed" type="number" min="0" step="1" hint="Same seed, same seasons" />
        </FormRow>
        <fieldset className={styles.zones}>
          <legend>Storms per zone per season (average)</legend>
          {exposure.zones.map((zone, index) => (
            <TextField key={zone.code} name={`settings.stormsPerZone.${index}.stormsPerSeason`} label={`${zone.code} · ${zone.name}`} type="number" min="0" max="50" step="0.1" />
          ))}
        </fieldset>
        {distributions.map(({ key, legend }) => (
          <fieldset key={key} className={styles.distribution}>
            <legend>{legend}</legend>
            <FormRow>
              <TextField name={`settings.${key}.min`} label="Least" type="number" step="any" />
              <TextField name={`settings.${key}.mode`} label="Most likely" type="number" step="any" />
              <TextField name={`settings.${key}.max`} label="Most" type="number" step="any" />
            </FormRow>
          </fieldset>
        ))}
        <FormError />
        <div>
          <button type="submit" className="button button-primary" disabled={form.formState.isSubmitting}>
            Run the seasons
          </button>
        </div>
      </Form>
      {runId && <RunView id={runId} />}
    </section>
  );
}

/** One run: its progress while it runs (polled), then its figures. */
export function RunView({ id }: { id: string }) {
  const run = useRun(id);
  const cancel = useCancelRun();
  if (run.isPending) return <ListLoading label="Loading the run…" />;
  if (run.isError) return <ListError query={run} />;
  const detail = run.data.run;
  return (
    <article className={ops.detail} aria-label={`Run ${detail.name}`}>
      <h3>{detail.name}</h3>
      {detail.status === 'running' && (
        <div className={styles.progress}>
          <label htmlFor={`progress-${detail.id}`}>
            Simulating: {formatNumber(detail.progress)} of {formatNumber(detail.total)} seasons
          </label>
          <progress id={`progress-${detail.id}`} value={detail.progress} max={detail.total} />
          <div>
            <button type="button" className="button button-secondary" disabled={cancel.isPending} onClick={() => cancel.mutate(detail.id)}>
              Cancel the run
            </button>
          </div>
          {cancel.isError && <p role="alert">{failureMessage(cancel.error)}</p>}
        </div>
      )}
      {detail.status === 'cancelled' && (
        <p role="status">
          Cancelled after {formatNumber(detail.progress)} of {formatNumber(detail.total)} seasons.
        </p>
      )}
      {detail.status === 'failed' && <p role="alert">{detail.error ?? 'The run failed.'}</p>}
      {detail.status === 'completed' && <RunResults run={detail} />}
    </article>
  );
}

function RunResults({ run }: { run: RunDetail }) {
  const chartId = useId();
  if (run.kind === 'event') {
    return (
      <p>
        {run.totals.paddocks} paddocks hit, {formatCents(run.totals.valueHitCents)} of value, expected claims {formatCents(run.totals.expectedClaimCents)} when it was saved.
      </p>
    );
  }
  const summary = run.summary;
  if (!summary) return null;
  const bins = run.histogram.map((bin) => ({ fromCents: bin.fromCents, toCents: bin.toCents, count: bin.seasons }));
  return (
    <>
      <ul className={ops.stats} aria-label="Season figures">
        <SeasonFigure label="Average season" cents={summary.meanCents} />
        <SeasonFigure label="1-in-20 season" cents={summary.oneInTwentyCents} />
        <SeasonFigure label="1-in-100 season" cents={summary.oneInHundredCents} />
        <SeasonFigure label="Worst season" cents={summary.worstCents} />
        <li className={ops.stat}>
          <h4>Claims above the reserve of {formatCents(summary.reserveCents)}</h4>
          <p className={ops.figure}>{formatPercentRounded(summary.shareOverReserve * 100)}</p>
          <p className={adminStyles.muted}>
            {formatNumber(summary.seasonsOverReserve)} of {formatNumber(summary.seasons)} seasons
          </p>
        </li>
      </ul>
      <p className={adminStyles.muted}>
        {formatNumber(summary.storms)} storms simulated, {formatNumber(summary.stormsHittingPaddocks)} of them over protected paddocks; median season {formatCents(summary.medianCents)}.
      </p>
      <h4 id={chartId}>Claims per season</h4>
      <Histogram
        bins={bins}
        unit="seasons"
        title={`Claims per season over ${formatNumber(summary.seasons)} simulated seasons`}
        markers={[
          { label: `1-in-20 ${formatCents(summary.oneInTwentyCents)}`, cents: summary.oneInTwentyCents },
          { label: `1-in-100 ${formatCents(summary.oneInHundredCents)}`, cents: summary.oneInHundredCents },
          { label: `Reserve ${formatCents(summary.reserveCents)}`, cents: summary.reserveCents },
        ]}
      />
      <details>
        <summary>The histogram as a table</summary>
        <HistogramTable bins={bins} unit="seasons" caption="Simulated seasons by their claims" />
      </details>
    </>
  );
}

function SeasonFigure({ label, cents }: { label: string; cents: number }) {
  return (
    <li className={ops.stat}>
      <h4>{label}</h4>
      <p className={ops.figure}>{formatCents(cents)}</p>
    </li>
  );
}
