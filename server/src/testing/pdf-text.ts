import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * The text a PDF reader extracts from a document (Mozilla's pdf.js, the reader in Firefox): what a
 * member gets when copying from or searching the PDF. Each drawn run of text is one item; items
 * are joined with spaces and pages with line breaks.
 */
export async function extractPdfText(pdf: Uint8Array): Promise<string> {
  const document = await getDocument({ data: new Uint8Array(pdf), disableFontFace: true, useSystemFonts: false, isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const content = await (await document.getPage(number)).getTextContent();
    pages.push(
      content.items
        .map((item) => ('str' in item ? item.str : ''))
        .filter(Boolean)
        .join(' '),
    );
  }
  await document.destroy();
  return pages.join('\n');
}
