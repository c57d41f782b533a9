/**
 * A lab's CSV as uploaded: refused with a sentence when it is not a CSV at all (a workbook, a PDF,
 * anything binary, one column, broken quoting), else its headings and rows as text. Excel on
 * Windows saves CSV in Windows-1252 unless told otherwise, so text that is not UTF-8 is read as that.
 */
import Papa from 'papaparse';
import { labTable, SOIL_CSV_MAX_ROWS } from '@shared/domain/soil/csv-mapping';
import { badRequest } from '../../lib/app-error';

export interface LabCsv {
  headers: string[];
  rows: string[][];
  /** The spreadsheet row of the first of `rows` (labTable). */
  firstRow: number;
}

const notCsv = (reason: string) => badRequest(`This file is not a CSV ${reason}`, 'not_csv');

const startsWith = (bytes: Buffer, signature: number[]) => signature.every((byte, index) => bytes[index] === byte);

function decode(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

export function readLabCsv(bytes: Buffer | undefined): LabCsv {
  if (!bytes || bytes.length === 0) throw badRequest('Choose the lab’s CSV file to upload; the file was empty or missing.', 'no_file');
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0]))
    throw notCsv('but an Excel workbook. Open it in Excel, choose Save As › CSV (Comma delimited), and upload that file.');
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46])) throw notCsv('but a PDF report. Ask the lab for the results as a CSV file, or enter them with the form.');
  if (bytes.includes(0)) throw notCsv('(it holds binary data). Export the lab’s results as CSV and upload that file.');

  const parsed = Papa.parse<string[]>(decode(bytes), { skipEmptyLines: 'greedy', delimitersToGuess: [',', ';', '\t'] });
  const quoting = parsed.errors.find((error) => error.type === 'Quotes');
  if (quoting) throw notCsv(`we can read: ${quoting.message.toLowerCase()} near row ${(quoting.row ?? 0) + 1}. Save it again from the spreadsheet as CSV.`);
  const [firstLine, ...lines] = parsed.data;
  if (!firstLine || firstLine.length < 2) throw notCsv('we can read: its first line is not a row of column headings separated by commas. Check it is the lab’s CSV export.');
  const { headers, rows, firstRow } = labTable(
    firstLine.map((heading) => heading.trim()),
    lines,
  );
  if (rows.length === 0) throw badRequest('The file has headings but no rows of results under them.', 'no_rows');
  if (rows.length > SOIL_CSV_MAX_ROWS) throw badRequest(`The file has ${rows.length} rows; import at most ${SOIL_CSV_MAX_ROWS} at a time (split it into smaller files).`, 'too_many_rows');
  return { headers, rows, firstRow };
}
