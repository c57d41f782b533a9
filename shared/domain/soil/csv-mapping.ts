/**
 * The columns of a lab's CSV, matched to the fields of a sample. Labs head their columns their own
 * way ('pH Level (CaCl2)', 'pH (CaCl2)', 'Phosphorus Colwell mg/kg', 'Colwell P (mg/kg)', 'OC %',
 * 'EC 1:5 dS/m', 'Date Sampled'); suggestMapping recognises the common ones and staff correct the
 * rest on the mapping screen. A mapping names each field's column by position.
 */
import { measureLabel, SOIL_IMPORT_FIELDS, SOIL_MEASURES, type SoilImportField, type SoilMeasure } from '../../contracts/soil';

export type ColumnMapping = Partial<Record<SoilImportField, number | null>>;

export const IMPORT_FIELD_LABELS: Record<SoilImportField, string> = {
  paddock: 'Paddock',
  sampleDate: 'Sample date',
  lab: 'Lab',
  depth: 'Depth (as 0-10)',
  depthFromCm: 'Depth from (cm)',
  depthToCm: 'Depth to (cm)',
  ...(Object.fromEntries(SOIL_MEASURES.map((measure) => [measure, measureLabel(measure)])) as Record<SoilMeasure, string>),
  texture: 'Texture',
};

/** A heading folded for matching: lower case, subscripts as digits, punctuation as spaces ('pH (CaCl₂)' → 'ph cacl2'). */
export function foldHeading(heading: string): string {
  return heading
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^a-z0-9%]+/g, ' ')
    .trim();
}

const has = (heading: string, ...words: string[]) => words.some((word) => new RegExp(`(^| )${word}( |$)`).test(heading));
const contains = (heading: string, ...parts: string[]) => parts.some((part) => heading.includes(part));

/** Whether a folded heading names the field; the first column that does is suggested. */
const RECOGNISERS: Record<SoilImportField, (heading: string) => boolean> = {
  paddock: (h) => contains(h, 'paddock') || has(h, 'field', 'block', 'site'),
  sampleDate: (h) => contains(h, 'date', 'sampled') && !contains(h, 'receiv', 'report', 'print', 'analys', 'issue', 'birth'),
  lab: (h) => has(h, 'lab', 'laboratory') && !has(h, 'no', 'number', 'id', 'code', 'ref', 'reference'),
  depth: (h) => contains(h, 'depth') && !has(h, 'from', 'to', 'top', 'bottom', 'upper', 'lower', 'start', 'end'),
  depthFromCm: (h) => contains(h, 'depth') && has(h, 'from', 'top', 'upper', 'start'),
  depthToCm: (h) => contains(h, 'depth') && has(h, 'to', 'bottom', 'lower', 'end'),
  pHCaCl2: (h) => has(h, 'ph') && contains(h, 'cacl'),
  pHWater: (h) => has(h, 'ph') && (has(h, 'water', 'h2o', 'w') || contains(h, 'water')),
  organicCarbonPct: (h) => contains(h, 'organic carbon', 'org carbon', 'walkley') || has(h, 'oc') || /^org c( |$)/.test(h),
  ecDsM: (h) => has(h, 'ec') || contains(h, 'conductivity'),
  colwellPMgKg: (h) => (contains(h, 'phosph') || has(h, 'p')) && contains(h, 'colwell') && !contains(h, 'buffer', 'pbi', 'dgt'),
  kMgKg: (h) => (contains(h, 'potassium') || has(h, 'k')) && !contains(h, 'exc', 'meq', 'cmol'),
  sMgKg: (h) => contains(h, 'sulfur', 'sulphur', 'kcl40') || has(h, 's'),
  texture: (h) => contains(h, 'texture'),
};

/**
 * The mapping a file's headings suggest: each field gets the first column that names it and that no
 * earlier field took (the fields are tried in SOIL_IMPORT_FIELDS order, so 'Depth from' goes to
 * depthFromCm and not to depth).
 */
export function suggestMapping(headings: readonly string[]): ColumnMapping {
  const folded = headings.map(foldHeading);
  const taken = new Set<number>();
  const mapping: ColumnMapping = {};
  // The split depth fields are tried before the combined one, which would otherwise take 'Depth from'.
  const order: SoilImportField[] = ['depthFromCm', 'depthToCm', ...SOIL_IMPORT_FIELDS.filter((field) => field !== 'depthFromCm' && field !== 'depthToCm')];
  for (const field of order) {
    const index = folded.findIndex((heading, column) => !taken.has(column) && RECOGNISERS[field](heading));
    if (index >= 0) {
      mapping[field] = index;
      taken.add(index);
    }
  }
  return mapping;
}

const mapped = (mapping: ColumnMapping, field: SoilImportField) => typeof mapping[field] === 'number';

/** What a mapping lacks before rows can be read, as sentences for the mapping screen. */
export function mappingProblems(mapping: ColumnMapping, columns: number, defaultLab: string | undefined): string[] {
  const problems: string[] = [];
  if (!mapped(mapping, 'paddock')) problems.push('Choose the column that holds the paddock name.');
  if (!mapped(mapping, 'sampleDate')) problems.push('Choose the column that holds the sample date.');
  if (!mapped(mapping, 'lab') && !defaultLab?.trim()) problems.push('Choose the column that holds the lab, or type the lab’s name for the whole file.');
  const split = mapped(mapping, 'depthFromCm') || mapped(mapping, 'depthToCm');
  if (split && !(mapped(mapping, 'depthFromCm') && mapped(mapping, 'depthToCm'))) problems.push('Choose both depth columns (from and to), or one column that holds the depth as 0-10.');
  else if (!split && !mapped(mapping, 'depth')) problems.push('Choose the column that holds the depth (0-10), or the two columns from and to.');
  if (split && mapped(mapping, 'depth')) problems.push('Choose the depth either as one column (0-10) or as two (from and to), not both.');
  if (!SOIL_MEASURES.some((measure) => mapped(mapping, measure))) problems.push('Choose at least one column of results (pH, organic carbon, EC, P, K or S).');
  const used = new Map<number, SoilImportField>();
  for (const field of SOIL_IMPORT_FIELDS) {
    const column = mapping[field];
    if (typeof column !== 'number') continue;
    if (column >= columns) problems.push(`${IMPORT_FIELD_LABELS[field]} is mapped to a column the file does not have.`);
    const earlier = used.get(column);
    if (earlier) problems.push(`One column is mapped to both ${IMPORT_FIELD_LABELS[earlier]} and ${IMPORT_FIELD_LABELS[field]}.`);
    used.set(column, field);
  }
  return problems;
}

/** A lab's CSV for one grower is a few kilobytes; these limits leave room for a season of a large farm and refuse anything else early. */
export const SOIL_CSV_MAX_BYTES = 1024 * 1024;
export const SOIL_CSV_MAX_ROWS = 2000;
