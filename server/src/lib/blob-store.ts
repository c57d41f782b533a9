import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile, rename } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type * as S3 from '@aws-sdk/client-s3';
import type { S3Client } from '@aws-sdk/client-s3';
import type { Env } from '../config/env';

/**
 * Where claim photos and generated documents are kept. Callers see bytes and keys only;
 * which member may read a file is decided by its StoredFile row, never by the store.
 */
export interface BlobStore {
  readonly kind: 'local' | 's3';
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  /** The bytes, or undefined when no object has that key. */
  get(key: string): Promise<Uint8Array | undefined>;
  delete(key: string): Promise<void>;
}

export class BlobStoreConfigError extends Error {}

/** A new key under a prefix: <prefix>/<yyyy>/<mm>/<random>.<ext>; never derived from a file name. */
export function newBlobKey(prefix: string, extension: string, now = new Date()): string {
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  return `${prefix}/${now.getUTCFullYear()}/${month}/${randomBytes(16).toString('hex')}.${extension}`;
}

export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

const KEY_PATTERN = /^[a-z0-9_-]+(\/[a-z0-9_-]+)*\.[a-z0-9]+$/;

function assertKey(key: string) {
  if (!KEY_PATTERN.test(key)) throw new RangeError(`Not a blob key: ${key}`);
}

/** Files in a folder (BLOB_DIR, default ./data/blobs); writes go to a temporary name first, then rename. */
export function localDiskBlobStore(root: string): BlobStore {
  const base = resolve(root);
  const pathOf = (key: string) => {
    assertKey(key);
    const path = resolve(base, ...key.split('/'));
    if (!path.startsWith(base + sep)) throw new RangeError(`Not a blob key: ${key}`);
    return path;
  };
  return {
    kind: 'local',
    async put(key, body) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const temporary = join(dirname(path), `.${randomBytes(6).toString('hex')}.tmp`);
      await writeFile(temporary, body, { mode: 0o600 });
      await rename(temporary, path);
    },
    async get(key) {
      try {
        return new Uint8Array(await readFile(pathOf(key)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}

export interface S3Settings {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

/** Any S3-compatible store (AWS S3, MinIO, Cloudflare R2, …) by endpoint and bucket. */
export function s3BlobStore(settings: S3Settings, client?: S3Client): BlobStore {
  // The AWS SDK is a seventh of a second to load: loaded with the first file, not at start-up.
  let connection: Promise<{ sdk: typeof S3; s3: S3Client }> | undefined;
  const connect = () =>
    (connection ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      s3:
        client ??
        new sdk.S3Client({
          region: settings.region,
          endpoint: settings.endpoint,
          forcePathStyle: settings.forcePathStyle,
          credentials: settings.accessKeyId && settings.secretAccessKey ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } : undefined,
        }),
    })));
  const Bucket = settings.bucket;
  return {
    kind: 's3',
    async put(key, body, contentType) {
      assertKey(key);
      const { sdk, s3 } = await connect();
      await s3.send(new sdk.PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType, ServerSideEncryption: settings.endpoint ? undefined : 'AES256' }));
    },
    async get(key) {
      assertKey(key);
      const { sdk, s3 } = await connect();
      try {
        const result = await s3.send(new sdk.GetObjectCommand({ Bucket, Key: key }));
        return result.Body ? await result.Body.transformToByteArray() : undefined;
      } catch (error) {
        if (error instanceof sdk.NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return undefined;
        throw error;
      }
    },
    async delete(key) {
      assertKey(key);
      const { sdk, s3 } = await connect();
      await s3.send(new sdk.DeleteObjectCommand({ Bucket, Key: key }));
    },
  };
}

/** The store the configuration asks for; S3 without a bucket is refused at start-up. */
export function createBlobStore(env: Pick<Env, 'BLOB_STORE' | 'BLOB_DIR' | 'S3_ENDPOINT' | 'S3_REGION' | 'S3_BUCKET' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_FORCE_PATH_STYLE'>): BlobStore {
  if (env.BLOB_STORE === 'local') return localDiskBlobStore(env.BLOB_DIR);
  if (!env.S3_BUCKET) throw new BlobStoreConfigError('BLOB_STORE=s3 needs S3_BUCKET (and S3_ENDPOINT for a store other than AWS).');
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    throw new BlobStoreConfigError('Set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither (to use the default AWS credential chain).');
  }
  return s3BlobStore({
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
  });
}
