/**
 * The administrators' discount pages (docs/discounts.md): the dynamic discount rules with their
 * preview, and the discounts given with manual discounts. A rule change and a manual discount count
 * only once a second, independent administrator approves them (maker-checker bound to people).
 */
import { recordParamsSchema } from '../contracts/dashboard';
import {
  discountApplicationsQuerySchema,
  discountApplicationsResponseSchema,
  discountRuleCreateSchema,
  discountRuleDraftSchema,
  discountRuleParamsSchema,
  discountRulePreviewInputSchema,
  discountRulePreviewResponseSchema,
  discountRulesResponseSchema,
  discountSeasonQuerySchema,
  discountSummaryResponseSchema,
  manualDiscountDecisionSchema,
  manualDiscountInputSchema,
  manualDiscountResponseSchema,
  manualDiscountRevokeSchema,
} from '../contracts/discounts';
import { endpoint } from './endpoint';

export const discountEndpoints = {
  rules: endpoint({
    method: 'GET',
    path: '/api/admin/discount-rules',
    access: 'administrator',
    response: discountRulesResponseSchema,
    summary:
      'The approved rules, highest priority first, with the model version, cap, minimum premium and this season’s use; the changes waiting, each with whether the caller may approve it and the recent role changes of the one who asked and of the caller.',
  }),
  createRule: endpoint({
    method: 'POST',
    path: '/api/admin/discount-rules',
    access: 'administrator',
    body: discountRuleCreateSchema,
    response: discountRulesResponseSchema,
    status: 202,
    summary: 'Asks for a new conditional rule: 202, waiting for a second administrator; audited `discount_rule_change_requested`.',
  }),
  previewRule: endpoint({
    method: 'POST',
    path: '/api/admin/discount-rules/preview',
    access: 'administrator',
    body: discountRulePreviewInputSchema,
    response: discountRulePreviewResponseSchema,
    summary: 'A rule’s effect before it is saved; nothing is written.',
  }),
  updateRule: endpoint({
    method: 'PUT',
    path: '/api/admin/discount-rules/:id',
    access: 'administrator',
    params: discountRuleParamsSchema,
    body: discountRuleDraftSchema,
    response: discountRulesResponseSchema,
    status: 202,
    summary: 'Asks for a rule’s new version (whole; its kind cannot change): 202, the approved version prices meanwhile; 409 `discount_rule_change_pending` while another change of it waits.',
  }),
  approveRuleChange: endpoint({
    method: 'POST',
    path: '/api/admin/discount-rules/changes/:id/approve',
    access: 'administrator',
    params: recordParamsSchema,
    body: manualDiscountDecisionSchema,
    response: discountRulesResponseSchema,
    summary:
      'A second, independent administrator approves a waiting change: 403 `self_approval` for the one who asked, `recent_grant` for an administrator tied to them by a grant of the administrator role in the last 30 days (docs/security.md); new model version; audited `pricing_model_changed`.',
  }),
  rejectRuleChange: endpoint({
    method: 'POST',
    path: '/api/admin/discount-rules/changes/:id/reject',
    access: 'administrator',
    params: recordParamsSchema,
    body: manualDiscountDecisionSchema,
    response: discountRulesResponseSchema,
    summary: 'Drops a waiting change (the one who asked may withdraw it); audited `discount_rule_change_rejected`.',
  }),
  applications: endpoint({
    method: 'GET',
    path: '/api/admin/discount-management/applications',
    access: 'administrator',
    query: discountApplicationsQuerySchema,
    response: discountApplicationsResponseSchema,
    summary: 'A season’s applications with the discounts they were given: `season`, `rule` (an id or `manual`), `q` (a member’s name, e-mail or business; 400 `search_too_broad` past 20,000 people); `page`.',
  }),
  applicationsCsv: endpoint({
    method: 'GET',
    path: '/api/admin/discount-management/applications.csv',
    access: 'administrator',
    query: discountApplicationsQuerySchema,
    summary: 'The same list, every page, as a CSV file.',
  }),
  summary: endpoint({
    method: 'GET',
    path: '/api/admin/discount-management/summary',
    access: 'administrator',
    query: discountSeasonQuerySchema,
    response: discountSummaryResponseSchema,
    summary: 'A season’s totals by rule and by month; manual discounts awaiting approval, each with whether the caller may approve it and the recent role changes of the one who asked and of the caller.',
  }),
  grantManual: endpoint({
    method: 'POST',
    path: '/api/admin/discount-management/manual',
    sentOnce: true,
    access: 'administrator',
    body: manualDiscountInputSchema,
    response: manualDiscountResponseSchema,
    status: 201,
    summary: 'A manual discount, pending until another administrator approves it; audited `manual_discount_requested`.',
  }),
  approveManual: endpoint({
    method: 'POST',
    path: '/api/admin/discount-management/manual/:id/approve',
    access: 'administrator',
    params: recordParamsSchema,
    body: manualDiscountDecisionSchema,
    response: manualDiscountResponseSchema,
    summary:
      'A second, independent administrator approves it: 403 `self_approval` for the one who asked, `beneficiary_approval` for the member whose application it is (or an administrator they made one in the last 30 days), `recent_grant` for an administrator tied to the one who asked by such a grant (docs/security.md); audited with the role changes weighed.',
  }),
  rejectManual: endpoint({
    method: 'POST',
    path: '/api/admin/discount-management/manual/:id/reject',
    access: 'administrator',
    params: recordParamsSchema,
    body: manualDiscountDecisionSchema,
    response: manualDiscountResponseSchema,
    summary: 'Another administrator rejects it: 403 `self_approval` for the one who asked (they revoke it instead); audited.',
  }),
  revokeManual: endpoint({
    method: 'POST',
    path: '/api/admin/discount-management/manual/:id/revoke',
    access: 'administrator',
    params: recordParamsSchema,
    body: manualDiscountRevokeSchema,
    response: manualDiscountResponseSchema,
    summary: 'Revokes a pending or approved discount, with a reason; audited `manual_discount_revoked`.',
  }),
};
