/**
 * Stored files: bytes in the blob store, metadata in StoredFile. Every file belongs to a member's
 * record (ownerId), and GET /api/files/:id serves it only to those who may see that member's records.
 */
import type { Database, DatabaseWriter } from '../../db/client';
import type { StoredFile } from '../../generated/prisma/client';
import { type BlobStore, newBlobKey, sha256Hex } from '../../lib/blob-store';
import { PERTH_UTC_OFFSET } from '@shared/perth-time';

export const FILE_KINDS = ['claim_photo', 'invoice_pdf', 'receipt_pdf', 'certificate_pdf'] as const;
export type FileKind = (typeof FILE_KINDS)[number];

export interface NewFile {
  ownerId: string;
  kind: FileKind;
  fileName: string;
  contentType: string;
  extension: string;
  bytes: Uint8Array;
  uploadedById: string | null;
}

/** Files whose bytes are in the blob store and whose rows are yet to be written. */
export interface StagedFiles {
  /** Writes the files' rows, in the order staged: in the transaction that keeps what they belong to. */
  record(writer: DatabaseWriter): Promise<StoredFile[]>;
  /** Removes the bytes again, when that transaction did not commit. */
  discard(): Promise<void>;
}

/**
 * Writes the files' bytes, outside any transaction (the slow part, which would hold a transaction
 * open); their rows are then written with what they belong to, or the bytes discarded.
 */
export async function stageFiles(blobs: BlobStore, files: readonly NewFile[]): Promise<StagedFiles> {
  const staged: Array<{ file: NewFile; storageKey: string; sha256: string }> = [];
  const discard = async () => {
    for (const { storageKey } of staged) await blobs.delete(storageKey).catch(() => undefined);
  };
  try {
    for (const file of files) {
      const storageKey = newBlobKey(file.kind.replace('_', '-'), file.extension);
      await blobs.put(storageKey, file.bytes, file.contentType);
      // Hashed here, not while the transaction that records it holds the database.
      staged.push({ file, storageKey, sha256: sha256Hex(file.bytes) });
    }
  } catch (error) {
    await discard();
    throw error;
  }
  const record = async (writer: DatabaseWriter) => {
    const rows: StoredFile[] = [];
    for (const { file, storageKey, sha256 } of staged) {
      const { ownerId, kind, fileName, contentType, bytes, uploadedById } = file;
      rows.push(await writer.storedFile.create({ data: { ownerId, kind, storageKey, fileName, contentType, sizeBytes: bytes.byteLength, sha256, uploadedById } }));
    }
    return rows;
  };
  return { record, discard };
}

/** Writes the bytes first, then the row; if the row cannot be written the bytes are removed again. */
export async function storeFile(db: Database, blobs: BlobStore, file: NewFile): Promise<StoredFile> {
  const staged = await stageFiles(blobs, [file]);
  try {
    const [row] = await staged.record(db);
    return row!;
  } catch (error) {
    await staged.discard();
    throw error;
  }
}

export interface PhotoMetadata {
  takenAt: Date | null;
  latitude: number | null;
  longitude: number | null;
}

/**
 * The instant a camera's clock reading ('2026:10:14 16:32:05') stands for: at the offset the camera
 * wrote beside it (OffsetTimeOriginal, '+08:00'), else on Perth's clock, where the paddocks are;
 * never on the server's own clock, which says nothing of where the photo was taken.
 */
export function cameraTime(written: unknown, offset: unknown): Date | null {
  if (typeof written !== 'string') return null;
  const parts = /^(\d{4}):(\d{2}):(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/.exec(written.trim());
  if (!parts) return null;
  const zone = typeof offset === 'string' && /^[+-]\d{2}:\d{2}$/.test(offset.trim()) ? offset.trim() : PERTH_UTC_OFFSET;
  const instant = new Date(`${parts[1]}-${parts[2]}-${parts[3]}T${parts[4]}:${parts[5]}:${parts[6]}${zone}`);
  return Number.isNaN(instant.getTime()) ? null : instant;
}

/** The time and place the camera recorded (EXIF), where the file has them; nothing when it has none or they are unreadable. */
export async function readPhotoMetadata(bytes: Uint8Array): Promise<PhotoMetadata> {
  try {
    // Loaded with the first photo: the library is large and a start needs none of it.
    const { default: exifr } = await import('exifr');
    // Dates as written: exifr would read a camera's clock on this server's time zone.
    const data = (await exifr.parse(Buffer.from(bytes), {
      tiff: true,
      exif: true,
      gps: true,
      reviveValues: false,
      pick: ['DateTimeOriginal', 'OffsetTimeOriginal', 'CreateDate', 'latitude', 'longitude'],
    })) as { DateTimeOriginal?: unknown; OffsetTimeOriginal?: unknown; CreateDate?: unknown; latitude?: unknown; longitude?: unknown } | undefined;
    if (!data) return { takenAt: null, latitude: null, longitude: null };
    const takenAt = cameraTime(data.DateTimeOriginal, data.OffsetTimeOriginal) ?? cameraTime(data.CreateDate, undefined);
    const latitude = typeof data.latitude === 'number' && Math.abs(data.latitude) <= 90 ? data.latitude : null;
    const longitude = typeof data.longitude === 'number' && Math.abs(data.longitude) <= 180 ? data.longitude : null;
    return { takenAt, latitude: latitude !== null && longitude !== null ? latitude : null, longitude: latitude !== null && longitude !== null ? longitude : null };
  } catch {
    return { takenAt: null, latitude: null, longitude: null };
  }
}
