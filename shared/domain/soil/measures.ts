/**
 * What a soil sample records (the soil-testing pilot, docs/soil-testing.md): the measures labs
 * report for WA grain paddocks, each with its unit and the range a real result falls in, and the
 * textures a sample may be given. The contract's schema and the CSV import read their rules and
 * messages from here, so a form, the API and an imported row say the same thing.
 */
import { formatNumber } from '../../format';

export const SOIL_MEASURES = ['pHCaCl2', 'pHWater', 'organicCarbonPct', 'ecDsM', 'colwellPMgKg', 'kMgKg', 'sMgKg'] as const;
export type SoilMeasure = (typeof SOIL_MEASURES)[number];

export interface MeasureRule {
  /** The name a lab report uses. */
  name: string;
  /** The unit, empty for pH. */
  unit: string;
  min: number;
  max: number;
}

/** The ranges are wide enough for any soil a grower sends in and narrow enough to catch a value typed into the wrong column (a K result under P, a percentage under pH). */
export const MEASURE_RULES: Record<SoilMeasure, MeasureRule> = {
  pHCaCl2: { name: 'pH (CaCl2)', unit: '', min: 3, max: 10 },
  pHWater: { name: 'pH (water)', unit: '', min: 3, max: 11 },
  organicCarbonPct: { name: 'Organic carbon', unit: '%', min: 0, max: 60 },
  ecDsM: { name: 'EC (1:5)', unit: 'dS/m', min: 0, max: 20 },
  colwellPMgKg: { name: 'Colwell P', unit: 'mg/kg', min: 0, max: 1000 },
  kMgKg: { name: 'Colwell K', unit: 'mg/kg', min: 0, max: 5000 },
  sMgKg: { name: 'Sulfur (KCl40)', unit: 'mg/kg', min: 0, max: 1000 },
};

/** 'Colwell P (mg/kg)', 'pH (CaCl2)'. */
export function measureLabel(measure: SoilMeasure): string {
  const { name, unit } = MEASURE_RULES[measure];
  return unit ? `${name} (${unit})` : name;
}

/** 'pH (CaCl2) must be between 3 and 10'. */
export function measureRangeMessage(measure: SoilMeasure): string {
  const { min, max } = MEASURE_RULES[measure];
  return `${measureLabel(measure)} must be between ${formatNumber(min)} and ${formatNumber(max)}`;
}

export const SOIL_TEXTURES = ['sand', 'loamy sand', 'sandy loam', 'loam', 'sandy clay loam', 'clay loam', 'clay'] as const;
export type SoilTexture = (typeof SOIL_TEXTURES)[number];
export const TEXTURE_LABELS: Record<SoilTexture, string> = {
  sand: 'Sand',
  'loamy sand': 'Loamy sand',
  'sandy loam': 'Sandy loam',
  loam: 'Loam',
  'sandy clay loam': 'Sandy clay loam',
  'clay loam': 'Clay loam',
  clay: 'Clay',
};

/** The depth a sample may reach, in centimetres (deep subsoil cores go to a metre or so). */
export const MAX_DEPTH_CM = 200;
/** The earliest sample date the pilot accepts; older results belong to another paddock history. */
export const EARLIEST_SAMPLE_DATE = '1980-01-01';

export const ENTERED_BY = ['member', 'staff'] as const;
export type EnteredBy = (typeof ENTERED_BY)[number];

/**
 * The key a paddock is known by across the farm list and every application: its name with the
 * spacing and letter case folded ('North  Paddock ' and 'north paddock' are one paddock).
 */
export function paddockKey(name: string): string {
  return name.normalize('NFKC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('en-AU');
}

/** A texture as written on a report ('Sandy Loam', 'sandy-loam', 'SL'), or undefined when it is none of the list. */
export function textureOf(text: string): SoilTexture | undefined {
  const folded = text.trim().toLowerCase().replace(/[-_]+/g, ' ').replace(/\s+/g, ' ');
  const byCode: Record<string, SoilTexture> = { s: 'sand', ls: 'loamy sand', sl: 'sandy loam', l: 'loam', scl: 'sandy clay loam', cl: 'clay loam', c: 'clay' };
  return (SOIL_TEXTURES as readonly string[]).includes(folded) ? (folded as SoilTexture) : byCode[folded];
}
