/**
 * Limits on files members upload (claim photos) and recognising a photo by its first bytes, so a
 * file's declared type is never trusted on its own.
 */
import { formatNumber } from '../../format';

export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/heic', 'image/webp'] as const;
export type PhotoType = (typeof PHOTO_TYPES)[number];
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
export const MAX_PHOTOS_PER_CLAIM = 12;
export const MAX_PHOTOS_PER_UPLOAD = 6;
/**
 * The most pixels a photo may have (docs/security.md): a 48-megapixel phone photo
 * (8064 × 6048) fits, and decoding one stays near 150 MB. A small file can declare far more (a
 * 32 KB PNG decodes to 16,383 × 16,383 pixels, 268 megapixels), so the bytes limit alone is no limit.
 */
export const MAX_PHOTO_PIXELS = 50_000_000;
/** The longest side a photo may have: a phone's panorama fits; a strip of one pixel by millions does not. */
export const MAX_PHOTO_SIDE = 20_000;
export const PHOTO_ACCEPT = '.jpg,.jpeg,.png,.heic,.heif,.webp,image/jpeg,image/png,image/heic,image/webp';

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

/** The photo type the bytes are, or null for anything else (whatever the file claims to be). */
export function detectPhotoType(bytes: Uint8Array): PhotoType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 8 && ascii(bytes, 1, 4) === 'PNG' && bytes[0] === 0x89 && bytes[4] === 0x0d && bytes[5] === 0x0a) return 'image/png';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'image/webp';
  if (bytes.length >= 12 && ascii(bytes, 4, 8) === 'ftyp' && ['heic', 'heix', 'heim', 'heis', 'mif1', 'msf1', 'hevc'].includes(ascii(bytes, 8, 12))) return 'image/heic';
  return null;
}

export const PHOTO_EXTENSIONS: Record<PhotoType, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/heic': 'heic', 'image/webp': 'webp' };

/** Whether a photo of these dimensions is within the pixel limits (refused at upload, never decoded otherwise). */
export function withinPhotoPixelLimits(width: number, height: number): boolean {
  return width * height <= MAX_PHOTO_PIXELS && Math.max(width, height) <= MAX_PHOTO_SIDE;
}

/** The refusal of a photo over the pixel limits, naming the file and its size and saying what to do. */
export function photoTooManyPixelsMessage(fileName: string, width: number, height: number): string {
  const megapixels = formatNumber(Math.round((width * height) / 1_000_000));
  return (
    `“${fileName}” is ${formatNumber(width)} × ${formatNumber(height)} pixels (${megapixels} megapixels); a photo can be up to ${formatNumber(MAX_PHOTO_PIXELS / 1_000_000)} megapixels ` +
    `and ${formatNumber(MAX_PHOTO_SIDE)} pixels on its longest side. Send a smaller copy of it: most phones make one when you share the photo at a smaller size.`
  );
}

/** The refusal of a file that starts like a JPEG, PNG or WebP but cannot be read as a picture. */
export function photoUnreadableMessage(fileName: string): string {
  return `“${fileName}” could not be read as a picture; it may be damaged. Check that it opens on your device, then send it again or send another copy.`;
}
