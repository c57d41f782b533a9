/**
 * A Monte Carlo season: for each simulated season, each zone sees a Poisson number of storms (its
 * mean is editable per zone); each storm lands uniformly at random inside its zone, runs on a
 * random bearing, and has a length, width and severity drawn from triangular distributions (least,
 * most likely, most). Its footprint is an ellipse; its claims are the hurdle-adjusted claims of
 * every protected paddock under it (exposure.ts). The season's claims are the sum over its storms.
 *
 * One seeded random stream is drawn in a fixed order (season, zone, storm, then centre, bearing,
 * length, width, severity), so a seed always gives the same seasons, wherever it runs.
 */
import turfBbox from '@turf/bbox';
import { booleanPointInPolygon } from '@turf/boolean-point-in-polygon';
import { point } from '@turf/helpers';
import { ellipseFootprint } from './footprint';
import { type EventGeometry, indexPaddocks, paddocksHit, type Peril, type ProtectedPaddock } from './exposure';
import { poisson, seededRandom, type Random, triangular, type Triangular, uniform } from './random';

export interface SeasonZone {
  code: string;
  stormsPerSeason: number;
  boundary: EventGeometry;
}

export interface SeasonSettings {
  peril: Peril;
  seasons: number;
  seed: number;
  lengthKm: Triangular;
  widthKm: Triangular;
  severityPercent: Triangular;
}

export interface SeasonOutcome {
  /** Claims of each simulated season, cents, in the order simulated. */
  seasonClaimsCents: number[];
  storms: number;
  /** Storms whose footprint touched at least one protected paddock. */
  stormsHittingPaddocks: number;
}

/** Tries before a zone whose outline fills little of its box is given up on (it then has no storms). */
const PLACEMENT_TRIES = 200;

interface PreparedZone {
  zone: SeasonZone;
  box: [number, number, number, number];
}

function placeStorm(random: Random, { zone, box }: PreparedZone): [number, number] | null {
  for (let attempt = 0; attempt < PLACEMENT_TRIES; attempt += 1) {
    const lng = uniform(random, box[0], box[2]);
    const lat = uniform(random, box[1], box[3]);
    if (booleanPointInPolygon(point([lng, lat]), zone.boundary)) return [lng, lat];
  }
  return null;
}

/**
 * Simulates the seasons. `onProgress(done)` is called after every `progressEvery` seasons (and at
 * the end) so a worker can report how far it is.
 */
export function simulateSeasons(paddocks: readonly ProtectedPaddock[], zones: readonly SeasonZone[], settings: SeasonSettings, onProgress?: (seasonsDone: number) => void, progressEvery = 100): SeasonOutcome {
  const index = indexPaddocks(paddocks);
  const prepared = zones.map((zone) => ({ zone, box: turfBbox(zone.boundary) as [number, number, number, number] }));
  const random = seededRandom(settings.seed);
  const seasonClaimsCents: number[] = [];
  let storms = 0;
  let stormsHittingPaddocks = 0;
  for (let season = 0; season < settings.seasons; season += 1) {
    let claims = 0;
    for (const zone of prepared) {
      const count = poisson(random, zone.zone.stormsPerSeason);
      for (let storm = 0; storm < count; storm += 1) {
        const centre = placeStorm(random, zone);
        if (!centre) continue;
        const bearingDeg = uniform(random, 0, 180);
        const lengthKm = triangular(random, settings.lengthKm);
        const widthKm = triangular(random, settings.widthKm);
        const severityPercent = triangular(random, settings.severityPercent);
        storms += 1;
        const hits = paddocksHit(index, ellipseFootprint({ lng: centre[0], lat: centre[1], lengthKm, widthKm, bearingDeg }), settings.peril, severityPercent);
        if (hits.length > 0) stormsHittingPaddocks += 1;
        for (const hit of hits) claims += hit.expectedClaimCents;
      }
    }
    seasonClaimsCents.push(claims);
    if (onProgress && ((season + 1) % progressEvery === 0 || season + 1 === settings.seasons)) onProgress(season + 1);
  }
  return { seasonClaimsCents, storms, stormsHittingPaddocks };
}

/**
 * The claims of the 1-in-N season: the smallest simulated season that no more than one season in N
 * exceeds (nearest rank at 1 − 1/N; with 1,000 seasons the 1-in-20 is the 950th smallest).
 */
export function returnPeriodClaims(sortedClaims: readonly number[], years: number): number {
  if (sortedClaims.length === 0) return 0;
  const rank = Math.ceil((1 - 1 / years) * sortedClaims.length);
  return sortedClaims[Math.min(sortedClaims.length, Math.max(1, rank)) - 1]!;
}

export interface SeasonSummary {
  seasons: number;
  storms: number;
  stormsHittingPaddocks: number;
  meanCents: number;
  medianCents: number;
  oneInTwentyCents: number;
  oneInHundredCents: number;
  worstCents: number;
  reserveCents: number;
  /** Seasons whose claims exceed the reserve, and their share of all seasons (0–1). */
  seasonsOverReserve: number;
  shareOverReserve: number;
}

export function summariseSeasons(outcome: SeasonOutcome, reserveCents: number): SeasonSummary {
  const sorted = [...outcome.seasonClaimsCents].sort((a, b) => a - b);
  const seasons = sorted.length;
  const total = sorted.reduce((sum, value) => sum + value, 0);
  const seasonsOverReserve = sorted.filter((value) => value > reserveCents).length;
  return {
    seasons,
    storms: outcome.storms,
    stormsHittingPaddocks: outcome.stormsHittingPaddocks,
    meanCents: seasons ? Math.round(total / seasons) : 0,
    medianCents: returnPeriodClaims(sorted, 2),
    oneInTwentyCents: returnPeriodClaims(sorted, 20),
    oneInHundredCents: returnPeriodClaims(sorted, 100),
    worstCents: sorted[seasons - 1] ?? 0,
    reserveCents,
    seasonsOverReserve,
    shareOverReserve: seasons ? seasonsOverReserve / seasons : 0,
  };
}

export interface HistogramBin {
  fromCents: number;
  toCents: number;
  seasons: number;
}

/**
 * Seasons counted in equal bins from nothing to the worst season. Seasons without a claim get a bin
 * of their own first (in grain country most seasons are quiet, and that bar would hide the rest).
 */
export function claimsHistogram(seasonClaimsCents: readonly number[], binCount = 20): HistogramBin[] {
  if (seasonClaimsCents.length === 0) return [];
  const quiet = seasonClaimsCents.filter((value) => value === 0).length;
  const worst = seasonClaimsCents.reduce((most, value) => Math.max(most, value), 0);
  const bins: HistogramBin[] = [{ fromCents: 0, toCents: 0, seasons: quiet }];
  if (worst === 0) return bins;
  const width = Math.ceil(worst / binCount);
  for (let index = 0; index < binCount; index += 1) bins.push({ fromCents: index * width + 1, toCents: (index + 1) * width, seasons: 0 });
  for (const value of seasonClaimsCents) {
    if (value === 0) continue;
    const bin = bins[Math.min(binCount, Math.ceil(value / width))]!;
    bin.seasons += 1;
  }
  return bins;
}

/**
 * The storms per season a zone starts with on the page, before staff edit it: four per percentage
 * point of the zone's base rate for the peril (a zone priced at 1.35 % for hail gets 5.4 storms), one
 * decimal. The rate is what the mutual already believes about the zone's weather.
 */
export function defaultStormsPerSeason(ratePercent: number): number {
  return Math.round(ratePercent * 4 * 10) / 10;
}
