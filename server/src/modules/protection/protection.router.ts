/**
 * Saved estimates with their PDF, quote submission and applications (docs/behaviour.md §7 'Estimates and
 * submission'). Members act for themselves; their broker of record or staff in a write-level
 * support session may act for a member named in personalDetails.userId (the application is the
 * member's, submittedById says who sent it, and a broker's change is audited). Saved estimates and
 * submission follow the wizard's rule (shared/domain/quote/draft-access.ts); applications the
 * general record rule.
 */
import type { Request } from 'express';
import { QUOTE_SUBMISSION_PAYLOAD_REQUIRED_MESSAGE, serverPricingSchema } from '@shared/contracts/protection';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER } from '@shared/contracts/idempotency-headers';
import { idempotencyKeySchema } from '@shared/contracts/idempotency';
import { parseStoredQuote } from '@shared/contracts/quote';
import { protectionEndpoints as endpoints } from '@shared/endpoints/protection';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/app-error';
import { parseInput } from '../../lib/validate';
import { signedInUser } from '../../middleware/auth';
import { endpointRouter } from '../../middleware/serve';
import { requestPolicy } from '../../policies/request-policy';
import { applicationsAwaitingReversalApproval } from '../billing/payment-reversals.service';
import { billingOf } from './protections.service';
import { presentApplication, presentStaffApplication, presentSummary } from '../../presenters/protection';
import { ESTIMATE_NOT_FOUND_MESSAGE, findSavedEstimate, parseQuotePayload, protectionService } from './protection.service';
import { renderQuotePdf } from './quote-pdf';

export const APPLICATION_NOT_FOUND_MESSAGE = 'Application not found.';
export const SAVED_ESTIMATE_UNREADABLE_MESSAGE = 'This saved estimate was stored in an older form and cannot be printed; open it in the quote and save it again.';

export function protectionRouter(context: AppContext) {
  const { db } = context;
  const service = protectionService(context);
  const policy = requestPolicy(context);
  const { router, serve } = endpointRouter(context);

  /** The member the quote is for: the caller, or the member named in it if the caller may act for them. */
  async function ownerOf(req: Request, namedUserId: string | undefined) {
    const caller = signedInUser(req);
    if (!namedUserId || namedUserId === caller.id) return { id: caller.id, email: caller.email, firstName: caller.firstName };
    await policy.quote(req, namedUserId, 'write');
    const member = await db.user.findUnique({ where: { id: namedUserId }, select: { id: true, email: true, firstName: true } });
    if (!member) throw notFound('That member does not exist.');
    return member;
  }

  serve(endpoints.saveEstimate)({
    handle: async (req, _res, { body }) => {
      const quote = parseQuotePayload(body.quoteData, 'quoteData is required: send the quote (personalDetails, farmData, cropDetails, estimates, coverage)');
      const owner = await ownerOf(req, quote.personalDetails.userId);
      return { success: true, estimate: await service.saveEstimate(quote, owner.id) };
    },
  });

  serve(endpoints.estimatePdf)({
    handle: async (req, res, { params: { id } }) => {
      const row = await findSavedEstimate(db, id);
      await policy.quote(req, row.userId, 'read', ESTIMATE_NOT_FOUND_MESSAGE);
      const data = row.data as { quoteData?: unknown; pricing?: unknown } | null;
      const quote = parseStoredQuote(data?.quoteData);
      const pricing = serverPricingSchema.safeParse(data?.pricing);
      if (!quote.success || !pricing.success) throw notFound(SAVED_ESTIMATE_UNREADABLE_MESSAGE, 'estimate_unreadable');
      const pdf = await renderQuotePdf({ id: row.id, createdAt: row.createdAt, quote: quote.data, pricing: pricing.data });
      res
        .status(200)
        .set({ 'Content-Type': 'application/pdf', 'Content-Disposition': `attachment; filename="crop-protection-estimate-${row.id}.pdf"`, 'Cache-Control': 'private, no-store' })
        .send(Buffer.from(pdf));
    },
  });

  /** A repeat with the same Idempotency-Key answers the first application again, with Idempotent-Replayed: true. */
  serve(endpoints.submit)({
    handle: async (req, res) => {
      const quote = parseQuotePayload(req.body, QUOTE_SUBMISSION_PAYLOAD_REQUIRED_MESSAGE);
      const idempotencyKey = parseInput(idempotencyKeySchema, req.get(IDEMPOTENCY_KEY_HEADER));
      const owner = await ownerOf(req, quote.personalDetails.userId);
      const { application, replayed } = await service.submit(quote, owner, signedInUser(req).id, idempotencyKey);
      if (replayed) res.set(IDEMPOTENT_REPLAYED_HEADER, 'true');
      return { success: true, application };
    },
  });

  serve(endpoints.mine)({
    handle: async (req) => {
      const rows = await db.protectionApplication.findMany({ where: { userId: signedInUser(req).id }, orderBy: { submittedAt: 'desc' } });
      return { success: true, applications: rows.map(presentSummary) };
    },
  });

  serve(endpoints.application)({
    handle: async (req, _res, { params: { id } }) => {
      const row = await db.protectionApplication.findUnique({ where: { id }, include: { paddocks: true, crops: true } });
      if (!row) throw notFound(APPLICATION_NOT_FOUND_MESSAGE);
      await policy.record(req, row.userId, 'read', APPLICATION_NOT_FOUND_MESSAGE);
      return { success: true, application: presentApplication(row) };
    },
  });

  serve(endpoints.staffApplications)({
    handle: async (_req, _res, { query }) => {
      const where = {
        ...(query.status ? { status: query.status } : {}),
        ...(query.userId ? { userId: query.userId } : {}),
        ...(query.awaiting === 'reversal_approval' ? { id: { in: await applicationsAwaitingReversalApproval(db) } } : {}),
      };
      const [total, rows] = await Promise.all([
        db.protectionApplication.count({ where }),
        db.protectionApplication.findMany({ where, orderBy: { submittedAt: 'desc' }, skip: (query.page - 1) * query.pageSize, take: query.pageSize }),
      ]);
      const [members, billing] = await Promise.all([
        db.user.findMany({ where: { id: { in: [...new Set(rows.map((row) => row.userId))] } }, select: { id: true, email: true, firstName: true, lastName: true } }),
        billingOf(
          db,
          rows.map((row) => row.id),
        ),
      ]);
      const byId = new Map(members.map((member) => [member.id, member]));
      return { success: true, applications: rows.map((row) => presentStaffApplication(row, byId.get(row.userId), billing(row.id))), total, page: query.page, pageSize: query.pageSize };
    },
  });

  return router;
}
