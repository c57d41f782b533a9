import { describe, expect, it } from 'vitest';
import { isPdf, isPermutationOf, moveInOrder, safePdfFileName } from './corporate-documents';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('isPdf', () => {
  it('recognises a PDF by its first bytes, whatever it is called', () => {
    expect(isPdf(bytes('%PDF-1.7\n%âãÏÓ\n1 0 obj'))).toBe(true);
    expect(isPdf(bytes('\n\n%PDF-1.4'))).toBe(true);
  });

  it('refuses other files', () => {
    expect(isPdf(bytes('<html><body>%PDF-</body>'.padStart(2000, ' ').slice(0, 1500)))).toBe(false);
    expect(isPdf(bytes('PK\u0003\u0004 a word file'))).toBe(false);
    expect(isPdf(new Uint8Array())).toBe(false);
  });
});

describe('safePdfFileName', () => {
  it('keeps letters, digits, dots and dashes and always ends in .pdf', () => {
    expect(safePdfFileName('Annual Report 2025 (final).PDF')).toBe('Annual-Report-2025-final.pdf');
    expect(safePdfFileName('../../etc/passwd')).toBe('etc-passwd.pdf');
    expect(safePdfFileName('“”.pdf')).toBe('document.pdf');
    expect(safePdfFileName(`${'x'.repeat(300)}.pdf`)).toHaveLength(120);
  });
});

describe('document order', () => {
  it('moves one document up or down, staying within the list', () => {
    expect(moveInOrder(['a', 'b', 'c'], 'c', -1)).toEqual(['a', 'c', 'b']);
    expect(moveInOrder(['a', 'b', 'c'], 'a', 1)).toEqual(['b', 'a', 'c']);
    expect(moveInOrder(['a', 'b', 'c'], 'a', -1)).toEqual(['a', 'b', 'c']);
    expect(moveInOrder(['a', 'b', 'c'], 'c', 5)).toEqual(['a', 'b', 'c']);
    expect(moveInOrder(['a', 'b'], 'x', 1)).toEqual(['a', 'b']);
  });

  it('accepts a new order only when it lists every current document once', () => {
    expect(isPermutationOf(['b', 'a'], ['a', 'b'])).toBe(true);
    expect(isPermutationOf(['a', 'a'], ['a', 'b'])).toBe(false);
    expect(isPermutationOf(['a'], ['a', 'b'])).toBe(false);
    expect(isPermutationOf(['a', 'c'], ['a', 'b'])).toBe(false);
  });
});
