import { describe, expect, it } from 'vitest';
import type { Polygon } from 'geojson';
import { ellipseFootprint } from './footprint';
import { eventTotals, indexPaddocks, lossExamples, paddocksHit, type ProtectedPaddock } from './exposure';
import { poisson, seededRandom, triangular } from './random';
import { claimsHistogram, returnPeriodClaims, simulateSeasons, summariseSeasons } from './season';

function box(west: number, south: number, east: number, north: number): Polygon {
  return {
    type: 'Polygon',
    coordinates: [
      [
        [west, south],
        [east, south],
        [east, north],
        [west, north],
        [west, south],
      ],
    ],
  };
}

// Three hail-protected paddocks near Merredin, one further east, and one protected against fire only.
const paddocks: ProtectedPaddock[] = [
  { id: 'a', name: 'Home', zoneCode: 'EWB', perils: ['hail', 'fire'], valueCents: 10_000_000, hurdlePercentage: 5, geometry: box(118.3, -31.5, 118.31, -31.49) },
  { id: 'b', name: 'Creek', zoneCode: 'EWB', perils: ['hail'], valueCents: 20_000_000, hurdlePercentage: 10, geometry: box(118.315, -31.505, 118.325, -31.495) },
  { id: 'c', name: 'Top', zoneCode: 'EWB', perils: ['hail'], valueCents: 8_000_000, hurdlePercentage: 20, geometry: box(118.32, -31.495, 118.34, -31.485) },
  { id: 'far', name: 'Far', zoneCode: 'EWB', perils: ['hail'], valueCents: 5_000_000, hurdlePercentage: 0, geometry: box(118.4, -31.5, 118.41, -31.49) },
  { id: 'fire-only', name: 'Fire only', zoneCode: 'EWB', perils: ['fire'], valueCents: 5_000_000, hurdlePercentage: 0, geometry: box(118.305, -31.499, 118.306, -31.498) },
];
const swath = box(118.3, -31.5, 118.33, -31.49);

describe('a hail swath over three paddocks, worked by hand', () => {
  // Home lies wholly under the swath, half of Creek (its northern half) and a quarter of Top (the
  // south-west quarter). Severity 60 %:
  //   Home  $100,000 × 1    × 60 % = $60,000 loss − $5,000 hurdle (5 %)   = $55,000
  //   Creek $200,000 × 0.5  × 60 % = $60,000 loss − $20,000 hurdle (10 %) = $40,000
  //   Top   $80,000  × 0.25 × 60 % = $12,000 loss − $16,000 hurdle (20 %) = nothing
  it('lists each paddock hit with its share, value hit and claim after the hurdle', () => {
    const hits = paddocksHit(indexPaddocks(paddocks), swath, 'hail', 60);
    expect(hits.map((hit) => [hit.paddockId, Number(hit.share.toFixed(9)), hit.valueHitCents, hit.lossCents, hit.hurdleCents, hit.expectedClaimCents])).toEqual([
      ['a', 1, 10_000_000, 6_000_000, 500_000, 5_500_000],
      ['b', 0.5, 10_000_000, 6_000_000, 2_000_000, 4_000_000],
      ['c', 0.25, 2_000_000, 1_200_000, 1_600_000, 0],
    ]);
    expect(eventTotals(hits)).toEqual({ paddocks: 3, valueHitCents: 22_000_000, lossCents: 13_200_000, expectedClaimCents: 9_500_000 });
  });

  it('a fire footprint over the same ground finds only the paddocks protected against fire', () => {
    expect(paddocksHit(indexPaddocks(paddocks), swath, 'fire', 60).map((hit) => hit.paddockId)).toEqual(['a', 'fire-only']);
  });

  it('a drawn shape that is not convex gives the same shares, measured by turf', () => {
    // The swath with a notch cut into its eastern edge that misses every paddock.
    const notched: Polygon = {
      type: 'Polygon',
      coordinates: [
        [
          [118.3, -31.5],
          [118.33, -31.5],
          [118.33, -31.4955],
          [118.328, -31.4955],
          [118.33, -31.4952],
          [118.33, -31.49],
          [118.3, -31.49],
          [118.3, -31.5],
        ],
      ],
    };
    const hits = paddocksHit(indexPaddocks(paddocks), notched, 'hail', 60);
    expect(hits.map((hit) => hit.paddockId)).toEqual(['a', 'b', 'c']);
    expect(hits.map((hit) => Number(hit.share.toFixed(3)))).toEqual([1, 0.5, 0.25]);
  });

  it('an ellipse swath is convex and covers about π/4 of its length × width', () => {
    const ellipse = ellipseFootprint({ lng: 118.3, lat: -31.5, lengthKm: 20, widthKm: 4, bearingDeg: 60 });
    expect(ellipse.coordinates[0]).toHaveLength(37);
    const big: ProtectedPaddock = { id: 'big', name: 'Big', zoneCode: 'EWB', perils: ['hail'], valueCents: 100, hurdlePercentage: 0, geometry: box(118.1, -31.7, 118.5, -31.3) };
    const [hit] = paddocksHit(indexPaddocks([big]), ellipse, 'hail', 100);
    const boxKm2 = 0.4 * 111.32 * Math.cos((-31.5 * Math.PI) / 180) * 0.4 * 111.32;
    // A 36-gon inscribed in the ellipse has 36/(2π)·sin(2π/36) ≈ 99.49 % of its area.
    expect(hit!.share * boxKm2).toBeCloseTo(Math.PI * 10 * 2 * 0.99493, 1);
  });
});

describe('a loss before you buy, worked by hand', () => {
  it('puts before the board what each paddock loses above its own hurdle, at 10, 30 and 60 %', () => {
    // Wheat: 100 ha × 2.5 t × $340 = $85,000 protected, 5 % hurdle ($4,250). Canola: 50 ha × 1.2 t ×
    // $600 = $36,000, 10 % hurdle ($3,600).
    const paddocks = [
      { valueProtected: 85_000, hurdlePercentage: 5 },
      { valueProtected: 36_000, hurdlePercentage: 10 },
    ];
    expect(lossExamples(paddocks)).toEqual([
      // 10 %: wheat $8,500 − $4,250 = $4,250; canola $3,600 − $3,600 = $0.
      { lossPercent: 10, lossCents: 1_210_000, hurdleCents: 785_000, consideredCents: 425_000 },
      // 30 %: wheat $25,500 − $4,250 = $21,250; canola $10,800 − $3,600 = $7,200.
      { lossPercent: 30, lossCents: 3_630_000, hurdleCents: 785_000, consideredCents: 2_845_000 },
      // 60 %: wheat $51,000 − $4,250 = $46,750; canola $21,600 − $3,600 = $18,000.
      { lossPercent: 60, lossCents: 7_260_000, hurdleCents: 785_000, consideredCents: 6_475_000 },
    ]);
  });

  it('never puts less than nothing before the board: a loss under a paddock’s hurdle is the grower’s', () => {
    // A 20 % hurdle on $10,000 carries $2,000; a 10 % loss is $1,000, under it; another paddock's
    // excess does not make up for it.
    expect(
      lossExamples(
        [
          { valueProtected: 10_000, hurdlePercentage: 20 },
          { valueProtected: 10_000, hurdlePercentage: 0 },
        ],
        [10],
      ),
    ).toEqual([{ lossPercent: 10, lossCents: 200_000, hurdleCents: 200_000, consideredCents: 100_000 }]);
  });
});

describe('the seeded random source', () => {
  it('repeats its sequence for a seed and differs for another', () => {
    const draw = (seed: number) =>
      Array.from(
        { length: 5 },
        (
          (random) => () =>
            random.next()
        )(seededRandom(seed)),
      );
    expect(draw(42)).toEqual(draw(42));
    expect(draw(42)).not.toEqual(draw(43));
  });

  it('samples triangular and Poisson draws with the right means', () => {
    const random = seededRandom(7);
    let sum = 0;
    let count = 0;
    for (let index = 0; index < 20_000; index += 1) {
      sum += triangular(random, { min: 2, mode: 5, max: 14 });
      count += poisson(random, 3);
    }
    expect(sum / 20_000).toBeCloseTo(7, 1);
    expect(count / 20_000).toBeCloseTo(3, 1);
  });
});

describe('a Monte Carlo season', () => {
  const zone = { code: 'EWB', stormsPerSeason: 2, boundary: box(118.25, -31.55, 118.45, -31.45) };
  const settings = { peril: 'hail' as const, seasons: 500, seed: 2026, lengthKm: { min: 5, mode: 12, max: 30 }, widthKm: { min: 1, mode: 3, max: 8 }, severityPercent: { min: 10, mode: 40, max: 90 } };

  it('gives the same seasons for the same seed, and other seasons for another seed', () => {
    const first = simulateSeasons(paddocks, [zone], settings);
    const again = simulateSeasons(paddocks, [zone], settings);
    expect(again).toEqual(first);
    expect(first.seasonClaimsCents).toHaveLength(500);
    expect(first.seasonClaimsCents.some((value) => value > 0)).toBe(true);
    expect(simulateSeasons(paddocks, [zone], { ...settings, seed: 2027 }).seasonClaimsCents).not.toEqual(first.seasonClaimsCents);
  });

  it('with storms too big to miss, each season claims the hand-computed $217,000 per storm', () => {
    // Every storm covers all four hail paddocks at 60 %: Home $55,000, Creek $200,000 × 60 % − $20,000 = $100,000,
    // Top $80,000 × 60 % − $16,000 = $32,000, Far $50,000 × 60 % = $30,000 (no hurdle): $217,000.
    const everything = { ...settings, lengthKm: { min: 500, mode: 500, max: 500 }, widthKm: { min: 500, mode: 500, max: 500 }, severityPercent: { min: 60, mode: 60, max: 60 } };
    const outcome = simulateSeasons(paddocks, [zone], everything);
    expect(outcome.seasonClaimsCents.every((value) => value % 21_700_000 === 0)).toBe(true);
    expect(outcome.seasonClaimsCents.reduce((sum, value) => sum + value, 0)).toBe(outcome.storms * 21_700_000);
    expect(outcome.stormsHittingPaddocks).toBe(outcome.storms);
    // About two storms a season.
    expect(outcome.storms / 500).toBeGreaterThan(1.8);
    expect(outcome.storms / 500).toBeLessThan(2.2);
  });

  it('reports progress as it goes', () => {
    const reports: number[] = [];
    simulateSeasons(paddocks, [zone], { ...settings, seasons: 250 }, (done) => reports.push(done), 100);
    expect(reports).toEqual([100, 200, 250]);
  });
});

describe('season figures', () => {
  const oneToThousand = Array.from({ length: 1000 }, (_, index) => index + 1);

  it('the 1-in-20 and 1-in-100 seasons are the 950th and 990th of 1,000', () => {
    expect(returnPeriodClaims(oneToThousand, 20)).toBe(950);
    expect(returnPeriodClaims(oneToThousand, 100)).toBe(990);
    expect(returnPeriodClaims([], 20)).toBe(0);
  });

  it('summarises the seasons against the reserve', () => {
    const summary = summariseSeasons({ seasonClaimsCents: [...oneToThousand].reverse(), storms: 3000, stormsHittingPaddocks: 1200 }, 975);
    expect(summary).toEqual({
      seasons: 1000,
      storms: 3000,
      stormsHittingPaddocks: 1200,
      meanCents: 501,
      medianCents: 500,
      oneInTwentyCents: 950,
      oneInHundredCents: 990,
      worstCents: 1000,
      reserveCents: 975,
      seasonsOverReserve: 25,
      shareOverReserve: 0.025,
    });
  });

  it('counts quiet seasons apart, then equal bins up to the worst season', () => {
    expect(claimsHistogram([0, 0, 0, 10, 20, 35, 40], 4)).toEqual([
      { fromCents: 0, toCents: 0, seasons: 3 },
      { fromCents: 1, toCents: 10, seasons: 1 },
      { fromCents: 11, toCents: 20, seasons: 1 },
      { fromCents: 21, toCents: 30, seasons: 0 },
      { fromCents: 31, toCents: 40, seasons: 2 },
    ]);
    expect(claimsHistogram([0, 0])).toEqual([{ fromCents: 0, toCents: 0, seasons: 2 }]);
  });
});
