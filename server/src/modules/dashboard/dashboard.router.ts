/**
 * The member's dashboard at a glance: the overview, their protections (with the summary
 * PDF; staff move an application along) and the season report. Claims, payments, the farm, files,
 * brokers' clients and settings are modules of their own. docs/dashboard.md describes the routes.
 */
import { type Request, type RequestHandler, Router } from 'express';
import { memberQuerySchema, type OverviewView, type ProtectionView, protectionStatusInputSchema, recordParamsSchema, reportQuerySchema } from '@shared/contracts/dashboard';
import { displayName } from '@shared/domain/accounts/display-name';
import type { RecordAccess } from '@shared/domain/accounts/record-access';
import { isOpenClaim } from '@shared/domain/dashboard/claims';
import { canTellHowToPay, INVOICES_NEED_PAYMENT_DETAILS } from '@shared/domain/dashboard/how-to-pay';
import { invoiceStanding, PAYMENT_OPTION_LABELS } from '@shared/domain/dashboard/payment-plan';
import { perthToday } from '@shared/perth-time';
import { canMoveProtection, isInvoiceable } from '@shared/domain/dashboard/protection';
import { seasonReport, seasonReportCsv } from '@shared/domain/dashboard/season-report';
import type { AppContext } from '../../context';
import { conflict, notFound } from '../../lib/app-error';
import { requireAdmin, requireUser, signedInUser } from '../../middleware/auth';
import { loadedRecord } from '../../middleware/loaded-record';
import { validate } from '../../middleware/validate';
import { requestPolicy } from '../../policies/request-policy';
import { listInvoices } from '../billing/invoices.service';
import { listClaims } from '../claims/claims.service';
import { issuerOf, recipientOf, sendPdf } from '../../lib/pdf/letterhead';
import { protectionSummaryPdf } from '../protection/protection-summary-pdf';
import { queueApplicationInvoices } from '../xero/xero-sync.service';
import { findProtection, listProtections, moveProtection } from '../protection/protections.service';

const PROTECTION_NOT_FOUND = 'Protection not found.';

export function dashboardRouter(context: AppContext): Router {
  const { db, env } = context;
  const issuer = issuerOf(env);
  const policy = requestPolicy(context);
  const router = Router();
  const memberQuery = validate({ query: memberQuerySchema });
  const protectionParams = validate({ params: recordParamsSchema });

  // ---- Overview -------------------------------------------------------------------------------

  router.get('/dashboard/overview', requireUser, memberQuery, async (req, res) => {
    const member = await policy.member(req, memberQuery.input(req).query.memberId, 'read');
    const self = signedInUser(req).id === member.id;
    const [protections, invoices, claims, drafts, savedEstimates] = await Promise.all([
      listProtections(db, member.id),
      listInvoices(db, member.id),
      listClaims(db, member.id),
      // The overview lists drafts to the member only; a broker resumes a client's draft in the wizard (docs/quote-wizard.md).
      self ? db.draft.findMany({ where: { userId: member.id, status: { not: 'COMPLETED' } }, orderBy: { updatedAt: 'desc' }, take: 5 }) : [],
      self ? db.savedEstimate.findMany({ where: { userId: member.id }, orderBy: { createdAt: 'desc' }, take: 5 }) : [],
    ]);
    const today = perthToday();
    const owing = invoices.filter((i) => i.outstandingCents > 0);
    const overdueCents = owing.reduce(
      (sum, i) =>
        sum +
        (i.status === 'overdue'
          ? invoiceStanding(
              i.schedule.filter((s) => s.dueDate <= today),
              i.paidCents,
              today,
            ).outstandingCents
          : 0),
      0,
    );
    // The next date anything is due, and everything due on it (a fee and a contribution often share a date).
    const dues = owing.filter((i) => i.nextDue).map((i) => ({ dueDate: i.nextDue!.dueDate, amountCents: i.nextDue!.amountCents, invoiceNumber: i.number }));
    const firstDate = dues.map((d) => d.dueDate).sort()[0];
    const onFirstDate = dues.filter((d) => d.dueDate === firstDate);
    const next = firstDate ? { dueDate: firstDate, amountCents: onFirstDate.reduce((sum, d) => sum + d.amountCents, 0), invoiceNumbers: onFirstDate.map((d) => d.invoiceNumber) } : undefined;
    const keyDates = [
      ...owing.filter((i) => i.nextDue).map((i) => ({ date: i.nextDue!.dueDate, label: `Payment due on ${i.number} (${PAYMENT_OPTION_LABELS[i.paymentOption].toLowerCase()})` })),
      ...protections.filter((p) => p.status !== 'ended').map((p) => ({ date: p.endsOn, label: `${p.coverageDescription} protection for ${p.season} ends` })),
    ]
      .filter((d) => d.date >= today)
      .sort((a, b) => a.date.localeCompare(b.date));
    const overview: OverviewView = {
      member: { id: member.id, name: displayName(member) },
      protections,
      owed: { outstandingCents: owing.reduce((sum, i) => sum + i.outstandingCents, 0), overdueCents, next: next ?? null },
      openClaims: claims.filter((c) => isOpenClaim(c.status)).map(({ id, reference, peril, eventDate, status, estimatedLossCents }) => ({ id, reference, peril, eventDate, status, estimatedLossCents })),
      drafts: drafts.map((d) => ({ id: d.id, step: d.step, updatedAt: d.updatedAt.toISOString() })),
      savedEstimates: savedEstimates.map((s) => ({ id: s.id, createdAt: s.createdAt.toISOString() })),
      keyDates,
    };
    res.json(overview);
  });

  // ---- Protection -----------------------------------------------------------------------------

  router.get('/dashboard/protections', requireUser, memberQuery, async (req, res) => {
    const member = await policy.member(req, memberQuery.input(req).query.memberId, 'read');
    res.json({ protections: await listProtections(db, member.id) });
  });

  const loaded = loadedRecord<ProtectionView>('protection');
  /** Loads the protection of :id; hidden (404) from those who may not see the member's records. */
  const protectionFor =
    (access: RecordAccess): RequestHandler =>
    async (req, _res, next) => {
      const protection = await findProtection(db, protectionParams.input(req).params.id);
      if (!protection) throw notFound(PROTECTION_NOT_FOUND);
      await policy.record(req, protection.userId, access, PROTECTION_NOT_FOUND);
      loaded.set(req, protection);
      next();
    };

  // Staff move an application along; accepting it commits the mutual to it, and its invoices follow.
  const statusBody = validate({ body: protectionStatusInputSchema });
  router.put('/dashboard/protections/:id/status', requireAdmin, protectionParams, protectionFor('read'), statusBody, async (req, res) => {
    const protection = loaded.get(req);
    const { status } = statusBody.input(req).body;
    if (!canMoveProtection(protection.status, status)) throw conflict(`An application cannot move from ${protection.status} to ${status}.`, 'protection_status_move');
    // An invoice that cannot say how to pay invites 'e-mail us for our bank details', the opening invoice fraud uses.
    if (isInvoiceable(status) && env.NODE_ENV === 'production' && !canTellHowToPay(issuer.howToPay)) throw conflict(INVOICES_NEED_PAYMENT_DETAILS, 'invoices_need_payment_details');
    const moved = await moveProtection(context, protection, { actorId: signedInUser(req).id, to: status });
    if (isInvoiceable(status)) await queueApplicationInvoices(context, protection.id);
    res.json({ protection: moved });
  });

  router.get('/dashboard/protections/:id/summary.pdf', requireUser, protectionParams, protectionFor('read'), async (req, res) => {
    const protection = loaded.get(req);
    sendPdf(res, await protectionSummaryPdf(protection, await recipientOf(db, protection.userId), issuer), `protection-${protection.season}-${protection.id}.pdf`);
  });

  // ---- Reports --------------------------------------------------------------------------------

  const reportQuery = validate({ query: reportQuerySchema });
  async function reportFor(req: Request) {
    const { memberId, season } = reportQuery.input(req).query;
    const member = await policy.member(req, memberId, 'read');
    const [protections, claims] = await Promise.all([listProtections(db, member.id), listClaims(db, member.id)]);
    const report = seasonReport(
      protections.map((p) => ({ id: p.id, season: p.season, stage: p.stage, coverageDescription: p.coverageDescription, contributionCents: p.displayedPremiumCents, paddocks: p.paddocks })),
      claims.filter((c) => c.status !== 'withdrawn'),
      season,
    );
    return { member, report };
  }

  router.get('/reports/season', requireUser, reportQuery, async (req, res) => {
    res.json((await reportFor(req)).report);
  });

  router.get('/reports/season.csv', requireUser, reportQuery, async (req, res) => {
    const { member, report } = await reportFor(req);
    const name = `${member.lastName}-${report.season ?? 'season'}`.toLowerCase().replace(/[^a-z0-9-]+/g, '-');
    res.set({ 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="season-report-${name}.csv"`, 'Cache-Control': 'private, no-store' }).send(seasonReportCsv(report));
  });

  return router;
}
