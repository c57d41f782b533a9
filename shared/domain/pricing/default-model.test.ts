import { describe, expect, it } from 'vitest';
import { DEFAULT_INSURABLE_CROPS } from '../../constants';
import type { PricingModelInput } from '../../contracts/pricing';
import { pricingModelSchema, zonePricingSchema } from '../../contracts/pricing';
import type { GeoJsonPolygon } from './default-model';
import { DEFAULT_AGRICULTURE_ZONES, DEFAULT_PRICING_MODEL } from './default-model';

function issues(input: PricingModelInput): string[] {
  const parsed = pricingModelSchema.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
}

/** Ray casting; points exactly on an edge may fall either side, so the grid below avoids edges. */
function contains(polygon: GeoJsonPolygon, [lon, lat]: [number, number]): boolean {
  const ring = polygon.coordinates[0] ?? [];
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i, i += 1) {
    const [xi, yi] = ring[i] ?? [0, 0];
    const [xj, yj] = ring[j] ?? [0, 0];
    if (yi > lat !== yj > lat && lon < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function zonesAt(point: [number, number]): string[] {
  return DEFAULT_AGRICULTURE_ZONES.filter((zone) => contains(zone.boundary, point)).map((zone) => zone.code);
}

describe('seed pricing model', () => {
  it('passes its own schema unchanged', () => {
    expect(pricingModelSchema.parse(DEFAULT_PRICING_MODEL)).toEqual(DEFAULT_PRICING_MODEL);
  });

  it('prices every docs/behaviour.md §7 insurable crop and the docs/behaviour.md §9 hurdle percentages', () => {
    expect(DEFAULT_PRICING_MODEL.cropFactors.map((factor) => factor.cropType).sort()).toEqual([...DEFAULT_INSURABLE_CROPS].sort());
    expect(DEFAULT_PRICING_MODEL.hurdleOptions.map((option) => option.percentage)).toEqual([0, 5, 10, 15, 20]);
  });

  it('has 7 zones with plausible rates and a package cheaper than hail + fire', () => {
    expect(DEFAULT_AGRICULTURE_ZONES).toHaveLength(7);
    for (const zone of DEFAULT_AGRICULTURE_ZONES) {
      for (const rate of [zone.hailRate, zone.fireRate, zone.bothRate]) {
        expect(rate).toBeGreaterThanOrEqual(0.5);
        expect(rate).toBeLessThanOrEqual(3);
      }
      expect(zone.bothRate).toBeLessThan(zone.hailRate + zone.fireRate);
    }
    expect(DEFAULT_AGRICULTURE_ZONES.map((zone) => zone.sortOrder)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(DEFAULT_PRICING_MODEL.zones.map((zone) => zone.code)).toEqual(DEFAULT_AGRICULTURE_ZONES.map((zone) => zone.code));
  });

  it('has closed, counter-clockwise boundaries inside the WA grain belt box', () => {
    for (const zone of DEFAULT_AGRICULTURE_ZONES) {
      const ring = zone.boundary.coordinates[0] ?? [];
      expect(ring.length).toBeGreaterThanOrEqual(5);
      expect(ring[0]).toEqual(ring[ring.length - 1]);
      let twiceArea = 0;
      for (let i = 0; i < ring.length - 1; i += 1) {
        const [x1, y1] = ring[i] ?? [0, 0];
        const [x2, y2] = ring[i + 1] ?? [0, 0];
        twiceArea += x1 * y2 - x2 * y1;
        expect(x1).toBeGreaterThanOrEqual(114.5);
        expect(x1).toBeLessThanOrEqual(123.5);
        expect(y1).toBeGreaterThanOrEqual(-34.5);
        expect(y1).toBeLessThanOrEqual(-27.5);
      }
      expect(twiceArea).toBeGreaterThan(0);
    }
  });

  it('has boundaries that never overlap', () => {
    for (let lon = 114.525; lon < 123.5; lon += 0.05) {
      for (let lat = -34.475; lat < -27.5; lat += 0.05) {
        expect(zonesAt([lon, lat]).length).toBeLessThanOrEqual(1);
      }
    }
  });

  it('places grain-belt towns in the zone a grower would expect', () => {
    const towns: Array<[string, [number, number], string]> = [
      ['Geraldton', [114.61, -28.78], 'NAR'],
      ['Mingenew', [115.44, -29.19], 'NAR'],
      ['Dalwallinu', [116.66, -30.28], 'NEW'],
      ['Northam', [116.67, -31.65], 'CWB'],
      ['Wongan Hills', [116.72, -30.89], 'CWB'],
      ['Merredin', [118.28, -31.48], 'EWB'],
      ['Southern Cross', [119.33, -31.23], 'EWB'],
      ['Narrogin', [117.18, -32.93], 'GSR'],
      ['Katanning', [117.55, -33.69], 'GSR'],
      ['Lake Grace', [118.46, -33.1], 'LKS'],
      ['Lake King', [119.69, -33.09], 'LKS'],
      ['Esperance', [121.89, -33.86], 'SCE'],
      ['Ravensthorpe', [120.05, -33.58], 'SCE'],
      ['Salmon Gums', [121.64, -32.98], 'SCE'],
    ];
    for (const [town, point, code] of towns) expect({ town, zones: zonesAt(point) }).toEqual({ town, zones: [code] });
    expect(zonesAt([115.86, -31.95])).toEqual([]); // Perth is not in the grain belt
    expect(zonesAt([121.47, -30.75])).toEqual([]); // nor is Kalgoorlie
  });
});

describe('pricing model schema refuses changes that break a promise', () => {
  const seed = DEFAULT_PRICING_MODEL;

  it("refuses a 'both' rate that is not cheaper than hail + fire", () => {
    const result = zonePricingSchema.safeParse({ code: 'X1', name: 'X', riskLevel: 'low', hailRate: 1, fireRate: 1, bothRate: 2, isActive: true });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['Zone X1: the hail and fire package rate (2%) must be lower than hail (1%) plus fire (1%) bought apart (2%)']);
  });

  it("refuses a 'both' rate below hail or fire alone", () => {
    const result = zonePricingSchema.safeParse({ code: 'X1', name: 'X', riskLevel: 'low', hailRate: 2, fireRate: 1, bothRate: 1.5, isActive: true });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['Zone X1: the hail and fire package rate (1.5%) must not be lower than the hail or fire rate alone']);
  });

  it('refuses a higher hurdle that costs more, and a missing 0% hurdle', () => {
    const hurdleOptions = seed.hurdleOptions.map((option) => (option.percentage === 15 ? { ...option, impactMultiplier: 0.9 } : option));
    expect(issues({ ...seed, hurdleOptions })).toEqual(["The 15% hurdle's multiplier (0.9) must not be higher than the 10% hurdle's (0.89); a higher hurdle must never cost more"]);
    expect(issues({ ...seed, hurdleOptions: seed.hurdleOptions.filter((option) => option.percentage !== 0) })).toEqual([
      'An active 0% hurdle with impact multiplier 1 is required (no hurdle means no reduction)',
    ]);
  });

  it('refuses a volume discount steep enough to make a bigger quote cheaper', () => {
    const dynamicDiscounts = seed.dynamicDiscounts.map((rule) =>
      rule.kind === 'volume'
        ? {
            ...rule,
            bands: [
              { fromInsuredValue: 0, rate: 0 },
              { fromInsuredValue: 1_000_000, rate: 0.5 },
            ],
          }
        : rule,
    );
    const messages = issues({ ...seed, dynamicDiscounts });
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/^The top volume band rate \(0\.5\) is too steep .* Lower the top band rate or narrow the factors\.$/);
  });

  it('refuses volume bands out of order or with a falling rate', () => {
    const dynamicDiscounts = seed.dynamicDiscounts.map((rule) =>
      rule.kind === 'volume'
        ? {
            ...rule,
            bands: [
              { fromInsuredValue: 0, rate: 0.02 },
              { fromInsuredValue: 2_000_000, rate: 0.01 },
              { fromInsuredValue: 1_000_000, rate: 0.03 },
            ],
          }
        : rule,
    );
    expect(issues({ ...seed, dynamicDiscounts })).toEqual([
      'A higher volume band must not have a lower rate than the band below it',
      'Volume bands must be listed from the lowest insured value up, without repeats',
    ]);
  });

  it('refuses duplicate zone codes and two active rules of one kind', () => {
    const first = seed.zones[0];
    if (!first) throw new Error('the seed has zones');
    const zones = [...seed.zones, { ...first, name: 'Copy' }];
    expect(issues({ ...seed, zones })).toEqual(['Zone code NAR is used twice; zone codes must be unique']);
    const dynamicDiscounts = [...seed.dynamicDiscounts, { id: 'early-2', name: 'Second early', kind: 'earlySeason' as const, windowStart: '01-01', windowEnd: '01-31', rate: 0.01, isActive: true }];
    expect(issues({ ...seed, dynamicDiscounts })).toEqual(['Only one earlySeason discount may be active; deactivate all but one of: Early-season discount, Second early']);
  });

  it('explains rates and dates in the units staff type', () => {
    const dynamicDiscounts = seed.dynamicDiscounts.map((rule) => (rule.kind === 'earlySeason' ? { ...rule, windowStart: '4/1', rate: 4 } : rule));
    expect(issues({ ...seed, dynamicDiscounts })).toEqual(['Dates must be written MM-DD, for example 04-01 for 1 April', 'Early-season rate must be at most 0.5 (50%); 0.05 means 5%']);
  });
});
