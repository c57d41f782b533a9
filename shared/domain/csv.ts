/**
 * The one CSV writer (every export goes through it): RFC 4180 with CRLF and a UTF-8 byte-order mark
 * so Excel reads accents. A field is quoted when it holds a comma, quote, line break, tab or
 * semicolon (the separator of spreadsheets set to European locales), quotes doubled. A text cell
 * starting with =, +, -, @, tab or carriage return gets a leading apostrophe (OWASP, CSV
 * injection), so a paddock named '=HYPERLINK(…)' is shown as text, never run as a formula.
 */

export type CsvCell = string | number | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",;\t\r\n]/;

export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value;
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows as CSV lines, each ending in CRLF: a file's rows, or the next part of a file written a page at a time. */
export function csvLines(rows: ReadonlyArray<readonly CsvCell[]>): string {
  return rows.map((row) => `${row.map(csvCell).join(',')}\r\n`).join('');
}

/** The start of a CSV file: the byte-order mark and the header line. */
export function csvStart(header: readonly string[]): string {
  return `\uFEFF${csvLines([header])}`;
}

export function toCsv(header: readonly string[], rows: ReadonlyArray<readonly CsvCell[]>): string {
  return csvStart(header) + csvLines(rows);
}
