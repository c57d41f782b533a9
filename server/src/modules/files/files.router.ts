/**
 * GET /api/files/:id: a stored file (a claim photo, an invoice or receipt PDF), served only to those
 * who may see the records of the member it belongs to; anyone else is told it does not exist.
 */
import { Router } from 'express';
import { recordParamsSchema } from '@shared/contracts/dashboard';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/app-error';
import { createBlobStore } from '../../lib/blob-store';
import { requireUser } from '../../middleware/auth';
import { validate } from '../../middleware/validate';
import { requestPolicy } from '../../policies/request-policy';

const FILE_NOT_FOUND = 'File not found.';

export function filesRouter(context: AppContext): Router {
  const { db, env } = context;
  const blobs = createBlobStore(env);
  const policy = requestPolicy(context);
  const router = Router();

  const fileRoute = validate({ params: recordParamsSchema });
  router.get('/files/:id', requireUser, fileRoute, async (req, res) => {
    const file = await db.storedFile.findUnique({ where: { id: fileRoute.input(req).params.id } });
    if (!file) throw notFound(FILE_NOT_FOUND);
    await policy.record(req, file.ownerId, 'read', FILE_NOT_FOUND);
    const bytes = await blobs.get(file.storageKey);
    if (!bytes) throw notFound('The file is no longer in storage.', 'file_missing');
    res
      .set({
        'Content-Type': file.contentType,
        'Content-Length': String(bytes.byteLength),
        'Content-Disposition': `inline; filename="${file.fileName.replace(/"/g, '')}"`,
        'Cache-Control': 'private, max-age=300',
        'X-Content-Type-Options': 'nosniff',
        'Content-Security-Policy': "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'",
      })
      .send(Buffer.from(bytes));
  });

  return router;
}
