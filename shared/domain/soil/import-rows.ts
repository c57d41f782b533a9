/**
 * The rows of a lab's CSV read through a column mapping: each row becomes a sample for one of the
 * member's paddocks, or a sentence saying what is wrong with it ('Row 4: pH (CaCl2) must be between
 * 3 and 10'). Rows are numbered as a spreadsheet shows them, the headings being row 1. The import
 * keeps all the samples or none, so one bad row stops the file until it is put right.
 */
import { measureLabel, SOIL_MEASURES, type SoilSampleValues, soilSampleValuesSchema } from '../../contracts/soil';
import type { ColumnMapping } from './csv-mapping';
import { isMonthFirstOnly, monthFirstReading, parseSampleDate } from './dates';
import { paddockKey, textureOf } from './measures';

export interface ImportRowError {
  row: number;
  message: string;
}

export interface ImportedSample extends SoilSampleValues {
  row: number;
  /** The paddock's name as the member's farm writes it (the file may write it in other case or spacing). */
  paddockName: string;
}

export interface ImportContext {
  /** The member's paddock names. */
  paddocks: readonly string[];
  /** The lab of every row, when the file has no lab column. */
  defaultLab?: string | undefined;
  /** The spreadsheet row of the first of `rows`: 2, under the headings, unless a units row sits between (labTable). */
  firstRow?: number | undefined;
}

/** A file's sign that its dates are month first: the first date that can only be, with its spreadsheet row. */
interface MonthFirstSign {
  row: number;
  written: string;
}

/**
 * Why a written sample date is not taken: written month first (the date itself shows it, or the
 * file's other dates do), or not a day at all. Null when it is read.
 */
function sampleDateProblem(written: string, readDayFirst: string | undefined, monthFirst: MonthFirstSign | undefined): string | null {
  const asMonthFirst = monthFirst ? monthFirstReading(written) : undefined;
  if (asMonthFirst) {
    const [year, month, day] = asMonthFirst.split('-');
    // The date shows it itself, or only the file's other dates do.
    const because = isMonthFirstOnly(written) ? '' : ` like the file’s other dates (row ${monthFirst!.row} has “${monthFirst!.written}”)`;
    return `The sample date “${written}” is written month first${because}; write it day first (${day}/${month}/${year}) or as ${asMonthFirst}`;
  }
  return readDayFirst ? null : `The sample date “${written}” is not a day (write it as 14/03/2025 or 2025-03-14)`;
}

/** The spreadsheet row of the data row at `index` (the headings are row 1). */
const spreadsheetRow = (index: number, firstRow = 2) => index + firstRow;

const MAX_PADDOCKS_NAMED = 8;

/** '<0.5' (below the lab's detection limit) reads as the limit; a blank cell is no result. */
function readNumber(text: string): number | null | undefined {
  const value = text.trim().replace(/^[<>]\s*/, '');
  if (value === '' || /^(n\/?a|-|nd|not tested)$/i.test(value)) return null;
  return /^-?\d+(\.\d+)?$|^-?\.\d+$/.test(value) ? Number(value) : undefined;
}

/** '0-10', '0–10 cm', '10 to 30' → [0, 10]. */
function readDepth(text: string): [number, number] | undefined {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(?:-|–|—|to)\s*(\d+(?:\.\d+)?)\s*(?:cm)?\s*$/i.exec(text);
  return match ? [Number(match[1]), Number(match[2])] : undefined;
}

function paddockList(paddocks: readonly string[]): string {
  if (paddocks.length === 0) return 'they have no paddocks yet';
  const named = paddocks.slice(0, MAX_PADDOCKS_NAMED).join(', ');
  return paddocks.length > MAX_PADDOCKS_NAMED ? `their paddocks include ${named}` : `their paddocks are ${named}`;
}

/** Reads every data row; a row with nothing in it is skipped, as a spreadsheet's trailing blank lines are. */
export function readImportRows(rows: ReadonlyArray<readonly string[]>, mapping: ColumnMapping, context: ImportContext): { samples: ImportedSample[]; errors: ImportRowError[] } {
  const paddockByKey = new Map(context.paddocks.map((name) => [paddockKey(name), name]));
  const samples: ImportedSample[] = [];
  const errors: ImportRowError[] = [];
  const dateOf = (cells: readonly string[]) => (typeof mapping.sampleDate === 'number' ? (cells[mapping.sampleDate] ?? '').trim() : '');
  const signIndex = rows.findIndex((cells) => isMonthFirstOnly(dateOf(cells)));
  const monthFirst = signIndex < 0 ? undefined : { row: spreadsheetRow(signIndex, context.firstRow), written: dateOf(rows[signIndex]!) };
  rows.forEach((cells, index) => {
    if (cells.every((cell) => cell.trim() === '')) return;
    const row = spreadsheetRow(index, context.firstRow);
    const problems: string[] = [];
    const cell = (column: number | null | undefined) => (typeof column === 'number' ? (cells[column] ?? '').trim() : '');

    const writtenPaddock = cell(mapping.paddock);
    const paddockName = paddockByKey.get(paddockKey(writtenPaddock));
    if (!writtenPaddock) problems.push('The paddock is blank');
    else if (!paddockName) problems.push(`“${writtenPaddock}” is not one of the member’s paddocks (${paddockList(context.paddocks)})`);

    const writtenDate = cell(mapping.sampleDate);
    const sampleDate = parseSampleDate(writtenDate);
    const dateProblem = writtenDate ? sampleDateProblem(writtenDate, sampleDate, monthFirst) : 'The sample date is blank';
    if (dateProblem) problems.push(dateProblem);

    let depthFromCm: number | undefined, depthToCm: number | undefined;
    if (typeof mapping.depth === 'number') {
      const writtenDepth = cell(mapping.depth);
      const depth = readDepth(writtenDepth);
      if (depth) [depthFromCm, depthToCm] = depth;
      else problems.push(writtenDepth ? `The depth “${writtenDepth}” is not a depth in centimetres such as 0-10` : 'The depth is blank');
    } else {
      for (const [field, label] of [
        ['depthFromCm', 'The depth from'],
        ['depthToCm', 'The depth to'],
      ] as const) {
        const value = readNumber(cell(mapping[field]));
        if (typeof value === 'number') {
          if (field === 'depthFromCm') depthFromCm = value;
          else depthToCm = value;
        } else problems.push(value === null ? `${label} is blank` : `${label} “${cell(mapping[field])}” is not a number of centimetres`);
      }
    }

    const measures = {} as Record<(typeof SOIL_MEASURES)[number], number | null>;
    for (const measure of SOIL_MEASURES) {
      const written = cell(mapping[measure]);
      const value = readNumber(written);
      if (value === undefined) problems.push(`${measureLabel(measure)} “${written}” is not a number`);
      measures[measure] = value ?? null;
    }

    const writtenTexture = cell(mapping.texture);
    const texture = writtenTexture ? textureOf(writtenTexture) : null;
    if (texture === undefined) problems.push(`The texture “${writtenTexture}” is not one of sand, loamy sand, sandy loam, loam, sandy clay loam, clay loam or clay`);

    const lab = typeof mapping.lab === 'number' ? cell(mapping.lab) || (context.defaultLab ?? '') : (context.defaultLab ?? '');

    if (problems.length === 0) {
      // The cells read; now the rules every sample obeys (ranges, depth order, at least one result), with the form's own messages.
      const parsed = soilSampleValuesSchema.safeParse({ lab, sampleDate, depthFromCm, depthToCm, ...measures, texture });
      if (parsed.success) samples.push({ ...parsed.data, row, paddockName: paddockName! });
      else for (const issue of parsed.error.issues) problems.push(issue.message);
    }
    for (const problem of problems) errors.push({ row, message: `Row ${row}: ${problem}` });
  });
  return { samples, errors };
}
