/**
 * The one way any text reaches a PDF page (the document writer calls it for every string it
 * draws). pdf-lib draws text as text, so a paddock named '<b>Top</b>' prints those characters.
 * What is left to handle: a line break would start a line where the layout does not expect one,
 * and a character the embedded font has no glyph for (an emoji, say) would print as an empty box.
 */

/** Line breaks and other control characters become spaces; characters the font cannot show become '?'. */
export function pdfText(text: string, hasGlyph: (codePoint: number) => boolean): string {
  return Array.from(text.replace(/[\r\n\t\f\v\u2028\u2029]+/g, ' '))
    .map((char) => {
      const code = char.codePointAt(0) ?? 63;
      if (code < 0x20 || (code >= 0x7f && code < 0xa0)) return ' ';
      return hasGlyph(code) ? char : '?';
    })
    .join('');
}
