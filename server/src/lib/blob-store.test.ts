import { createServer, type Server } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlobStoreConfigError, createBlobStore, localDiskBlobStore, newBlobKey, s3BlobStore } from './blob-store';
import { repositoryRoot } from './paths';

const bytes = new TextEncoder().encode('photo bytes');

describe('local disk blob store', () => {
  const store = localDiskBlobStore(mkdtempSync(join(repositoryRoot, '.tmp', 'blob-test-')));

  it('puts, gets and deletes', async () => {
    const key = newBlobKey('claim-photo', 'jpg');
    expect(key).toMatch(/^claim-photo\/\d{4}\/\d{2}\/[0-9a-f]{32}\.jpg$/);
    await store.put(key, bytes, 'image/jpeg');
    expect(await store.get(key)).toEqual(bytes);
    await store.delete(key);
    expect(await store.get(key)).toBeUndefined();
  });

  it('refuses keys that could leave its folder', async () => {
    await expect(store.get('../etc/passwd.txt')).rejects.toThrow(RangeError);
    await expect(store.put('/abs/x.jpg', bytes, 'image/jpeg')).rejects.toThrow(RangeError);
  });
});

describe('S3-compatible blob store', () => {
  // A stand-in S3 endpoint on the loopback address: path-style PUT, GET and DELETE of objects.
  const objects = new Map<string, { body: Buffer; type: string }>();
  let server: Server;
  let endpoint = '';
  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
        if (req.method === 'PUT') {
          objects.set(path, { body: Buffer.concat(chunks), type: String(req.headers['content-type']) });
          res.writeHead(200, { ETag: '"1"' }).end();
        } else if (req.method === 'GET') {
          const object = objects.get(path);
          if (!object) res.writeHead(404, { 'Content-Type': 'application/xml' }).end('<?xml version="1.0"?><Error><Code>NoSuchKey</Code><Message>none</Message></Error>');
          else res.writeHead(200, { 'Content-Type': object.type, 'Content-Length': object.body.length }).end(object.body);
        } else if (req.method === 'DELETE') {
          objects.delete(path);
          res.writeHead(204).end();
        } else res.writeHead(405).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('stores objects in the bucket by key', async () => {
    const store = s3BlobStore({ bucket: 'grain', region: 'ap-southeast-2', endpoint, accessKeyId: 'k', secretAccessKey: 's', forcePathStyle: true });
    await store.put('invoice-pdf/2026/06/abc.pdf', bytes, 'application/pdf');
    expect(objects.get('/grain/invoice-pdf/2026/06/abc.pdf')).toMatchObject({ type: 'application/pdf' });
    expect(await store.get('invoice-pdf/2026/06/abc.pdf')).toEqual(bytes);
    expect(await store.get('invoice-pdf/2026/06/none.pdf')).toBeUndefined();
    await store.delete('invoice-pdf/2026/06/abc.pdf');
    expect(objects.size).toBe(0);
  });

  it('is chosen by configuration, and S3 without a bucket is refused', () => {
    const base = { BLOB_DIR: '.tmp/x', S3_REGION: 'ap-southeast-2', S3_FORCE_PATH_STYLE: true, S3_ENDPOINT: endpoint, S3_ACCESS_KEY_ID: undefined, S3_SECRET_ACCESS_KEY: undefined };
    expect(createBlobStore({ ...base, BLOB_STORE: 'local', S3_BUCKET: undefined }).kind).toBe('local');
    expect(createBlobStore({ ...base, BLOB_STORE: 's3', S3_BUCKET: 'grain' }).kind).toBe('s3');
    expect(() => createBlobStore({ ...base, BLOB_STORE: 's3', S3_BUCKET: undefined })).toThrow(BlobStoreConfigError);
    expect(() => createBlobStore({ ...base, BLOB_STORE: 's3', S3_BUCKET: 'grain', S3_ACCESS_KEY_ID: 'k' })).toThrow(/both/);
  });
});
