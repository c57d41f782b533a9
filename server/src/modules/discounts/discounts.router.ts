/**
 * The administrators' discount pages (docs/discounts.md): the dynamic discount rules with their
 * preview, and the discounts given with manual discounts. A rule change and a manual discount count
 * only once a second, independent administrator approves them (maker-checker bound to people:
 * ../accounts/approvals.ts). Each route is an endpoint of the table (shared/endpoints/discounts.ts)
 * for administrators; every change is in the audit log.
 */
import type { Router } from 'express';
import { discountEndpoints as endpoints } from '@shared/endpoints/discounts';
import type { AppContext } from '../../context';
import { providerOf } from '../../db/provider';
import { sendCsv } from '../../lib/csv-download';
import { signedInUser } from '../../middleware/auth';
import { endpointRouter } from '../../middleware/serve';
import { secondPersonMail } from '../accounts/second-person-emails';
import { discountManagementService } from './discount-management.service';
import { DISCOUNT_LINES_CSV } from './discounts-csv';
import { discountRulesService } from './discount-rules.service';

export function discountsRouter(context: AppContext): Router {
  const { db, env } = context;
  // What waits for a second administrator is e-mailed to those who may decide it, and the decision to the one who asked.
  const rules = discountRulesService(db, secondPersonMail(context));
  const management = discountManagementService(db, providerOf(env.DATABASE_URL), secondPersonMail(context));
  const { router, serve } = endpointRouter(context);
  const noStore = { 'Cache-Control': 'no-store' };

  serve(endpoints.rules)({
    handle: async (req, res) => {
      const list = await rules.list(signedInUser(req).id);
      res.set(noStore);
      return list;
    },
  });

  // Creating or changing a rule asks for a change: 202, it waits for a second administrator.
  serve(endpoints.createRule)({ handle: async (req, _res, { body }) => rules.create(signedInUser(req).id, body) });

  serve(endpoints.previewRule)({
    handle: async (_req, res, { body: { id, rule } }) => {
      const preview = await rules.preview(id, rule);
      res.set(noStore);
      return preview;
    },
  });

  serve(endpoints.updateRule)({ handle: async (req, _res, { params, body }) => rules.update(signedInUser(req).id, params.id, body) });

  serve(endpoints.approveRuleChange)({ handle: async (req, _res, { params, body }) => rules.approve(signedInUser(req).id, params.id, body.note) });
  serve(endpoints.rejectRuleChange)({ handle: async (req, _res, { params, body }) => rules.reject(signedInUser(req).id, params.id, body.note) });

  serve(endpoints.applications)({
    handle: async (_req, res, { query }) => {
      const list = await management.applications(query);
      res.set(noStore);
      return list;
    },
  });

  serve(endpoints.applicationsCsv)({
    handle: async (_req, res, { query }) => {
      const { seasonYear, lines } = await management.export(query);
      await sendCsv(res, `discounts-${seasonYear}.csv`, DISCOUNT_LINES_CSV, lines);
    },
  });

  serve(endpoints.summary)({
    handle: async (req, res, { query }) => {
      const summary = await management.summary(signedInUser(req).id, query.season);
      res.set(noStore);
      return summary;
    },
  });

  serve(endpoints.grantManual)({ handle: async (req, _res, { body }) => ({ discount: await management.grant(signedInUser(req).id, body) }) });

  serve(endpoints.approveManual)({
    handle: async (req, _res, { params, body }) => ({ discount: await management.decide(signedInUser(req).id, params.id, 'approved', body.note) }),
  });
  serve(endpoints.rejectManual)({
    handle: async (req, _res, { params, body }) => ({ discount: await management.decide(signedInUser(req).id, params.id, 'rejected', body.note) }),
  });

  serve(endpoints.revokeManual)({
    handle: async (req, _res, { params, body }) => ({ discount: await management.revoke(signedInUser(req).id, params.id, body.reason) }),
  });

  return router;
}
