/**
 * The administrators' errors, analytics and corporate documents pages. Every route is an endpoint
 * of the table (shared/endpoints/admin-insights.ts) for administrators; docs/admin-insights.md
 * describes them.
 */
import type { Router } from 'express';
import { adminInsightsEndpoints as endpoints } from '@shared/endpoints/admin-insights';
import { MAX_DOCUMENT_BYTES } from '@shared/domain/public-site/corporate-documents';
import type { AppContext } from '../../context';
import { AppError, badRequest } from '../../lib/app-error';
import { signedInUser } from '../../middleware/auth';
import { multipartBody } from '../../middleware/multipart';
import { endpointRouter } from '../../middleware/serve';
import { corporateDocumentsService } from './corporate-documents.service';
import { insightsService } from './insights.service';

/** One PDF in the multipart field `file`; its limits become clear 4xx answers. */
const documentUpload = () =>
  multipartBody({
    files: { field: 'file', most: 1, bytes: MAX_DOCUMENT_BYTES },
    limits: { fields: 10, fieldSize: 16 * 1024, parts: 12 },
    tooLarge: () => new AppError(413, 'document_too_large', `Documents are limited to ${MAX_DOCUMENT_BYTES / (1024 * 1024)} MB; make the PDF smaller and upload it again.`),
    wrongFiles: () => badRequest('Send one PDF at a time, in the field named file.', 'bad_upload'),
  });

export function adminInsightsRouter(context: AppContext): Router {
  const insights = insightsService(context);
  const documents = corporateDocumentsService(context);
  const { router, serve } = endpointRouter(context);
  const noStore = { 'Cache-Control': 'no-store' };

  serve(endpoints.errorGroups)({
    handle: async (_req, res, { query }) => {
      const groups = await insights.errorGroups(query);
      res.set(noStore);
      return groups;
    },
  });

  serve(endpoints.errorGroup)({
    handle: async (_req, res, { params, query }) => {
      const group = await insights.errorGroup(params.fingerprint, query.page);
      res.set(noStore);
      return group;
    },
  });

  serve(endpoints.analyticsSummary)({
    handle: async (_req, res, { query }) => {
      const summary = await insights.analyticsSummary(query, new Date());
      res.set(noStore);
      return summary;
    },
  });

  serve(endpoints.corporateDocuments)({
    handle: async (_req, res) => {
      const list = await documents.list();
      res.set(noStore);
      return { documents: list };
    },
  });

  serve(endpoints.uploadCorporateDocument)({
    readBody: documentUpload(),
    handle: async (req, _res, { body: fields }) => ({ document: await documents.upload(signedInUser(req).id, fields, req.file) }),
  });

  serve(endpoints.reorderCorporateDocuments)({
    handle: async (req, _res, { body: { ids } }) => ({ documents: await documents.reorder(signedInUser(req).id, ids) }),
  });

  serve(endpoints.updateCorporateDocument)({
    handle: async (req, _res, { params, body: changes }) => ({ document: await documents.update(signedInUser(req).id, params.id, changes) }),
  });

  serve(endpoints.deleteCorporateDocument)({
    handle: async (req, res, { params }) => {
      await documents.remove(signedInUser(req).id, params.id);
      res.status(204).end();
    },
  });

  return router;
}
