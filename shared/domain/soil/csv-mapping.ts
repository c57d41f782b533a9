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

/**
 * A heading folded for matching: camel case split into words, lower case, subscripts as digits,
 * punctuation as spaces ('pH (CaCl₂)' → 'ph cacl2', 'fieldName' → 'field name'). Only a run of two
 * or more small letters before a capital is split, so 'pH' and 'CaCl2' stay whole.
 */
export function foldHeading(heading: string): string {
  return heading
    .normalize('NFKC')
    .replace(/([a-z]{2,})([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .replace(/[^a-z0-9%]+/g, ' ')
    .trim();
}

const has = (heading: string, ...words: string[]) => words.some((word) => new RegExp(`(^| )${word}( |$)`).test(heading));
const contains = (heading: string, ...parts: string[]) => parts.some((part) => heading.includes(part));

/**
 * Whether a folded heading names the field; the first column that does is suggested. Labs' exports
 * carry other dates (received 'Date Recd', reported 'Date Rept', submitted 'DATESUB', tested), other conductivities (a
 * saturated paste's, soluble salts') and codes beside the real column ('Texture No'), so those are
 * not taken for it.
 */
const RECOGNISERS: Record<SoilImportField, (heading: string) => boolean> = {
  paddock: (h) => contains(h, 'paddock') || has(h, 'field', 'block', 'site'),
  sampleDate: (h) =>
    contains(h, 'date', 'sampled') && !contains(h, 'receiv', 'recd', 'rcvd', 'report', 'rept', 'rpt', 'print', 'analys', 'tested', 'issue', 'birth', 'sub', 'process', 'due', 'entered', 'modified', 'created'),
  lab: (h) => has(h, 'lab', 'laboratory') && !has(h, 'no', 'number', 'id', 'code', 'ref', 'reference'),
  depth: (h) => contains(h, 'depth') && !has(h, 'from', 'to', 'top', 'bottom', 'upper', 'lower', 'start', 'end', 'begin', 'b', 'e'),
  depthFromCm: (h) => contains(h, 'depth') && has(h, 'from', 'top', 'upper', 'start', 'begin', 'b'),
  depthToCm: (h) => contains(h, 'depth') && has(h, 'to', 'bottom', 'lower', 'end', 'e'),
  pHCaCl2: (h) => has(h, 'ph') && contains(h, 'cacl'),
  pHWater: (h) => has(h, 'ph') && (has(h, 'water', 'h2o', 'w') || contains(h, 'water')),
  organicCarbonPct: (h) => (contains(h, 'organic carbon', 'org carbon', 'walkley') && !contains(h, 'inorganic')) || has(h, 'oc', 'toc') || /^org c( |$)/.test(h),
  ecDsM: (h) => (has(h, 'ec') || contains(h, 'conductivity')) && !contains(h, 'paste', 'saturat', 'salt'),
  colwellPMgKg: (h) => (contains(h, 'phosph') || has(h, 'p')) && contains(h, 'colwell') && !contains(h, 'buffer', 'pbi', 'dgt'),
  kMgKg: (h) => (contains(h, 'potassium') || has(h, 'k')) && !contains(h, 'exc', 'meq', 'cmol'),
  sMgKg: (h) => contains(h, 'sulfur', 'sulphur', 'sulfate', 'sulphate', 'kcl40') || (has(h, 's') && !contains(h, 'salt', 'mmho', 'conduct')),
  texture: (h) => contains(h, 'texture') && !has(h, 'no', 'code', 'id', 'number', 'num'),
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

/** A cell holding a number as labs write one ('5.2', '<0.5', '-3'). */
const isNumberCell = (cell: string) => /^[<>]?\s*-?(\d+(\.\d+)?|\.\d+)$/.test(cell.trim());
/** A cell of a units row: 'UNITS', '%', 'mg/kg', 'dS/m', 'Percent', 'gramsPerCentimeterCubed', '-'. */
const UNIT_CELL = /^(units?|-|%|percent|ppm|ppb|ratio|cm|mm|in|inches|[a-z]+\s*\/\s*[a-z0-9 ()+]+|[a-z]+per[a-z0-9]+)$/i;
const NO_UNIT = new Set(['', '-', 'unit', 'units']);
/** A row that is a note: one cell of text (a footer sentence), or marked as a comment by the lab. */
const isNoteRow = (row: readonly string[]) => {
  const filled = row.map((cell) => cell.trim()).filter((cell) => cell !== '');
  return !row.some(isNumberCell) && (filled.length <= 1 || filled.some((cell) => /^(comments?|notes?)$/i.test(cell)));
};

/**
 * The results table of a lab's file. A units row under the headings ('UNITS', 'Percent', 'mg/kg':
 * CSBP's spreadsheet export has one, as do others) is not a sample: each unit goes into its heading
 * ('Organic carbon (Percent)'), where staff read it on the mapping screen. Notes after the samples (a
 * footer sentence, rows the lab marks COMMENT) are not samples; a row of a paddock without results
 * stays, for the import to say so.
 */
export function labTable(headers: readonly string[], rows: readonly string[][]): { headers: string[]; rows: string[][]; firstRow: number } {
  let named = [...headers];
  let body = [...rows];
  const first = body[0];
  const filled = first?.filter((cell) => cell.trim() !== '') ?? [];
  if (first && filled.length > 0 && !first.some(isNumberCell) && filled.every((cell) => UNIT_CELL.test(cell.trim()))) {
    named = named.map((heading, column) => {
      const unit = (first[column] ?? '').trim();
      return column === 0 || NO_UNIT.has(unit.toLowerCase()) || heading.toLowerCase().includes(unit.toLowerCase()) ? heading : `${heading} (${unit})`;
    });
    body = body.slice(1);
  }
  // The spreadsheet row of the first sample, so a row's sentence names the row staff see: below the headings (row 1) and a units row.
  const firstRow = 2 + rows.length - body.length;
  while (body.length > 1 && isNoteRow(body.at(-1)!)) body = body.slice(0, -1);
  return { headers: named, rows: body, firstRow };
}

/** A lab's CSV for one grower is a few kilobytes; these limits leave room for a season of a large farm and refuse anything else early. */
export const SOIL_CSV_MAX_BYTES = 1024 * 1024;
export const SOIL_CSV_MAX_ROWS = 2000;
