/**
 * The colours of the soil map: each measure split into bands an agronomist in WA would read the
 * same way (acid to alkaline, low to high), each with its colour and name for the legend. The bands
 * are a picture of the result, not a recommendation: the cut-offs are the usual guide values for
 * wheatbelt soils and move with crop and soil type.
 */
import { formatNumber } from '../../format';
import { measureLabel, type SoilMeasure } from '../../contracts/soil';

export interface ColourBand {
  /** The band holds values from `from` (inclusive) up to the next band's `from`. */
  from: number;
  colour: string;
  name: string;
}

/** Acid (red) through neutral (green) to alkaline (blue); low (pale) through adequate (green) to high (dark). */
const ACID = '#b2182b';
const SLIGHTLY_ACID = '#ef8a62';
const MILDLY_ACID = '#f4d06f';
const GOOD = '#4daf4a';
const ALKALINE = '#67a9cf';
const STRONGLY_ALKALINE = '#2166ac';
const LOW = '#f7e4b0';
const MARGINAL = '#e0b35a';
const ADEQUATE = '#4daf4a';
const HIGH = '#1b7837';

export const COLOUR_BANDS: Record<SoilMeasure, readonly ColourBand[]> = {
  pHCaCl2: [
    { from: -Infinity, colour: ACID, name: 'Very acid' },
    { from: 4.5, colour: SLIGHTLY_ACID, name: 'Acid' },
    { from: 5, colour: MILDLY_ACID, name: 'Slightly acid' },
    { from: 5.5, colour: GOOD, name: 'Suits most crops' },
    { from: 7, colour: ALKALINE, name: 'Alkaline' },
    { from: 8, colour: STRONGLY_ALKALINE, name: 'Strongly alkaline' },
  ],
  pHWater: [
    { from: -Infinity, colour: ACID, name: 'Very acid' },
    { from: 5.2, colour: SLIGHTLY_ACID, name: 'Acid' },
    { from: 5.7, colour: MILDLY_ACID, name: 'Slightly acid' },
    { from: 6.2, colour: GOOD, name: 'Suits most crops' },
    { from: 7.7, colour: ALKALINE, name: 'Alkaline' },
    { from: 8.7, colour: STRONGLY_ALKALINE, name: 'Strongly alkaline' },
  ],
  organicCarbonPct: [
    { from: -Infinity, colour: LOW, name: 'Very low' },
    { from: 0.5, colour: MARGINAL, name: 'Low' },
    { from: 1, colour: ADEQUATE, name: 'Moderate' },
    { from: 2, colour: HIGH, name: 'High' },
  ],
  ecDsM: [
    { from: -Infinity, colour: GOOD, name: 'Not saline' },
    { from: 0.15, colour: MILDLY_ACID, name: 'Slightly saline' },
    { from: 0.4, colour: SLIGHTLY_ACID, name: 'Moderately saline' },
    { from: 0.8, colour: ACID, name: 'Highly saline' },
  ],
  colwellPMgKg: [
    { from: -Infinity, colour: LOW, name: 'Low' },
    { from: 15, colour: MARGINAL, name: 'Marginal' },
    { from: 25, colour: ADEQUATE, name: 'Adequate' },
    { from: 45, colour: HIGH, name: 'High' },
  ],
  kMgKg: [
    { from: -Infinity, colour: LOW, name: 'Low' },
    { from: 50, colour: MARGINAL, name: 'Marginal' },
    { from: 100, colour: ADEQUATE, name: 'Adequate' },
    { from: 200, colour: HIGH, name: 'High' },
  ],
  sMgKg: [
    { from: -Infinity, colour: LOW, name: 'Low' },
    { from: 5, colour: MARGINAL, name: 'Marginal' },
    { from: 10, colour: ADEQUATE, name: 'Adequate' },
    { from: 20, colour: HIGH, name: 'High' },
  ],
};

/** The colour of a paddock with no result for the measure. */
export const NO_RESULT_COLOUR = '#c8ccc6';

/** The band a result falls in. */
export function bandOf(measure: SoilMeasure, value: number): ColourBand {
  const bands = COLOUR_BANDS[measure];
  let found = bands[0]!;
  for (const band of bands) if (value >= band.from) found = band;
  return found;
}

export interface LegendEntry {
  colour: string;
  /** 'Acid: 4.5 to 5', 'Very acid: below 4.5', 'High: 45 and above'. */
  label: string;
}

/** The legend of a measure's map, lowest band first, with the result's unit in the title. */
export function legendOf(measure: SoilMeasure): { title: string; entries: LegendEntry[] } {
  const bands = COLOUR_BANDS[measure];
  const entries = bands.map((band, index) => {
    const next = bands[index + 1];
    const range = band.from === -Infinity ? `below ${formatNumber(next!.from)}` : next ? `${formatNumber(band.from)} to ${formatNumber(next.from)}` : `${formatNumber(band.from)} and above`;
    return { colour: band.colour, label: `${band.name}: ${range}` };
  });
  return { title: measureLabel(measure), entries: [...entries, { colour: NO_RESULT_COLOUR, label: 'No result' }] };
}
