/**
 * What an event costs the mutual: every protected paddock under its footprint, the share of each
 * paddock hit, the value hit and the claim expected once the paddock's hurdle is carried.
 *
 * A paddock's expected claim: loss = value × share hit × severity; the member carries value ×
 * hurdle (the hurdle of the whole paddock, as claims are assessed: shared/domain/claims/claims.ts);
 * the mutual's expected claim is what the loss leaves above it, never less than nothing.
 *
 * The paddocks under a footprint, and the share of each, come from the one spatial index
 * (shared/domain/geo/area-index.ts: a Flatbush R-tree, then the share on a flat plane).
 */
import { type AreaGeometry, type AreaIndex, indexAreas, sharesUnder } from '../geo/area-index';

export type Peril = 'hail' | 'fire';
export type EventGeometry = AreaGeometry;

export interface ProtectedPaddock {
  id: string;
  name: string;
  zoneCode: string;
  /** The perils the paddock's protection covers. */
  perils: readonly Peril[];
  /** Value protected on the paddock, cents. */
  valueCents: number;
  hurdlePercentage: number;
  geometry: EventGeometry;
}

export type PaddockIndex = AreaIndex<ProtectedPaddock>;

const geometryOf = (paddock: ProtectedPaddock) => paddock.geometry;

/** The paddocks on the one spatial index (shared/domain/geo/area-index.ts). */
export function indexPaddocks(paddocks: readonly ProtectedPaddock[]): PaddockIndex {
  return indexAreas(paddocks, geometryOf);
}

export interface PaddockHit {
  paddockId: string;
  /** Share of the paddock under the footprint, 0–1. */
  share: number;
  valueHitCents: number;
  lossCents: number;
  hurdleCents: number;
  expectedClaimCents: number;
}

/** The claim expected on one paddock for a share hit at a severity (percent of the crop lost where hit). */
export function paddockClaim(paddock: Pick<ProtectedPaddock, 'id' | 'valueCents' | 'hurdlePercentage'>, share: number, severityPercent: number): PaddockHit {
  const valueHitCents = Math.round(paddock.valueCents * share);
  const lossCents = Math.round((paddock.valueCents * share * severityPercent) / 100);
  const hurdleCents = Math.round((paddock.valueCents * paddock.hurdlePercentage) / 100);
  return { paddockId: paddock.id, share, valueHitCents, lossCents, hurdleCents, expectedClaimCents: Math.max(0, lossCents - hurdleCents) };
}

/**
 * Every protected paddock covering the peril that the footprint touches, with its share hit and
 * expected claim at the severity, in the order of the index. Paddocks merely touching the edge (no
 * shared area) are left out.
 */
export function paddocksHit(index: PaddockIndex, geometry: EventGeometry, peril: Peril, severityPercent: number): PaddockHit[] {
  return sharesUnder(index, geometry, geometryOf, (paddock) => paddock.perils.includes(peril)).map(({ item, share }) => paddockClaim(item, share, severityPercent));
}

export interface EventTotals {
  paddocks: number;
  valueHitCents: number;
  lossCents: number;
  expectedClaimCents: number;
}

export function eventTotals(hits: readonly PaddockHit[]): EventTotals {
  return hits.reduce(
    (totals, hit) => ({
      paddocks: totals.paddocks + 1,
      valueHitCents: totals.valueHitCents + hit.valueHitCents,
      lossCents: totals.lossCents + hit.lossCents,
      expectedClaimCents: totals.expectedClaimCents + hit.expectedClaimCents,
    }),
    { paddocks: 0, valueHitCents: 0, lossCents: 0, expectedClaimCents: 0 },
  );
}

/** The shares of a crop lost that a grower is shown before they buy (docs/pricing.md 'A loss before you buy'). */
export const LOSS_EXAMPLE_PERCENTS = [10, 30, 60] as const;

export interface LossExample {
  /** Percent of the crop lost on every paddock. */
  lossPercent: number;
  lossCents: number;
  /** What the grower's hurdles carry: each paddock's hurdle, of its whole value. */
  hurdleCents: number;
  /** What the loss would put before the board: each paddock's loss above its hurdle, summed. */
  consideredCents: number;
}

/**
 * What losing a share of the crop on every paddock would put before the board, after each paddock's
 * hurdle: the rule an event's claims are expected by (paddockClaim), with the whole paddock hit.
 * `paddocks` are the value protected (dollars, after any cap) and the hurdle of each priced paddock.
 */
export function lossExamples(paddocks: readonly { valueProtected: number; hurdlePercentage: number }[], percents: readonly number[] = LOSS_EXAMPLE_PERCENTS): LossExample[] {
  return percents.map((lossPercent) => {
    const claims = paddocks.map((paddock, index) => paddockClaim({ id: String(index), valueCents: Math.round(paddock.valueProtected * 100), hurdlePercentage: paddock.hurdlePercentage }, 1, lossPercent));
    return {
      lossPercent,
      lossCents: claims.reduce((sum, claim) => sum + claim.lossCents, 0),
      hurdleCents: claims.reduce((sum, claim) => sum + claim.hurdleCents, 0),
      consideredCents: claims.reduce((sum, claim) => sum + claim.expectedClaimCents, 0),
    };
  });
}
