/**
 * CSV as RFC 4180 (CRLF, fields quoted when they hold a comma, quote or line break) with a UTF-8
 * byte-order mark so Excel reads accents. A text cell starting with =, +, - or @ is prefixed with
 * an apostrophe, so a paddock named '=HYPERLINK(…)' cannot run as a formula in a spreadsheet.
 */

export type CsvCell = string | number | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value;
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: ReadonlyArray<readonly CsvCell[]>): string {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
