/**
 * Certificates of protection: the member's PDF, a lender's check by code, and staff's list and
 * withdrawal. The routes are the endpoints of shared/endpoints/certificates.ts; docs/certificates.md
 * describes them.
 */
import { certificateEndpoints as endpoints } from '@shared/endpoints/certificates';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/app-error';
import { issuerOf, recipientOf, sendPdf } from '../../lib/pdf/letterhead';
import { signedInUser } from '../../middleware/auth';
import { createRateLimit } from '../../middleware/rate-limit';
import { endpointRouter } from '../../middleware/serve';
import { requestPolicy } from '../../policies/request-policy';
import { findProtection } from '../protection/protections.service';
import { certificatePdf } from './certificate-pdf';
import { certificateFor, checkCertificate, listCertificates, withdrawCertificate } from './certificates.service';

const PROTECTION_NOT_FOUND = 'Protection not found.';

export function certificatesRouter(context: AppContext) {
  const { db, env, site } = context;
  const issuer = issuerOf(env);
  const policy = requestPolicy(context);
  const { router, serve } = endpointRouter(context);

  serve(endpoints.download)({
    load: async (req, { params }) => {
      const protection = await findProtection(db, params.id);
      if (!protection) throw notFound(PROTECTION_NOT_FOUND);
      await policy.record(req, protection.userId, 'read', PROTECTION_NOT_FOUND);
      return protection;
    },
    handle: async (_req, res, { record: protection }) => {
      const recipient = await recipientOf(db, protection.userId);
      const certificate = await certificateFor(db, protection, recipient);
      sendPdf(res, await certificatePdf(certificate, protection, recipient, issuer, site.origin()), `certificate-${protection.season}-${certificate.code}.pdf`);
    },
  });

  serve(endpoints.check)({
    middleware: [createRateLimit(context, 'certificateChecksPerAddress', { message: 'Too many certificate checks from your network.' })],
    handle: async (_req, _res, { body }) => checkCertificate(db, body.code, issuer.legalName),
  });

  serve(endpoints.listForApplication)({
    handle: async (_req, _res, { params }) => ({ certificates: await listCertificates(db, params.id) }),
  });

  serve(endpoints.withdraw)({
    handle: async (req, _res, { params, body }) => ({ certificate: await withdrawCertificate(context, params.id, { actorId: signedInUser(req).id, reason: body.reason }) }),
  });

  return router;
}
