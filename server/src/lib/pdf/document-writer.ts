/**
 * The one way the server writes a PDF (quotes, tax invoices, receipts, protection summaries, the
 * seeded corporate documents). It owns the A4 page, the header and footer on every page, text that
 * wraps, tables whose cells wrap, page breaks, and an embedded Unicode font (DejaVu Sans, subset
 * to the characters used), so a member named 'Ngāti' or 'Zoë' prints as typed.
 *
 * Text that came from a person is only ever drawn as text (pdf-lib writes it as glyph codes shown
 * with Tj, never parsed as markup or PDF syntax); see pdfText for line breaks and missing glyphs.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type Fontkit from '@pdf-lib/fontkit';
import type { ColorTypes, PDFDocument, PDFFont, PDFPage, RGB } from 'pdf-lib';
import { pdfText } from './pdf-text';

const A4 = { width: 595.28, height: 841.89 } as const;
const MARGIN = 50;
const HEADER_HEIGHT = 40;
const FOOTER_HEIGHT = 28;
const COLUMN_GUTTER = 8;

/**
 * A colour as pdf-lib's rgb() makes it. pdf-lib and fontkit are a fifth of a second to load, so they
 * are imported when the first document is written, not when the server starts.
 */
export function rgb(red: number, green: number, blue: number): RGB {
  return { type: 'RGB' as ColorTypes.RGB, red, green, blue };
}

export const COLOURS = {
  brand: rgb(0.12, 0.3, 0.17),
  muted: rgb(0.29, 0.33, 0.31),
  ink: rgb(0.1, 0.14, 0.13),
  rule: rgb(0.8, 0.8, 0.76),
} as const;

const require = createRequire(import.meta.url);
let fontFiles: Promise<{ regular: Uint8Array; bold: Uint8Array }> | undefined;

/** The font files, read once per process. */
function loadFontFiles() {
  fontFiles ??= Promise.all([readFile(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')), readFile(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'))]).then(([regular, bold]) => ({
    regular,
    bold,
  }));
  return fontFiles;
}

/**
 * fontkit, parsing each font file once per process instead of once per document (parsing is most
 * of the time a PDF takes). pdf-lib only reads the parsed font and makes a new subset from it for
 * each document, so sharing it is safe.
 */
const parsedFonts = new WeakMap<Uint8Array, ReturnType<typeof Fontkit.create>>();
const cachingFontkit = (fontkit: typeof Fontkit): typeof Fontkit => ({
  create(buffer: Uint8Array, postscriptName?: string) {
    if (postscriptName !== undefined) return fontkit.create(buffer, postscriptName);
    let font = parsedFonts.get(buffer);
    if (!font) {
      font = fontkit.create(buffer);
      parsedFonts.set(buffer, font);
    }
    return font;
  },
});

let pdfLibraries: Promise<{ PDFDocument: typeof PDFDocument; fontkit: typeof Fontkit }> | undefined;
const loadPdfLibraries = () =>
  (pdfLibraries ??= Promise.all([import('pdf-lib'), import('@pdf-lib/fontkit')]).then(([pdfLib, fontkit]) => ({ PDFDocument: pdfLib.PDFDocument, fontkit: cachingFontkit(fontkit.default) })));

interface DocumentSetup {
  /** The document's title in its properties. */
  title: string;
  author: string;
  /** Fixed for documents that must come out byte-identical (the seeded corporate documents). */
  createdAt?: Date;
  /** The organisation's name, at the top of every page. */
  header: string;
  /** A line under the header on every page (e.g. the ABN). */
  headerDetail?: string;
  /** The line at the foot of every page, before the page number (e.g. 'Crop risk protection is not insurance.'). */
  footer: string;
}

interface TextStyle {
  size?: number;
  bold?: boolean;
  color?: RGB;
  indent?: number;
}

interface Column {
  /** Width in points; a left-aligned cell wraps within it. */
  width: number;
  align?: 'left' | 'right';
}

interface TableOptions {
  /** Drawn in bold above the rows and again at the top of each page the table continues on. */
  header?: string[];
  size?: number;
  bold?: boolean;
}

export class DocumentWriter {
  private page!: PDFPage;
  private y = 0;
  private readonly charset: Set<number>;

  private constructor(
    private readonly doc: PDFDocument,
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
    private readonly setup: DocumentSetup,
  ) {
    this.charset = new Set(regular.getCharacterSet());
    this.newPage();
  }

  static async create(setup: DocumentSetup): Promise<DocumentWriter> {
    const { PDFDocument, fontkit } = await loadPdfLibraries();
    const doc = await PDFDocument.create();
    doc.registerFontkit(fontkit);
    const files = await loadFontFiles();
    const [regular, bold] = await Promise.all([doc.embedFont(files.regular, { subset: true }), doc.embedFont(files.bold, { subset: true })]);
    doc.setTitle(pdfText(setup.title, () => true));
    doc.setAuthor(setup.author);
    doc.setCreator(setup.author);
    doc.setProducer(setup.author);
    if (setup.createdAt) {
      doc.setCreationDate(setup.createdAt);
      doc.setModificationDate(setup.createdAt);
    }
    return new DocumentWriter(doc, regular, bold, setup);
  }

  /** The width between the margins. */
  get width(): number {
    return A4.width - 2 * MARGIN;
  }

  /** The x of the left margin; tables and drawings measure from it. */
  get left(): number {
    return MARGIN;
  }

  /** Text the fonts can draw: line breaks as spaces, characters without a glyph as '?'. */
  private clean(value: string): string {
    return pdfText(value, (codePoint) => this.charset.has(codePoint));
  }

  private font(bold?: boolean): PDFFont {
    return bold ? this.bold : this.regular;
  }

  private newPage() {
    this.page = this.doc.addPage([A4.width, A4.height]);
    const top = A4.height - MARGIN;
    this.page.drawText(this.clean(this.setup.header), { x: MARGIN, y: top - 14, size: 14, font: this.bold, color: COLOURS.brand });
    if (this.setup.headerDetail) this.page.drawText(this.clean(this.setup.headerDetail), { x: MARGIN, y: top - 28, size: 8.5, font: this.regular, color: COLOURS.muted });
    this.y = top - HEADER_HEIGHT;
  }

  /** Starts a new page unless `height` points fit above the footer. */
  keepTogether(height: number) {
    if (this.y - height < MARGIN + FOOTER_HEIGHT) this.newPage();
  }

  gap(height = 8) {
    this.y -= height;
  }

  rule() {
    this.keepTogether(8);
    this.page.drawLine({ start: { x: MARGIN, y: this.y - 2 }, end: { x: A4.width - MARGIN, y: this.y - 2 }, thickness: 0.75, color: COLOURS.rule });
    this.y -= 8;
  }

  /** Words laid out in lines no wider than maxWidth; a word longer than a line is cut. */
  private wrap(value: string, size: number, maxWidth: number, bold?: boolean): string[] {
    const font = this.font(bold);
    const fits = (text: string) => font.widthOfTextAtSize(text, size) <= maxWidth;
    const lines: string[] = [];
    let line = '';
    for (let word of this.clean(value).split(' ')) {
      while (!fits(word)) {
        let cut = word.length - 1;
        while (cut > 1 && !fits(word.slice(0, cut))) cut -= 1;
        if (line) lines.push(line);
        lines.push(word.slice(0, cut));
        line = '';
        word = word.slice(cut);
      }
      const candidate = line ? `${line} ${word}` : word;
      if (line && !fits(candidate)) {
        lines.push(line);
        line = word;
      } else line = candidate;
    }
    lines.push(line);
    return lines;
  }

  /** A paragraph, wrapped to the page width (less the indent); it may continue on the next page. */
  text(value: string, style: TextStyle = {}) {
    const size = style.size ?? 10;
    const indent = style.indent ?? 0;
    for (const line of this.wrap(value, size, this.width - indent, style.bold)) {
      this.keepTogether(size + 4);
      this.page.drawText(line, { x: MARGIN + indent, y: this.y - size, size, font: this.font(style.bold), color: style.color ?? COLOURS.ink });
      this.y -= size + 4;
    }
  }

  /** A heading, kept on the same page as the `followedBy` points of content after it. */
  heading(value: string, { size = 13, followedBy = 40 }: { size?: number; followedBy?: number } = {}) {
    this.keepTogether(size + 8 + followedBy);
    this.gap(2);
    this.text(value, { size, bold: true, color: COLOURS.brand });
    this.gap(2);
  }

  /**
   * Rows of cells under the columns, left to right from the margin. Left-aligned cells wrap within
   * their column; right-aligned ones (figures) end at their column's right edge. A row is never
   * split across pages, and the header repeats on a new page.
   */
  table(columns: Column[], rows: string[][], options: TableOptions = {}) {
    const size = options.size ?? 9.5;
    const lineHeight = size + 3;
    // A column keeps a gutter on its right, except the last, whose figures end at the margin.
    const textWidth = (index: number) => columns[index]!.width - (index === columns.length - 1 ? 0 : COLUMN_GUTTER);
    const drawRow = (cells: string[], bold: boolean | undefined) => {
      const wrapped = columns.map((_, index) => this.wrap(cells[index] ?? '', size, textWidth(index), bold));
      const height = Math.max(...wrapped.map((lines) => lines.length)) * lineHeight + 3;
      if (this.y - height < MARGIN + FOOTER_HEIGHT) {
        this.newPage();
        if (options.header && cells !== options.header) drawRow(options.header, true);
      }
      let x = MARGIN;
      columns.forEach((column, index) => {
        wrapped[index]!.forEach((line, lineIndex) => {
          const font = this.font(bold);
          const lineX = column.align === 'right' ? x + textWidth(index) - font.widthOfTextAtSize(line, size) : x;
          this.page.drawText(line, { x: lineX, y: this.y - size - lineIndex * lineHeight, size, font, color: COLOURS.ink });
        });
        x += column.width;
      });
      this.y -= height;
    };
    if (options.header) {
      this.keepTogether(2 * lineHeight + 12);
      drawRow(options.header, true);
      this.rule();
    }
    for (const row of rows) drawRow(row, options.bold);
  }

  /**
   * Reserves `height` points across the page for a drawing and hands over the page with the box's
   * top-left corner (pdf-lib measures y from the bottom of the page).
   */
  drawing(height: number, draw: (page: PDFPage, box: { x: number; top: number; width: number; height: number }, label: (text: string, x: number, y: number, size: number) => void) => void) {
    this.keepTogether(height);
    const top = this.y;
    draw(this.page, { x: MARGIN, top, width: this.width, height }, (text, x, y, size) => this.page.drawText(this.clean(text), { x, y, size, font: this.regular, color: COLOURS.ink }));
    this.y = top - height;
  }

  /** The footer and page numbers go on once the page count is known. */
  async save(): Promise<Uint8Array> {
    const pages = this.doc.getPages();
    pages.forEach((page, index) => {
      const number = `Page ${index + 1} of ${pages.length}`;
      const size = 7.5;
      const numberWidth = this.regular.widthOfTextAtSize(number, size);
      const footer = this.wrap(this.setup.footer, size, this.width - numberWidth - 12)[0] ?? '';
      page.drawLine({ start: { x: MARGIN, y: MARGIN + 12 }, end: { x: A4.width - MARGIN, y: MARGIN + 12 }, thickness: 0.5, color: COLOURS.rule });
      page.drawText(footer, { x: MARGIN, y: MARGIN, size, font: this.regular, color: COLOURS.muted });
      page.drawText(number, { x: A4.width - MARGIN - numberWidth, y: MARGIN, size, font: this.regular, color: COLOURS.muted });
    });
    return this.doc.save();
  }
}
