import { rgb as pdfLibRgb } from 'pdf-lib';
import { expect, it } from 'vitest';
import { rgb } from './document-writer';

// The writer builds its colours without loading pdf-lib at start-up; they must be what pdf-lib's own rgb() makes.
it("makes colours exactly as pdf-lib's rgb() does", () => {
  expect(rgb(0.12, 0.3, 0.17)).toEqual(pdfLibRgb(0.12, 0.3, 0.17));
});
