import { describe, expect, it } from 'vitest';
import { FILE_MESSAGES, fileQuerySchema, imageSrcSet, imageVariantPath } from './files';

describe('a stored file’s sizes', () => {
  it('offers a photo at docs/behaviour.md §9’s widths, 640 to 3840, at quality 75', () => {
    expect(imageVariantPath('/api/files/f1', 640)).toBe('/api/files/f1?w=640&q=75');
    expect(imageSrcSet('/api/files/f1')).toBe([640, 750, 828, 1080, 1200, 1920, 2048, 3840].map((width) => `/api/files/f1?w=${width}&q=75 ${width}w`).join(', '));
  });

  it('takes a width and a quality from the address, or neither', () => {
    expect(fileQuerySchema.parse({})).toEqual({});
    expect(fileQuerySchema.parse({ w: '1080', q: '60' })).toEqual({ w: 1080, q: 60 });
  });

  it('refuses a width it does not make, and a quality outside 1 to 100, in words a person can act on', () => {
    expect(FILE_MESSAGES.width).toBe('Choose a width of 640, 750, 828, 1080, 1200, 1920, 2048 or 3840 pixels.');
    for (const w of ['641', '5000', 'wide']) expect(fileQuerySchema.safeParse({ w }).error?.issues[0]?.message, w).toBe(FILE_MESSAGES.width);
    for (const q of ['0', '101', '7.5', 'best']) expect(fileQuerySchema.safeParse({ q }).error?.issues[0]?.message, q).toBe(FILE_MESSAGES.quality);
  });
});
