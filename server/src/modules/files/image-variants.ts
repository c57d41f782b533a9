/**
 * A photo at a smaller width (SPEC §9: 640 to 3840 pixels, quality 75 unless asked), made once with
 * sharp and kept in the blob store beside the original, so that every instance serves the same bytes
 * and none makes them twice from a shared store. Copies are WebP, turned upright from the camera's
 * orientation, and carry none of the original's metadata (its EXIF place and time stay with the
 * original, shown to those who may see the claim).
 */
import { IMAGE_QUALITY } from '@shared/constants';
import { FILE_MESSAGES, type FileQuery } from '@shared/contracts/files';
import { badRequest } from '../../lib/app-error';
import type { BlobStore } from '../../lib/blob-store';
import type { Logger } from '../../lib/logger';

interface ServedFile {
  bytes: Uint8Array;
  contentType: string;
  /** The file as it was uploaded: asked for so, or sent because no smaller copy could be made of it. */
  asStored: boolean;
}

/** The blob key of a copy: the original's key with its width and quality, under variants/. */
function variantKey(storageKey: string, width: number | undefined, quality: number): string {
  const stem = storageKey.replace(/\.[a-z0-9]+$/, '');
  return `variants/${stem}-w${width ?? 'full'}-q${quality}.webp`;
}

/** What sharp's prebuilt libvips decodes of the photos members send: not HEIC (it has no HEVC decoder). */
const COPYABLE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);

/**
 * The bytes to answer GET /api/files/:id with, or undefined when the file is gone from storage:
 * the file as stored, or with ?w= or ?q= a photo's smaller copy. A smaller copy of a file that is
 * not an image is refused; a photo no copy can be made of (HEIC, or a damaged file) is sent as
 * stored, for the browsers that can show it: HEIC without trying, as a claim's thumbnails ask for it
 * on every view.
 */
export async function fileToServe(blobs: BlobStore, file: { storageKey: string; contentType: string }, query: FileQuery, logger: Logger): Promise<ServedFile | undefined> {
  const stored = (bytes: Uint8Array): ServedFile => ({ bytes, contentType: file.contentType, asStored: true });
  const asked = query.w !== undefined || query.q !== undefined;
  if (asked && !file.contentType.startsWith('image/')) throw badRequest(FILE_MESSAGES.notAnImage, 'not_an_image');
  if (!asked || !COPYABLE_TYPES.has(file.contentType)) return blobs.get(file.storageKey).then((bytes) => bytes && stored(bytes));
  const quality = query.q ?? IMAGE_QUALITY;
  const key = variantKey(file.storageKey, query.w, quality);
  const kept = await blobs.get(key);
  if (kept) return { bytes: kept, contentType: 'image/webp', asStored: false };
  const original = await blobs.get(file.storageKey);
  if (!original) return undefined;
  // Loaded with the first copy asked for: a start needs none of the library.
  const { default: sharp } = await import('sharp');
  let bytes: Uint8Array;
  try {
    bytes = await sharp(original, { failOn: 'error' })
      .rotate()
      .resize(query.w === undefined ? undefined : { width: query.w, withoutEnlargement: true })
      .webp({ quality })
      .toBuffer();
  } catch (error) {
    logger.warn({ storageKey: file.storageKey, contentType: file.contentType, err: error }, 'No smaller copy of a photo could be made; sending it as stored');
    return stored(original);
  }
  await blobs.put(key, bytes, 'image/webp');
  return { bytes, contentType: 'image/webp', asStored: false };
}
