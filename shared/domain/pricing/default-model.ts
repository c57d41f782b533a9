import type { PricingModel, RiskLevel, ZonePricing } from '../../contracts/pricing';

/**
 * The seed pricing model for the WA grain belt, inserted by the database seed and then edited by
 * administrators. Rates are percent of insured value; see docs/pricing.md for how they are used.
 * Zone boundaries are deliberately coarse rectangles (lon/lat, WGS84) that do not overlap; they
 * are a starting point for the point lookup, to be replaced by surveyed boundaries.
 */

export interface GeoJsonPolygon {
  type: 'Polygon';
  /** Rings of [longitude, latitude]; the first ring is the outline, counter-clockwise, closed. */
  coordinates: Array<Array<[number, number]>>;
}

/** One row of the AgricultureZone table (prisma/schema/reference.prisma). */
export interface AgricultureZoneSeed extends ZonePricing {
  riskLevel: RiskLevel;
  boundary: GeoJsonPolygon;
  sortOrder: number;
}

/** Counter-clockwise closed ring from [lon, lat] corners listed counter-clockwise. */
function ring(...corners: Array<[number, number]>): GeoJsonPolygon {
  const first = corners[0];
  if (!first) throw new Error('A polygon needs corners');
  return { type: 'Polygon', coordinates: [[...corners, first]] };
}
/** Rectangle between two longitudes and two latitudes (south is the more negative latitude). */
function box(west: number, east: number, south: number, north: number): GeoJsonPolygon {
  return ring([west, south], [east, south], [east, north], [west, north]);
}

export const DEFAULT_AGRICULTURE_ZONES: readonly AgricultureZoneSeed[] = [
  {
    code: 'NAR',
    name: 'Northern Agricultural Region (Geraldton Sandplain)',
    riskLevel: 'high',
    hailRate: 1.1,
    fireRate: 1.45,
    bothRate: 2.3,
    isActive: true,
    // Geraldton, Chapman Valley, Mullewa, Mingenew, Three Springs, Carnamah, Morawa.
    boundary: box(114.5, 116.3, -30.3, -27.5),
    sortOrder: 1,
  },
  {
    code: 'NEW',
    name: 'North-Eastern Wheatbelt (Perenjori–Dalwallinu)',
    riskLevel: 'moderate',
    hailRate: 1.0,
    fireRate: 1.3,
    bothRate: 2.05,
    isActive: true,
    // Latham, Buntine, Wubin, Dalwallinu.
    boundary: box(116.3, 118.5, -30.3, -28.0),
    sortOrder: 2,
  },
  {
    code: 'CWB',
    name: 'Central Wheatbelt (Avon)',
    riskLevel: 'low',
    hailRate: 1.2,
    fireRate: 1.05,
    bothRate: 2.0,
    isActive: true,
    // Moora, Wongan Hills, Goomalling, Northam, York, Cunderdin, Quairading; stops east of the
    // Darling Range so the Perth hills are outside.
    boundary: ring([116.4, -32.3], [117.6, -32.3], [117.6, -30.3], [115.7, -30.3], [115.7, -31.2], [116.4, -31.2]),
    sortOrder: 3,
  },
  {
    code: 'EWB',
    name: 'Eastern Wheatbelt (Merredin–Southern Cross)',
    riskLevel: 'high',
    hailRate: 1.35,
    fireRate: 1.4,
    bothRate: 2.45,
    isActive: true,
    // Kellerberrin, Merredin, Nungarin, Mukinbudin, Bruce Rock, Narembeen, Southern Cross.
    boundary: box(117.6, 119.8, -32.3, -30.3),
    sortOrder: 4,
  },
  {
    code: 'GSR',
    name: 'Great Southern (Narrogin–Katanning)',
    riskLevel: 'low',
    hailRate: 1.5,
    fireRate: 0.7,
    bothRate: 1.95,
    isActive: true,
    // Pingelly, Narrogin, Wagin, Katanning, Kojonup, Tambellup, Gnowangerup.
    boundary: box(116.3, 118.2, -34.5, -32.3),
    sortOrder: 5,
  },
  {
    code: 'LKS',
    name: 'Lakes District (Lake Grace–Newdegate–Lake King)',
    riskLevel: 'high',
    hailRate: 1.8,
    fireRate: 0.95,
    bothRate: 2.5,
    isActive: true,
    // Kondinin, Hyden, Lake Grace, Newdegate, Lake King.
    boundary: box(118.2, 120.0, -33.6, -32.3),
    sortOrder: 6,
  },
  {
    code: 'SCE',
    name: 'South Coast (Esperance–Ravensthorpe)',
    riskLevel: 'moderate',
    hailRate: 1.6,
    fireRate: 0.8,
    bothRate: 2.15,
    isActive: true,
    // Jerramungup, Ravensthorpe, Munglinup, Esperance, Scaddan, Grass Patch, Salmon Gums.
    // L-shaped: the coastal strip from Jerramungup east, and the mallee north of Esperance.
    boundary: ring([118.2, -34.5], [123.5, -34.5], [123.5, -32.6], [120.0, -32.6], [120.0, -33.6], [118.2, -33.6]),
    sortOrder: 7,
  },
];

/** The seeded rules stack, at equal priority, all year round (docs/discounts.md). */
const alwaysStacking = { priority: 0, stacks: true, validFrom: null, validTo: null } as const;

export const DEFAULT_PRICING_MODEL: PricingModel = {
  version: 'seed-2025-1',
  zones: DEFAULT_AGRICULTURE_ZONES.map(({ code, name, riskLevel, hailRate, fireRate, bothRate, isActive }) => ({
    code,
    name,
    riskLevel,
    hailRate,
    fireRate,
    bothRate,
    isActive,
  })),
  // Hail: canola and field peas shatter pods, oats and barley shed grain. Fire: lupins, canola and
  // peas are the crops most associated with harvester and header fires.
  cropFactors: [
    { cropType: 'wheat', hailFactor: 1.0, fireFactor: 1.0, isActive: true },
    { cropType: 'barley', hailFactor: 1.05, fireFactor: 1.0, isActive: true },
    { cropType: 'canola', hailFactor: 1.3, fireFactor: 1.15, isActive: true },
    { cropType: 'lupins', hailFactor: 1.05, fireFactor: 1.3, isActive: true },
    { cropType: 'oats', hailFactor: 1.1, fireFactor: 1.0, isActive: true },
    { cropType: 'field peas', hailFactor: 1.15, fireFactor: 1.1, isActive: true },
    { cropType: 'triticale', hailFactor: 0.95, fireFactor: 1.0, isActive: true },
    { cropType: 'rye', hailFactor: 0.95, fireFactor: 1.05, isActive: true },
    { cropType: 'chickpeas', hailFactor: 1.1, fireFactor: 1.1, isActive: true },
  ],
  hurdleOptions: [
    { percentage: 0, impactMultiplier: 1.0, description: 'No hurdle', isActive: true },
    { percentage: 5, impactMultiplier: 0.95, description: '5% hurdle', isActive: true },
    { percentage: 10, impactMultiplier: 0.89, description: '10% hurdle', isActive: true },
    { percentage: 15, impactMultiplier: 0.84, description: '15% hurdle', isActive: true },
    { percentage: 20, impactMultiplier: 0.78, description: '20% hurdle', isActive: true },
  ],
  areaLimits: [
    { id: 'area-allocation', name: 'Crop allocation size', scope: 'allocation', cropType: null, minHectares: 1, maxHectares: 5_000, isActive: true },
    { id: 'area-quote', name: 'Quote size', scope: 'quote', cropType: null, minHectares: 10, maxHectares: 30_000, isActive: true },
  ],
  discountFactors: [
    { id: 'factor-hail-netting', name: 'Hail netting', kind: 'hailNetting', peril: 'hail', value: 0.1, isActive: true },
    { id: 'factor-irrigation', name: 'Irrigated paddocks', kind: 'irrigation', peril: 'fire', value: 0.05, isActive: true },
  ],
  dynamicDiscounts: [
    {
      id: 'discount-volume',
      name: 'Volume discount',
      kind: 'volume',
      bands: [
        { fromInsuredValue: 0, rate: 0 },
        { fromInsuredValue: 1_000_000, rate: 0.025 },
        { fromInsuredValue: 3_000_000, rate: 0.05 },
      ],
      isActive: true,
      ...alwaysStacking,
    },
    { id: 'discount-early-season', name: 'Early-season discount', kind: 'earlySeason', windowStart: '04-01', windowEnd: '06-30', rate: 0.04, isActive: true, ...alwaysStacking },
    { id: 'discount-multi-year', name: 'Multi-year member discount', kind: 'multiYear', minimumPriorSeasons: 2, rate: 0.03, isActive: true, ...alwaysStacking },
    { id: 'discount-referrer', name: 'Referrer discount', kind: 'referrer', rate: 0.02, isActive: true, ...alwaysStacking },
  ],
  maxTotalDiscountRate: 0.12,
  canolaCap: { cropType: 'canola', maxValuePerHectare: 1_400, maxShareOfInsuredValue: 0.6, isActive: true },
  minimumPremium: 250,
};
