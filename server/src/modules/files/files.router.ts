/**
 * GET /api/files/:id: a stored file (a claim photo, an invoice or receipt PDF), served only to those
 * who may see the records of the member it belongs to; anyone else is told it does not exist. A
 * photo comes smaller with ?w= (image-variants.ts): the nearest copy the background job made, never
 * one made on the request.
 */
import { fileEndpoints as endpoints } from '@shared/endpoints/files';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/app-error';
import { createBlobStore } from '../../lib/blob-store';
import { endpointRouter } from '../../middleware/serve';
import { requestPolicy } from '../../policies/request-policy';
import { fileToServe } from './image-variants';

const FILE_NOT_FOUND = 'File not found.';

export function filesRouter(context: AppContext) {
  const { db, env, jobs, logger } = context;
  const blobs = createBlobStore(env);
  const policy = requestPolicy(context);
  const { router, serve } = endpointRouter(context);

  serve(endpoints.file)({
    handle: async (req, res, { params, query }) => {
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
    },
  });

  return router;
}
