/**
 * The administrators' discount pages (docs/discounts.md): the dynamic discount rules with their
 * preview, and the discounts given with manual discounts. A rule change and a manual discount count
 * only once a second, independent administrator approves them (maker-checker bound to people:
 * ../accounts/approvals.ts). Every route requires an administrator; every change is in the audit log.
 */
import { Router } from 'express';
import {
  discountApplicationsQuerySchema,
  discountRuleCreateSchema,
  discountRuleDraftSchema,
  discountRuleParamsSchema,
  discountRulePreviewInputSchema,
  discountSeasonQuerySchema,
  manualDiscountDecisionSchema,
  manualDiscountInputSchema,
  manualDiscountRevokeSchema,
} from '@shared/contracts/discounts';
import { recordParamsSchema } from '@shared/contracts/dashboard';
import type { AppContext } from '../../context';
import { providerOf } from '../../db/provider';
import { requireAdmin, signedInUser } from '../../middleware/auth';
import { validate } from '../../middleware/validate';
import { userSearch } from '../accounts/users.service';
import { discountManagementService } from './discount-management.service';
import { discountRulesService } from './discount-rules.service';

export function discountsRouter({ db, env }: AppContext): Router {
  const rules = discountRulesService(db);
  const management = discountManagementService(db, userSearch(providerOf(env.DATABASE_URL)));
  const router = Router();
  const noStore = { 'Cache-Control': 'no-store' };

  router.get('/admin/discount-rules', requireAdmin, async (req, res) => {
    res.set(noStore).json(await rules.list(signedInUser(req).id));
  });

  // Creating or changing a rule asks for a change: 202, it waits for a second administrator.
  const createInput = validate({ body: discountRuleCreateSchema });
  router.post('/admin/discount-rules', requireAdmin, createInput, async (req, res) => {
    res.status(202).json(await rules.create(signedInUser(req).id, createInput.input(req).body));
  });

  const previewInput = validate({ body: discountRulePreviewInputSchema });
  router.post('/admin/discount-rules/preview', requireAdmin, previewInput, async (req, res) => {
    const { id, rule } = previewInput.input(req).body;
    res.set(noStore).json(await rules.preview(id, rule));
  });

  const updateInput = validate({ params: discountRuleParamsSchema, body: discountRuleDraftSchema });
  router.put('/admin/discount-rules/:id', requireAdmin, updateInput, async (req, res) => {
    const { params, body } = updateInput.input(req);
    res.status(202).json(await rules.update(signedInUser(req).id, params.id, body));
  });

  const changeDecision = validate({ params: recordParamsSchema, body: manualDiscountDecisionSchema });
  router.post('/admin/discount-rules/changes/:id/approve', requireAdmin, changeDecision, async (req, res) => {
    const { params, body } = changeDecision.input(req);
    res.json(await rules.approve(signedInUser(req).id, params.id, body.note));
  });
  router.post('/admin/discount-rules/changes/:id/reject', requireAdmin, changeDecision, async (req, res) => {
    const { params, body } = changeDecision.input(req);
    res.json(await rules.reject(signedInUser(req).id, params.id, body.note));
  });

  const applicationsQuery = validate({ query: discountApplicationsQuerySchema });
  router.get('/admin/discount-management/applications', requireAdmin, applicationsQuery, async (req, res) => {
    res.set(noStore).json(await management.applications(applicationsQuery.input(req).query));
  });

  router.get('/admin/discount-management/applications.csv', requireAdmin, applicationsQuery, async (req, res) => {
    const { seasonYear, csv } = await management.applicationsCsv(applicationsQuery.input(req).query);
    res.set({ 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="discounts-${seasonYear}.csv"`, 'Cache-Control': 'no-store' }).send(csv);
  });

  const seasonQuery = validate({ query: discountSeasonQuerySchema });
  router.get('/admin/discount-management/summary', requireAdmin, seasonQuery, async (req, res) => {
    res.set(noStore).json(await management.summary(signedInUser(req).id, seasonQuery.input(req).query.season));
  });

  const grantInput = validate({ body: manualDiscountInputSchema });
  router.post('/admin/discount-management/manual', requireAdmin, grantInput, async (req, res) => {
    res.status(201).json({ discount: await management.grant(signedInUser(req).id, grantInput.input(req).body) });
  });

  const decisionInput = validate({ params: recordParamsSchema, body: manualDiscountDecisionSchema });
  router.post('/admin/discount-management/manual/:id/approve', requireAdmin, decisionInput, async (req, res) => {
    const { params, body } = decisionInput.input(req);
    res.json({ discount: await management.decide(signedInUser(req).id, params.id, 'approved', body.note) });
  });
  router.post('/admin/discount-management/manual/:id/reject', requireAdmin, decisionInput, async (req, res) => {
    const { params, body } = decisionInput.input(req);
    res.json({ discount: await management.decide(signedInUser(req).id, params.id, 'rejected', body.note) });
  });

  const revokeInput = validate({ params: recordParamsSchema, body: manualDiscountRevokeSchema });
  router.post('/admin/discount-management/manual/:id/revoke', requireAdmin, revokeInput, async (req, res) => {
    const { params, body } = revokeInput.input(req);
    res.json({ discount: await management.revoke(signedInUser(req).id, params.id, body.reason) });
  });

  return router;
}
