/**
 * A farm's soil results: the map coloured by a measure staff or the member choose, with its legend,
 * and the history of one paddock (a column per sample at one depth, and the same as a table).
 * Shown on the staff's soil page and on the member's farm page.
 */
import { lazy, useId, useMemo, useState } from 'react';
import { measureLabel, SOIL_MEASURES, type SoilFarmView, type SoilMeasure } from '@shared/contracts/soil';
import { depthsOf, latestResults, paddockHistory } from '@shared/domain/soil/history';
import { SoilHistoryChart, SoilHistoryTable } from '../charts/soil-history-chart';
import { LoadedOnDemand } from '../ui/error-boundaries';
import formStyles from '../ui/form/form.module.css';
import styles from './soil.module.css';

const SoilMap = lazy(() => import('./soil-map'));

function Choice<V extends string>({ label, value, options, onChange }: { label: string; value: V; options: ReadonlyArray<{ value: V; label: string }>; onChange: (value: V) => void }) {
  const id = useId();
  return (
    <div className={formStyles.field}>
      <label htmlFor={id} className={formStyles.label}>
        {label}
      </label>
      <select id={id} className={formStyles.input} value={value} onChange={(event) => onChange(event.target.value as V)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

const measureOptions = SOIL_MEASURES.map((measure) => ({ value: measure, label: measureLabel(measure) }));

export function SoilFarmPanel({ farm, mapLabel }: { farm: SoilFarmView; mapLabel: string }) {
  const [measure, setMeasure] = useState<SoilMeasure>('pHCaCl2');
  const results = useMemo(() => latestResults(farm.samples, measure), [farm.samples, measure]);
  // The farm's paddocks, then any paddock sampled under a name the farm no longer has.
  const paddocks = useMemo(() => {
    const named = new Map(farm.paddocks.map((paddock) => [paddock.key, paddock.name]));
    for (const sample of farm.samples) if (!named.has(sample.paddockKey)) named.set(sample.paddockKey, sample.paddockName);
    return [...named].map(([key, name]) => ({ key, name }));
  }, [farm]);
  const sampled = paddocks.filter((paddock) => farm.samples.some((sample) => sample.paddockKey === paddock.key));
  const [chosenKey, setChosenKey] = useState<string>('');
  const paddockKey = sampled.some((paddock) => paddock.key === chosenKey) ? chosenKey : (sampled[0]?.key ?? '');
  const depths = depthsOf(farm.samples, paddockKey);
  const [chosenDepth, setChosenDepth] = useState('0-10');
  const depth = depths.find((candidate) => `${candidate.fromCm}-${candidate.toCm}` === chosenDepth) ?? depths[0];
  const history = depth ? paddockHistory(farm.samples, paddockKey, measure, depth) : [];
  const paddockName = paddocks.find((paddock) => paddock.key === paddockKey)?.name ?? '';

  return (
    <>
      <div className={styles.controls}>
        <Choice label="Colour the map by" value={measure} options={measureOptions} onChange={setMeasure} />
      </div>
      <LoadedOnDemand loading={<p role="status">Loading the map…</p>}>
        <SoilMap paddocks={farm.paddocks} results={results} measure={measure} label={mapLabel} />
      </LoadedOnDemand>
      {sampled.length > 0 && (
        <section aria-label="History of a paddock" className={styles.history}>
          <h3>History per paddock</h3>
          <div className={styles.controls}>
            <Choice label="Paddock" value={paddockKey} options={sampled.map((paddock) => ({ value: paddock.key, label: paddock.name }))} onChange={setChosenKey} />
            {depths.length > 0 && (
              <Choice
                label="Depth"
                value={depth ? `${depth.fromCm}-${depth.toCm}` : ''}
                options={depths.map((item) => ({ value: `${item.fromCm}-${item.toCm}`, label: `${item.fromCm}–${item.toCm} cm` }))}
                onChange={setChosenDepth}
              />
            )}
          </div>
          {history.length === 0 ? (
            <p>
              No {measureLabel(measure)} results for {paddockName} at this depth.
            </p>
          ) : (
            <>
              <SoilHistoryChart points={history} title={`${measureLabel(measure)} in ${paddockName}, ${depth?.fromCm}–${depth?.toCm} cm`} measureName={measureLabel(measure)} />
              <SoilHistoryTable points={history} caption={`${measureLabel(measure)} in ${paddockName} by sample date`} measureName={measureLabel(measure)} />
            </>
          )}
        </section>
      )}
    </>
  );
}
