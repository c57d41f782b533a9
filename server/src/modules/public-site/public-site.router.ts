/**
 * The public site (docs/public-site.md): the contact and register-interest forms, the browser's error
 * reports and analytics, the footer's registration details and the corporate documents, open to
 * everyone. Each route is an endpoint of the table (shared/endpoints/public-site.ts).
 */
import type { Request } from 'express';
import { publicSiteEndpoints as endpoints } from '@shared/endpoints/public-site';
import { corporateDocumentSelect, presentCorporateDocument } from '../../presenters/corporate-document';
import type { RateLimitName } from '../../config/rate-limits';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/app-error';
import { currentUser } from '../../middleware/auth';
import { createRateLimit } from '../../middleware/rate-limit';
import { endpointRouter } from '../../middleware/serve';
import { formSubmissionsService } from './form-submissions.service';
import { reportingService } from './reporting.service';

/** The signed-in user, when the accounts module has put one on the request or session. */
function signedInUserId(req: Request): string | undefined {
  const withUser = req as Request & { user?: { id?: unknown }; session?: { userId?: unknown } };
  const id = withUser.user?.id ?? withUser.session?.userId;
  return typeof id === 'string' ? id : undefined;
}

export function publicSiteRouter(context: AppContext) {
  const { env, db } = context;
  const submissions = formSubmissionsService(context);
  const reporting = reportingService(context);
  const { router, serve } = endpointRouter(context);

  serve(endpoints.submitForm)({
    middleware: [createRateLimit(context, 'contactPerAddress', { message: 'You have sent several messages in a short time; the ones already sent have reached us.' })],
    handle: async (req, _res, { body }) => {
      // Only a sender signed in (as loadCurrentUser verified) puts a message in an account; the address typed proves nothing.
      await submissions.submit(body, { senderId: currentUser(req)?.id ?? null });
      return { success: true };
    },
  });

  // Each kind has its own per-minute limit; one daily budget covers both, so an address cannot
  // fill the database by sending forever at just under the per-minute rate.
  const perAddress = (name: RateLimitName, message: string) => createRateLimit(context, name, { message });
  const telemetryPerDay = perAddress('telemetryPerAddressPerDay', 'This address has sent as many error reports and analytics events as we accept in a day.');

  serve(endpoints.trackErrors)({
    middleware: [perAddress('errorReportsPerAddress', 'This address has sent too many error reports in a short time; the ones already sent have reached us.'), telemetryPerDay],
    handle: async (req, _res, { body }) => ({ accepted: await reporting.storeErrors(body.errors, { userId: signedInUserId(req) }) }),
  });

  serve(endpoints.analyticsEvents)({
    middleware: [perAddress('analyticsPerAddress', 'This address has sent too many analytics events in a short time; the ones already sent have reached us.'), telemetryPerDay],
    handle: async (req, _res, { body }) => ({ accepted: await reporting.storeEvents(body.events, { userId: signedInUserId(req) }) }),
  });

  serve(endpoints.siteInfo)({
    handle: async (_req, res) => {
      res.set('Cache-Control', 'public, max-age=300');
      return { legalName: env.BUSINESS_LEGAL_NAME, abn: env.BUSINESS_ABN, acn: env.BUSINESS_ACN };
    },
  });

  serve(endpoints.corporateDocuments)({
    handle: async (_req, res) => {
      const rows = await db.corporateDocument.findMany({ orderBy: [{ sortOrder: 'asc' }, { publishedAt: 'desc' }], select: corporateDocumentSelect });
      res.set('Cache-Control', 'no-cache');
      return { documents: rows.map(presentCorporateDocument) };
    },
  });

  serve(endpoints.downloadCorporateDocument)({
    handle: async (_req, res, { params }) => {
      const row = await db.corporateDocument.findUnique({ where: { id: params.id } });
      if (!row) throw notFound('That document is no longer published.', 'document_not_found');
      const safeName = row.fileName.replace(/[^\w.-]+/g, '-');
      res
        .status(200)
        .set({
          'Content-Type': row.mimeType,
          'Content-Length': String(row.content.length),
          'Content-Disposition': `attachment; filename="${safeName}"`,
          'Cache-Control': 'no-cache',
          'X-Content-Type-Options': 'nosniff',
        })
        .end(Buffer.from(row.content));
    },
  });

  return router;
}
