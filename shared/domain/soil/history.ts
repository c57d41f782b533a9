/**
 * What the map and the history show of a paddock's samples. The map colours a paddock by its latest
 * topsoil result (a sample starting at the surface: deeper layers are read against other guide
 * values); a paddock sampled only deeper is coloured by its latest result at any depth.
 */
import type { SoilMeasure } from '../../contracts/soil';

export type MeasuredSample = { paddockKey: string; sampleDate: string; depthFromCm: number; depthToCm: number; id: string } & Record<SoilMeasure, number | null>;

const later = (a: MeasuredSample, b: MeasuredSample) => (a.sampleDate !== b.sampleDate ? a.sampleDate > b.sampleDate : a.id > b.id);

/** Each paddock's result for the map, by paddock key. */
export function latestResults<S extends MeasuredSample>(samples: readonly S[], measure: SoilMeasure): Map<string, S & { value: number }> {
  const best = new Map<string, S>();
  for (const sample of samples) {
    if (sample[measure] === null) continue;
    const current = best.get(sample.paddockKey);
    const topsoil = sample.depthFromCm === 0;
    const currentTopsoil = current?.depthFromCm === 0;
    if (!current || (topsoil && !currentTopsoil) || (topsoil === currentTopsoil && later(sample, current))) best.set(sample.paddockKey, sample);
  }
  return new Map([...best].map(([key, sample]) => [key, { ...sample, value: sample[measure]! }]));
}

/** One paddock's results for a measure at one depth, oldest first: the history chart. */
export function paddockHistory<S extends MeasuredSample>(samples: readonly S[], key: string, measure: SoilMeasure, depth: { fromCm: number; toCm: number }): Array<S & { value: number }> {
  return samples
    .filter((sample) => sample.paddockKey === key && sample[measure] !== null && sample.depthFromCm === depth.fromCm && sample.depthToCm === depth.toCm)
    .sort((a, b) => (later(a, b) ? 1 : -1))
    .map((sample) => ({ ...sample, value: sample[measure]! }));
}

/** The depths a paddock was sampled at, shallowest first, for the history's depth choice. */
export function depthsOf(samples: readonly MeasuredSample[], key: string): Array<{ fromCm: number; toCm: number }> {
  const seen = new Map<string, { fromCm: number; toCm: number }>();
  for (const sample of samples) if (sample.paddockKey === key) seen.set(`${sample.depthFromCm}-${sample.depthToCm}`, { fromCm: sample.depthFromCm, toCm: sample.depthToCm });
  return [...seen.values()].sort((a, b) => a.fromCm - b.fromCm || a.toCm - b.toCm);
}
