/**
 * The administrators' errors, analytics and corporate documents pages. Every route
 * requires an administrator; docs/admin-insights.md describes them.
 */
import { type RequestHandler, Router } from 'express';
import multer from 'multer';
import {
  analyticsSummaryQuerySchema,
  corporateDocumentOrderSchema,
  corporateDocumentUpdateSchema,
  corporateDocumentUploadSchema,
  errorGroupDetailQuerySchema,
  errorGroupQuerySchema,
  corporateDocumentParamsSchema,
  errorGroupParamsSchema,
} from '@shared/contracts/admin-insights';
import { MAX_DOCUMENT_BYTES } from '@shared/domain/public-site/corporate-documents';
import type { AppContext } from '../../context';
import { AppError, badRequest } from '../../lib/app-error';
import { requireAdmin, signedInUser } from '../../middleware/auth';
import { validate } from '../../middleware/validate';
import { corporateDocumentsService } from './corporate-documents.service';
import { insightsService } from './insights.service';

/** One PDF in the multipart field `file`; multer's limits become clear 4xx answers. */
function documentUpload(): RequestHandler {
  const upload = multer({ storage: multer.memoryStorage(), limits: { fileSize: MAX_DOCUMENT_BYTES, files: 1, fields: 10, fieldSize: 16 * 1024, parts: 12 } }).single('file');
  return (req, res, next) => {
    upload(req, res, (error: unknown) => {
      if (!error) return next();
      if (error instanceof multer.MulterError) {
        if (error.code === 'LIMIT_FILE_SIZE')
          return next(new AppError(413, 'document_too_large', `Documents are limited to ${MAX_DOCUMENT_BYTES / (1024 * 1024)} MB; make the PDF smaller and upload it again.`));
        if (error.code === 'LIMIT_FILE_COUNT' || error.code === 'LIMIT_UNEXPECTED_FILE') return next(badRequest('Send one PDF at a time, in the field named file.', 'bad_upload'));
        return next(badRequest(`The upload could not be read (${error.message}).`, 'bad_upload'));
      }
      next(badRequest('The upload could not be read. Try again.', 'bad_upload'));
    });
  };
}

export function adminInsightsRouter(context: AppContext): Router {
  const insights = insightsService(context);
  const documents = corporateDocumentsService(context);
  const router = Router();
  const noStore = { 'Cache-Control': 'no-store' };

  const errorGroupQuery = validate({ query: errorGroupQuerySchema });
  router.get('/admin/errors', requireAdmin, errorGroupQuery, async (req, res) => {
    res.set(noStore).json(await insights.errorGroups(errorGroupQuery.input(req).query));
  });

  const errorGroupDetailQuery = validate({ params: errorGroupParamsSchema, query: errorGroupDetailQuerySchema });
  router.get('/admin/errors/:fingerprint', requireAdmin, errorGroupDetailQuery, async (req, res) => {
    const { params, query } = errorGroupDetailQuery.input(req);
    res.set(noStore).json(await insights.errorGroup(params.fingerprint, query.page));
  });

  const analyticsSummaryQuery = validate({ query: analyticsSummaryQuerySchema });
  router.get('/admin/analytics/summary', requireAdmin, analyticsSummaryQuery, async (req, res) => {
    res.set(noStore).json(await insights.analyticsSummary(analyticsSummaryQuery.input(req).query, new Date()));
  });

  router.get('/admin/corporate-documents', requireAdmin, async (_req, res) => {
    res.set(noStore).json({ documents: await documents.list() });
  });

  const corporateDocumentUploadInput = validate({ body: corporateDocumentUploadSchema });
  router.post('/admin/corporate-documents', requireAdmin, documentUpload(), corporateDocumentUploadInput, async (req, res) => {
    const fields = corporateDocumentUploadInput.input(req).body;
    res.status(201).json({ document: await documents.upload(signedInUser(req).id, fields, req.file) });
  });

  const corporateDocumentOrderInput = validate({ body: corporateDocumentOrderSchema });
  router.put('/admin/corporate-documents/order', requireAdmin, corporateDocumentOrderInput, async (req, res) => {
    const { ids } = corporateDocumentOrderInput.input(req).body;
    res.json({ documents: await documents.reorder(signedInUser(req).id, ids) });
  });

  const corporateDocumentUpdateInput = validate({ params: corporateDocumentParamsSchema, body: corporateDocumentUpdateSchema });
  router.patch('/admin/corporate-documents/:id', requireAdmin, corporateDocumentUpdateInput, async (req, res) => {
    const { params, body: changes } = corporateDocumentUpdateInput.input(req);
    res.json({ document: await documents.update(signedInUser(req).id, params.id, changes) });
  });

  const corporateDocumentParams = validate({ params: corporateDocumentParamsSchema });
  router.delete('/admin/corporate-documents/:id', requireAdmin, corporateDocumentParams, async (req, res) => {
    await documents.remove(signedInUser(req).id, corporateDocumentParams.input(req).params.id);
    res.status(204).end();
  });

  return router;
}
