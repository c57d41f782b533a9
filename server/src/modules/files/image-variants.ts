/**
 * A photo's smaller copies (docs/behaviour.md §9: 640 to 3840 pixels wide, quality 75), made once per photo by a
 * background job and kept in the blob store beside the original, so every instance serves the same
 * bytes (docs/security.md). The widths the photo grids use are made as soon as the photo is kept;
 * the wider ones, which only a large screen asks for, when first asked for. A request never decodes
 * an image: GET /api/files/:id?w= answers the nearest copy made, or the photo as stored until the
 * job has run (either not to be kept by the browser while a closer copy is still to come). Copies are WebP, turned upright from the camera's orientation, and carry none of the
 * original's metadata (its EXIF place and time stay with the original, shown to those who may see
 * the claim).
 */
import { IMAGE_QUALITY, IMAGE_WIDTHS } from '@shared/constants';
import { FILE_MESSAGES, type FileQuery } from '@shared/contracts/files';
import { withinPhotoPixelLimits } from '@shared/domain/claims/uploads';
import type { AppContext } from '../../context';
import type { JobHandler } from '../../lib/job-queue';
import { badRequest } from '../../lib/app-error';
import type { BlobStore } from '../../lib/blob-store';
import { type DecodedImage, openDecoded, openImage, readImageSize } from '../../lib/images';

/** The queue of the photo copies' job (docs/background-jobs.md): one job per photo, keyed by its file id. */
export const IMAGE_COPIES_QUEUE = 'files.image-copies';
export const IMAGE_COPIES_RETRY = { retryLimit: 3, retryDelaySeconds: 60 };

/** What sharp's prebuilt libvips decodes of the photos members send: not HEIC (it has no HEVC decoder). */
const COPYABLE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);

/**
 * libwebp's fastest method: a 12-megapixel photo's eight copies took 5.8 s of CPU at 0 and 11.9 s at
 * the default 4 (a 4,000 × 3,000 camera-sized test photo), its files no larger; a storm brings hundreds an hour.
 */
const WEBP_EFFORT = 0;

/**
 * The widest copy made as soon as a photo is kept: the photo grids ask for 12rem beside the text or
 * 45vw on a phone, at most 1,080 pixels at three device pixels a CSS pixel. On the storm-day bench a
 * photo's eight widths took 5.8 s of CPU; three hundred claims of three photos leave under a second.
 */
const AT_ONCE_UP_TO_WIDTH = 1200;

/** The longest sharp may work on one photo's decoding or one copy: past it the photo is served as stored. */
const COPY_SECONDS = 120;

const stemOf = (storageKey: string) => `variants/${storageKey.replace(/\.[a-z0-9]+$/, '')}`;

/** The blob key of a copy: the original's key with its width and quality, under variants/. */
function variantKey(storageKey: string, width: number): string {
  return `${stemOf(storageKey)}-w${width}-q${IMAGE_QUALITY}.webp`;
}

/** The blob key of the list of widths the job made: written when the job has run, so its absence means it has not. */
function copiesKey(storageKey: string): string {
  return `${stemOf(storageKey)}-copies.json`;
}

/** What the job has made of a photo: its widths, and whether wider ones can still be made (a list of before they could not says nothing: all were made). */
interface MadeCopies {
  widths: number[];
  wider: boolean;
}

/** The copies made of a photo, or undefined when its job has not run yet. */
async function madeCopies(blobs: BlobStore, storageKey: string): Promise<MadeCopies | undefined> {
  const listed = await blobs.get(copiesKey(storageKey));
  if (!listed) return undefined;
  try {
    const { widths, wider } = JSON.parse(Buffer.from(listed).toString('utf8')) as { widths?: unknown; wider?: unknown };
    return { widths: Array.isArray(widths) ? widths.filter((width): width is number => (IMAGE_WIDTHS as readonly unknown[]).includes(width)) : [], wider: wider === true };
  } catch {
    return { widths: [], wider: false };
  }
}

/** The copy that answers a request for `asked` pixels: the smallest made at least as wide, else the widest made (the widest when none is asked). */
export function nearestCopyWidth(made: readonly number[], asked: number | undefined): number | undefined {
  const widths = [...made].sort((a, b) => a - b);
  return (asked === undefined ? undefined : widths.find((width) => width >= asked)) ?? widths.at(-1);
}

type JobsContext = Pick<AppContext, 'jobs' | 'logger'>;

/**
 * Queues the copies of the photos just kept, after the command that kept them: one job per photo,
 * once (the file id is the singleton key), and with `wider` the one that makes its wider copies.
 * Never fails the request: a photo whose job could not be queued is queued again when a copy of it
 * is first asked for.
 */
export async function queueImageCopies({ jobs, logger }: JobsContext, files: readonly { id: string; contentType: string }[], { wider = false } = {}): Promise<void> {
  for (const file of files) {
    if (!COPYABLE_TYPES.has(file.contentType)) continue;
    try {
      await jobs.enqueue(IMAGE_COPIES_QUEUE, wider ? { fileId: file.id, wider } : { fileId: file.id }, { singletonKey: wider ? `${file.id}:wider` : file.id });
    } catch (error) {
      logger.error({ err: error, fileId: file.id }, 'could not queue the copies of a photo; they are queued when one is asked for');
    }
  }
}

interface ServedFile {
  bytes: Uint8Array;
  contentType: string;
  /** The file as it was uploaded: asked for so, or sent because there is no smaller copy of it. */
  asStored: boolean;
  /** Standing in for a copy not made yet (the photo as stored, or a narrower copy): the browser must not keep it as the copy. */
  interim: boolean;
}

/**
 * The bytes to answer GET /api/files/:id with, or undefined when the file is gone from storage: the
 * file as stored, or with ?w= or ?q= a photo's copy (always the quality-75 one). A smaller copy of a
 * file that is not an image is refused; a photo no copy is made of (HEIC, narrower than 640 pixels,
 * or damaged) is sent as stored, for the browsers that can show it. Nothing here decodes an image.
 */
export async function fileToServe(context: JobsContext & { blobs: BlobStore }, file: { id: string; storageKey: string; contentType: string }, query: FileQuery): Promise<ServedFile | undefined> {
  const { blobs, logger } = context;
  const stored = async (interim: boolean) => {
    const bytes = await blobs.get(file.storageKey);
    return bytes && { bytes, contentType: file.contentType, asStored: true, interim };
  };
  const asked = query.w !== undefined || query.q !== undefined;
  if (asked && !file.contentType.startsWith('image/')) throw badRequest(FILE_MESSAGES.notAnImage, 'not_an_image');
  if (!asked || !COPYABLE_TYPES.has(file.contentType)) return stored(false);
  const made = await madeCopies(blobs, file.storageKey);
  if (made === undefined) {
    // Not made yet (or a photo kept before the copies were a job): queued, once, and the photo meanwhile.
    await queueImageCopies(context, [file]);
    return stored(true);
  }
  const width = nearestCopyWidth(made.widths, query.w);
  // Wider than those made at once: queued, once, and the widest made meanwhile.
  const widerToCome = made.wider && (width === undefined || query.w === undefined || width < query.w);
  if (widerToCome) await queueImageCopies(context, [file], { wider: true });
  if (width === undefined) return stored(widerToCome);
  const copy = await blobs.get(variantKey(file.storageKey, width));
  if (copy) return { bytes: copy, contentType: 'image/webp', asStored: false, interim: widerToCome };
  logger.warn({ fileId: file.id, width }, 'a listed copy of a photo is missing from storage; sending the photo as stored');
  return stored(true);
}

export interface ImageCopiesResult {
  fileId: string;
  /** Widths made by this run. */
  made: number[];
  /** Widths the photo now has (made now or before). */
  widths: number[];
}

// One photo at a time in each server process: a photo can be 50 megapixels, and a few decoded at once would be gigabytes.
let running: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = running.then(work, work);
  running = run.catch(() => undefined);
  return run;
}

/**
 * The job: the fixed widths not wider than the upright photo, up to AT_ONCE_UP_TO_WIDTH or with
 * `wider` all of them, at quality 75, each made once (a copy already in the store is kept, so a
 * second run makes nothing), then the list of the widths in the store and whether wider ones are
 * still to make. A photo over the pixel limits (kept before they existed) or one sharp cannot decode
 * gets no copies and is served as stored; neither is tried again. A store that cannot be read or
 * written fails the try, which the queue retries.
 */
export async function makeImageCopies({ db, blobs, logger }: Pick<AppContext, 'db' | 'logger'> & { blobs: BlobStore }, fileId: string, { wider = false } = {}): Promise<ImageCopiesResult> {
  const result: ImageCopiesResult = { fileId, made: [], widths: [] };
  const file = await db.storedFile.findUnique({ where: { id: fileId }, select: { storageKey: true, contentType: true } });
  if (!file || !COPYABLE_TYPES.has(file.contentType)) return result;
  const original = await blobs.get(file.storageKey);
  if (!original) return result;
  return oneAtATime(async () => {
    const size = await readImageSize(original);
    const copyable = size !== undefined && withinPhotoPixelLimits(size.width, size.height);
    if (!copyable) logger.warn({ fileId, size }, 'no copies of a photo that is unreadable or over the pixel limits; it is sent as stored');
    const fitting = copyable ? IMAGE_WIDTHS.filter((each) => each <= size.uprightWidth) : [];
    const stored = new Set<number>();
    for (const width of fitting) if (await blobs.get(variantKey(file.storageKey, width))) stored.add(width);
    const missing = fitting.filter((width) => !stored.has(width));
    const toMake = wider ? missing : missing.filter((width) => width <= AT_ONCE_UP_TO_WIDTH);
    const widerToMake = toMake.length < missing.length;
    // Decoded once, when the first copy is to be made, at the widest width to make: each copy is made from those pixels.
    let upright: DecodedImage | undefined;
    for (const width of toMake) {
      let bytes: Uint8Array;
      try {
        upright ??= await decodeUpright(original, Math.max(...toMake));
        bytes = await (await openDecoded(upright)).resize({ width, withoutEnlargement: true }).webp({ quality: IMAGE_QUALITY, effort: WEBP_EFFORT }).timeout({ seconds: COPY_SECONDS }).toBuffer();
      } catch (error) {
        logger.warn({ fileId, width, err: error }, 'a copy of a photo could not be made; the widths made so far are served');
        break;
      }
      await blobs.put(variantKey(file.storageKey, width), bytes, 'image/webp');
      result.made.push(width);
    }
    result.widths = fitting.filter((width) => stored.has(width) || result.made.includes(width));
    const listed = await madeCopies(blobs, file.storageKey);
    if (listed?.widths.join() !== result.widths.join() || listed.wider !== widerToMake) {
      await blobs.put(copiesKey(file.storageKey), new TextEncoder().encode(JSON.stringify({ widths: result.widths, wider: widerToMake })), 'application/json');
    }
    return result;
  });
}

/**
 * The photo decoded once, turned upright and brought down to `width`: decoding a 12-megapixel JPEG
 * for each of five widths took twice the CPU of decoding it once (485 ms a photo against 231 ms,
 * docs/operations.md 'Storm day').
 */
async function decodeUpright(original: Uint8Array, width: number): Promise<DecodedImage> {
  const image = await openImage(original);
  const { data, info } = await image.rotate().resize({ width, withoutEnlargement: true }).raw({ depth: 'uchar' }).timeout({ seconds: COPY_SECONDS }).toBuffer({ resolveWithObject: true });
  return { pixels: data, width: info.width, height: info.height, channels: info.channels };
}

/** The job's handler, registered in server/src/jobs/app-jobs.ts. */
export function imageCopiesJob(context: Pick<AppContext, 'db' | 'logger'> & { blobs: BlobStore }): JobHandler<{ fileId?: unknown; wider?: unknown }> {
  return async ({ data }) => {
    if (typeof data.fileId !== 'string') return;
    const result = await makeImageCopies(context, data.fileId, { wider: data.wider === true });
    context.logger.info(result, 'photo copies made');
  };
}
