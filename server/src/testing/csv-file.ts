/** The lines of a CSV file as the server sent it: no byte-order mark, no line break at the end. */
export const linesOfCsv = (text: string): string[] =>
  text
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
