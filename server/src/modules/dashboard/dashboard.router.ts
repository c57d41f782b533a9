/**
 * The member's dashboard at a glance: the overview, their protections (with the summary
 * PDF; staff move an application along) and the season report. Claims, payments, the farm, files,
 * brokers' clients and settings are modules of their own. The routes are the endpoints of
 * shared/endpoints/dashboard.ts; docs/dashboard.md describes them.
 */
import type { Request } from 'express';
import type { RecordAccess } from '@shared/domain/accounts/record-access';
import { canTellHowToPay, INVOICES_NEED_PAYMENT_DETAILS } from '@shared/domain/billing/how-to-pay';
import { canMoveProtection, isInvoiceable } from '@shared/domain/protection/protection';
import { seasonReport, seasonReportCsv } from '@shared/domain/dashboard/season-report';
import { dashboardEndpoints as endpoints } from '@shared/endpoints/dashboard';
import { perthToday } from '@shared/perth-time';
import type { AppContext } from '../../context';
import { conflict, notFound } from '../../lib/app-error';
import { csvDownloadHeaders } from '../../lib/csv-download';
import { issuerOf, recipientOf, sendPdf } from '../../lib/pdf/letterhead';
import { signedInUser } from '../../middleware/auth';
import { endpointRouter } from '../../middleware/serve';
import { requestPolicy } from '../../policies/request-policy';
import { presentOverview } from '../../presenters/overview';
import { listInvoices } from '../billing/invoices.service';
import { listClaims } from '../claims/claims.service';
import { protectionSummaryPdf } from '../protection/protection-summary-pdf';
import { findProtection, listProtections, moveProtection } from '../protection/protections.service';
import { seasonFor } from '../seasons/seasons.service';
import { xeroInTransaction } from '../xero/xero-sync.service';

const PROTECTION_NOT_FOUND = 'Protection not found.';

export function dashboardRouter(context: AppContext) {
  const { db, env } = context;
  const issuer = issuerOf(env);
  const policy = requestPolicy(context);
  const { router, serve } = endpointRouter(context);

  // ---- Overview -------------------------------------------------------------------------------

  serve(endpoints.overview)({
    handle: async (req, _res, { query }) => {
      const member = await policy.member(req, query.memberId, 'read');
      const self = signedInUser(req).id === member.id;
      const [protections, invoices, claims, drafts, savedEstimates, season] = await Promise.all([
        listProtections(db, member.id),
        listInvoices(db, member.id),
        listClaims(db, member.id),
        // The overview lists drafts to the member only; a broker resumes a client's draft in the wizard (docs/quote-wizard.md).
        // Only what the overview lists: a draft's or estimate's quote repeats every paddock's outline.
        self ? db.draft.findMany({ where: { userId: member.id, status: { not: 'COMPLETED' } }, select: { id: true, step: true, updatedAt: true }, orderBy: { updatedAt: 'desc' }, take: 5 }) : [],
        self ? db.savedEstimate.findMany({ where: { userId: member.id }, select: { id: true, createdAt: true }, orderBy: { createdAt: 'desc' }, take: 5 }) : [],
        seasonFor(db, perthToday()),
      ]);
      return presentOverview({ member, protections, invoices, claims, drafts, savedEstimates, season }, perthToday());
    },
  });

  // ---- Protection -----------------------------------------------------------------------------

  serve(endpoints.protections)({
    handle: async (req, _res, { query }) => {
      const member = await policy.member(req, query.memberId, 'read');
      return { protections: await listProtections(db, member.id) };
    },
  });

  /** Loads the protection of :id; hidden (404) from those who may not see the member's records. */
  const protectionFor =
    (access: RecordAccess) =>
    async (req: Request, { params }: { params: { id: string } }) => {
      const protection = await findProtection(db, params.id);
      if (!protection) throw notFound(PROTECTION_NOT_FOUND);
      await policy.record(req, protection.userId, access, PROTECTION_NOT_FOUND);
      return protection;
    };

  // Staff move an application along; accepting it commits the mutual to it, and its invoices follow.
  serve(endpoints.moveProtection)({
    load: protectionFor('decide'),
    handle: async (req, _res, { record: protection, body: { status } }) => {
      if (!canMoveProtection(protection.status, status)) throw conflict(`An application cannot move from ${protection.status} to ${status}.`, 'protection_status_move');
      // An invoice that cannot say how to pay invites 'e-mail us for our bank details', the opening invoice fraud uses.
      if (isInvoiceable(status) && env.NODE_ENV === 'production' && !canTellHowToPay(issuer.howToPay)) throw conflict(INVOICES_NEED_PAYMENT_DETAILS, 'invoices_need_payment_details');
      const xero = xeroInTransaction(context);
      const moved = await moveProtection(context, protection, { actorId: signedInUser(req).id, to: status }, async (tx) => {
        if (isInvoiceable(status)) await xero.applicationInvoices(tx, protection.id);
      });
      xero.wake();
      if (!moved) throw notFound(PROTECTION_NOT_FOUND);
      return { protection: moved };
    },
  });

  serve(endpoints.protectionSummary)({
    load: protectionFor('read'),
    handle: async (_req, res, { record: protection }) => {
      sendPdf(res, await protectionSummaryPdf(protection, await recipientOf(db, protection.userId), issuer), `protection-${protection.season}-${protection.id}.pdf`);
    },
  });

  // ---- Reports --------------------------------------------------------------------------------

  async function reportFor(req: Request, { memberId, season }: { memberId?: string; season?: string }) {
    const member = await policy.member(req, memberId, 'read');
    const [protections, claims] = await Promise.all([listProtections(db, member.id), listClaims(db, member.id)]);
    const report = seasonReport(
      protections.map((p) => ({ id: p.id, season: p.season, stage: p.stage, coverageDescription: p.coverageDescription, contributionCents: p.displayedPremiumCents, paddocks: p.paddocks })),
      claims.filter((c) => c.status !== 'withdrawn'),
      season,
    );
    return { member, report };
  }

  serve(endpoints.seasonReport)({ handle: async (req, _res, { query }) => (await reportFor(req, query)).report });

  serve(endpoints.seasonReportCsv)({
    handle: async (req, res, { query }) => {
      const { member, report } = await reportFor(req, query);
      const name = `${member.lastName}-${report.season ?? 'season'}`.toLowerCase().replace(/[^a-z0-9-]+/g, '-');
      res.set(csvDownloadHeaders(`season-report-${name}.csv`)).send(seasonReportCsv(report));
    },
  });

  return router;
}
