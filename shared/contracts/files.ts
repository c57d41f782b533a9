/**
 * GET /api/files/:id: a stored file as it was uploaded or, for a photo, at one of the widths pages
 * ask for (docs/behaviour.md §9: 640 to 3840 pixels, quality 75), so that a phone showing a claim's photos as
 * thumbnails downloads a few hundred kilobytes, not the camera's megabytes. The copies are made once
 * per photo, in the background, at quality 75 and at each width not wider than the photo: a request
 * gets the nearest copy made (any ?q= gets the quality-75 one), or the photo as stored, marked not to
 * be kept, until the copies are made (docs/security.md).
 */
import { z } from 'zod';
import { IMAGE_QUALITY, IMAGE_WIDTHS } from '../constants';

const widths = IMAGE_WIDTHS as readonly number[];

export const FILE_MESSAGES = {
  width: `Choose a width of ${IMAGE_WIDTHS.slice(0, -1).join(', ')} or ${IMAGE_WIDTHS.at(-1)} pixels.`,
  quality: 'Choose a quality from 1 to 100.',
  notAnImage: 'Only photos come in other sizes: ask for this file without w and q.',
} as const;

/** ?w= and ?q=: without either, the file as stored. ?q= is still read (1 to 100) for addresses pages already hold; every copy is quality 75. */
export const fileQuerySchema = z.object({
  w: z.coerce
    .number({ error: FILE_MESSAGES.width })
    .refine((width) => widths.includes(width), { error: FILE_MESSAGES.width })
    .optional(),
  q: z.coerce.number({ error: FILE_MESSAGES.quality }).int({ error: FILE_MESSAGES.quality }).min(1, { error: FILE_MESSAGES.quality }).max(100, { error: FILE_MESSAGES.quality }).optional(),
});

export type FileQuery = z.infer<typeof fileQuerySchema>;

/** A photo's address at `width` pixels wide and quality 75 (docs/behaviour.md §9). */
export function imageVariantPath(path: string, width: number, quality: number = IMAGE_QUALITY): string {
  return `${path}?w=${width}&q=${quality}`;
}

/** An <img srcset> offering the photo at each of docs/behaviour.md §9's widths; the browser takes the one its layout and screen need. */
export function imageSrcSet(path: string): string {
  return IMAGE_WIDTHS.map((width) => `${imageVariantPath(path, width)} ${width}w`).join(', ');
}
