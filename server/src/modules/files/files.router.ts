/**
 * GET /api/files/:id: a stored file (a claim photo, an invoice or receipt PDF), served only to those
 * who may see the records of the member it belongs to; anyone else is told it does not exist. A
 * photo comes smaller with ?w= (image-variants.ts): the nearest copy the background job made, never
 * one made on the request.
 */
import { Router } from 'express';
import { recordParamsSchema } from '@shared/contracts/dashboard';
import { fileQuerySchema } from '@shared/contracts/files';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/app-error';
import { createBlobStore } from '../../lib/blob-store';
import { requireUser } from '../../middleware/auth';
import { validate } from '../../middleware/validate';
import { requestPolicy } from '../../policies/request-policy';
import { fileToServe } from './image-variants';

const FILE_NOT_FOUND = 'File not found.';

export function filesRouter(context: AppContext): Router {
  const { db, env, jobs, logger } = context;
  const blobs = createBlobStore(env);
  const policy = requestPolicy(context);
  const router = Router();

  const fileRoute = validate({ params: recordParamsSchema, query: fileQuerySchema });
  router.get('/files/:id', requireUser, fileRoute, async (req, res) => {
    const { params, query } = fileRoute.input(req);
    const file = await db.storedFile.findUnique({ where: { id: params.id } });
    if (!file) throw notFound(FILE_NOT_FOUND);
    await policy.record(req, file.ownerId, 'read', FILE_NOT_FOUND);
    const served = await fileToServe({ blobs, jobs, logger }, file, query);
    if (!served) throw notFound('The file is no longer in storage.', 'file_missing');
    // A smaller copy is WebP, and is saved under that name.
    const fileName = served.asStored ? file.fileName : `${file.fileName.replace(/\.[^.]*$/, '')}.webp`;
    res
      .set({
        'Content-Type': served.contentType,
        'Content-Length': String(served.bytes.byteLength),
        'Content-Disposition': `inline; filename="${fileName.replace(/"/g, '')}"`,
        // The photo standing in for a copy not made yet is not kept: the next look gets the copy.
        'Cache-Control': served.interim ? 'private, no-store' : 'private, max-age=300',
        'X-Content-Type-Options': 'nosniff',
        'Content-Security-Policy': "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'",
      })
      .send(Buffer.from(served.bytes));
  });

  return router;
}
