/**
 * The one way the server opens an image with sharp (docs/security.md). Every image is
 * opened with a pixel limit, so no file, however small, makes libvips decode more than
 * MAX_PHOTO_PIXELS: sharp's own default (16,383 × 16,383, 268 megapixels) is exactly the size of
 * the pixel bomb it is meant to stop. Lint refuses `sharp` anywhere else in the server
 * (eslint.config.js). Images are decoded only in background jobs (the photo copies,
 * modules/files/image-variants.ts); a request reads at most an image's header.
 */
import type createSharp from 'sharp';
import type { Metadata, Sharp } from 'sharp';
import { MAX_PHOTO_PIXELS } from '@shared/domain/claims/uploads';

// Loaded with the first image: the library is large and a start needs none of it.
let loading: Promise<typeof createSharp> | undefined;
const loadSharp = () => (loading ??= import('sharp').then((module) => module.default));

/** An image to decode, refused by sharp (an error, before any pixel is decoded) when it has more than MAX_PHOTO_PIXELS. */
export async function openImage(bytes: Uint8Array): Promise<Sharp> {
  const sharp = await loadSharp();
  return sharp(bytes, { limitInputPixels: MAX_PHOTO_PIXELS, failOn: 'error' });
}

/** An image's pixels once decoded (sharp's raw output, 8 bits a channel), to make several copies from one decoding. */
export interface DecodedImage {
  pixels: Buffer;
  width: number;
  height: number;
  channels: 1 | 2 | 3 | 4;
}

/** Decoded pixels as an image again: what is made from it decodes no file, so no pixel limit is needed. */
export async function openDecoded({ pixels, width, height, channels }: DecodedImage): Promise<Sharp> {
  const sharp = await loadSharp();
  return sharp(pixels, { raw: { width, height, channels } });
}

export interface ImageSize {
  /** sharp's name of the format: 'jpeg', 'png', 'webp', 'heif', … */
  format: string;
  width: number;
  height: number;
  /** The width once turned upright from the camera's orientation (EXIF 5 to 8 swap the sides). */
  uprightWidth: number;
}

const isPixelLimitError = (error: unknown) => error instanceof Error && /pixel limit/i.test(error.message);

/**
 * An image's format and size from its header, without decoding a pixel; undefined when the bytes are
 * not an image sharp can read. An image over the pixel limit is read twice: sharp refuses its header
 * under the limit, and the second read (still header only) learns the size the refusal names.
 */
export async function readImageSize(bytes: Uint8Array): Promise<ImageSize | undefined> {
  const sharp = await loadSharp();
  const sizeOf = (metadata: Metadata): ImageSize | undefined =>
    metadata.width && metadata.height ? { format: metadata.format, width: metadata.width, height: metadata.height, uprightWidth: metadata.autoOrient.width } : undefined;
  try {
    return sizeOf(await sharp(bytes, { limitInputPixels: MAX_PHOTO_PIXELS }).metadata());
  } catch (error) {
    if (!isPixelLimitError(error)) return undefined;
  }
  try {
    // metadata() reads the header only: no limit is needed to learn the size, and nothing is decoded.
    return sizeOf(await sharp(bytes, { limitInputPixels: false }).metadata());
  } catch {
    return undefined;
  }
}
