/**
 * The one way member text reaches a PDF page. pdf-lib draws text as text (a hex string shown with
 * Tj, never parsed as markup or PDF syntax), so a paddock named '<b>Top</b>' prints those
 * characters. What is left to handle is the standard fonts' Windows-1252 (WinAnsi) repertoire:
 * a character outside it would make drawText throw, and a line break would start a line where the
 * layout does not expect one.
 */

const WIN_ANSI_EXTRAS = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/** Line breaks and tabs become spaces; characters the standard fonts cannot show become '?'. */
export function pdfText(text: string): string {
  return Array.from(text.replace(/[\r\n\t\f\v\u2028\u2029]+/g, ' '))
    .map((char) => {
      const code = char.codePointAt(0) ?? 63;
      return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRAS.has(char) ? char : '?';
    })
    .join('');
}
