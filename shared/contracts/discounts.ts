import { z } from 'zod';
import { COVERAGE_TYPES, type Permission } from '../constants';
import { DISCOUNT_KINDS, dynamicDiscountRuleSchema } from './pricing';
import { pageParam } from './paging';
import { isCalendarDay } from '../perth-time';

/**
 * The administrators' discount pages (docs/discounts.md): /admin/discount-rules (the dynamic rules,
 * their preview) and /admin/discount-management (the discounts given, manual discounts with
 * maker-checker approval, totals). Amounts the server answers are integer cents named …Cents.
 */

const [volumeRule, earlySeasonRule, multiYearRule, referrerRule, conditionalRule] = dynamicDiscountRuleSchema.options;

/** The longest membership a multi-year discount can ask for: no member has more seasons than this. */
const MAX_PRIOR_SEASONS = 50;
const RULE_DAYS = [
  ['validFrom', 'Valid from'],
  ['validTo', 'Valid to'],
  ['applyBy', 'Apply by'],
] as const;

/**
 * What an administrator asks for, beyond what a stored rule must be: its days real days of the
 * calendar in a year a record holds, and at most MAX_PRIOR_SEASONS prior seasons (2^31 failed at its
 * approval on PostgreSQL). Stored rules are not held to it, so a rule kept before still loads and
 * pricing never stops on one.
 */
function withinAskingBounds(rule: object, context: z.RefinementCtx) {
  const fields = rule as Record<string, unknown>;
  for (const [field, label] of RULE_DAYS) {
    const day = fields[field];
    if (typeof day === 'string' && !isCalendarDay(day)) context.addIssue({ code: 'custom', path: [field], message: `${label} must be a day of the calendar written YYYY-MM-DD, for example 2026-06-30` });
  }
  const seasons = fields['minimumPriorSeasons'];
  if (typeof seasons === 'number' && seasons > MAX_PRIOR_SEASONS) {
    context.addIssue({ code: 'custom', path: ['minimumPriorSeasons'], message: `A multi-year discount asks for at most ${MAX_PRIOR_SEASONS} prior seasons` });
  }
}

/** A rule as the editor sends it: the id is the path's (PUT) or made by the server (POST). */
export const discountRuleDraftSchema = z
  .discriminatedUnion('kind', [volumeRule.omit({ id: true }), earlySeasonRule.omit({ id: true }), multiYearRule.omit({ id: true }), referrerRule.omit({ id: true }), conditionalRule.omit({ id: true })])
  .superRefine(withinAskingBounds);
export type DiscountRuleDraft = z.infer<typeof discountRuleDraftSchema>;
export type DiscountRuleDraftInput = z.input<typeof discountRuleDraftSchema>;

/** POST /api/admin/discount-rules creates conditional rules only: the seeded kinds exist once each. */
export const discountRuleCreateSchema = conditionalRule.omit({ id: true }).superRefine(withinAskingBounds);

export const discountRuleParamsSchema = z.object({ id: z.string().trim().min(1, { error: 'A rule id is required' }).max(120, { error: 'A rule id is at most 120 characters' }) });

const ruleUsageSchema = z.object({ ruleId: z.string(), applications: z.number().int(), amountCents: z.number().int() });
export type RuleUsage = z.infer<typeof ruleUsageSchema>;

// ---------------------------------------------------------------------------------------------
// Approvals (maker-checker bound to people: shared/domain/accounts/maker-checker.ts).

/** What a role change can grant or take: the administrator role, the broker role, a permission, a referrer account. */
export const ROLE_NAMES = ['administrator', 'broker', 'referrer', 'edit_quotes', 'view_reports', 'customer_support'] as const satisfies ReadonlyArray<
  'administrator' | 'broker' | 'referrer' | Exclude<Permission, 'admin'>
>;
export type RoleName = (typeof ROLE_NAMES)[number];

/** One audited role change (the security log's role_changed), named. */
export const roleChangeViewSchema = z.object({
  userId: z.string(),
  userName: z.string(),
  changedById: z.string().nullable(),
  changedByName: z.string().nullable(),
  at: z.string(),
  granted: z.array(z.enum(ROLE_NAMES)),
  removed: z.array(z.enum(ROLE_NAMES)),
});
export type RoleChangeView = z.infer<typeof roleChangeViewSchema>;

/** Beside each approval waiting: may the signed-in administrator approve it, and the role changes that decide it. */
export const approvalCheckSchema = z.object({
  /** null when the signed-in administrator may approve; else the sentence the server refuses with. */
  refusal: z.string().nullable(),
  /** MAKER_CHECKER_WINDOW_DAYS: how far back the role changes below go. */
  windowDays: z.number().int(),
  /** Role changes of the one who asked, in the window, newest first. */
  requesterRoleChanges: z.array(roleChangeViewSchema),
  /** Role changes of the signed-in administrator (who would approve), in the window, newest first. */
  approverRoleChanges: z.array(roleChangeViewSchema),
});
export type ApprovalCheck = z.infer<typeof approvalCheckSchema>;

/** A new rule or a rule's new version, waiting for a second administrator; the approved version (before) prices meanwhile. */
export const discountRuleChangeSchema = z.object({
  id: z.string(),
  ruleId: z.string(),
  isNew: z.boolean(),
  rule: dynamicDiscountRuleSchema,
  before: dynamicDiscountRuleSchema.nullable(),
  requestedBy: z.string(),
  requestedById: z.string(),
  requestedAt: z.string(),
  approval: approvalCheckSchema,
});
export type DiscountRuleChange = z.infer<typeof discountRuleChangeSchema>;

/** GET /api/admin/discount-rules and the answer of every change: the rules with the model figures they live within. */
export const discountRulesResponseSchema = z.object({
  version: z.string(),
  maxTotalDiscountRate: z.number(),
  minimumPremium: z.number(),
  seasonYear: z.number().int(),
  /** The approved rules: what pricing uses. */
  rules: z.array(dynamicDiscountRuleSchema),
  /** Changes waiting for a second administrator, oldest first. */
  pending: z.array(discountRuleChangeSchema),
  /** What each rule has given on this season's submitted applications. */
  usage: z.array(ruleUsageSchema),
  /** What conditions can name: the active zones and crops of the model. */
  zones: z.array(z.object({ code: z.string(), name: z.string() })),
  crops: z.array(z.string()),
});
export type DiscountRulesResponse = z.infer<typeof discountRulesResponseSchema>;

/** POST /api/admin/discount-rules/preview: the rule as it would be saved (no id: a new rule). */
export const discountRulePreviewInputSchema = z.object({
  id: z.string().trim().min(1).max(120).optional(),
  rule: discountRuleDraftSchema,
});
export type DiscountRulePreviewInput = z.input<typeof discountRulePreviewInputSchema>;

const previewSampleSchema = z.object({
  label: z.string(),
  summary: z.string(),
  /** null when the sample cannot be priced with the current model (its sentence is in `problem`). */
  premiumBeforeCents: z.number().int().nullable(),
  premiumAfterCents: z.number().int().nullable(),
  /** What the rule itself takes off this quote after stacking and the caps (0 when it does not apply). */
  ruleAmountCents: z.number().int(),
  description: z.string().nullable(),
  problem: z.string().nullable(),
});
export type DiscountPreviewSample = z.infer<typeof previewSampleSchema>;

export const discountRulePreviewResponseSchema = z.object({
  samples: z.array(previewSampleSchema),
  lastSeason: z.object({
    seasonYear: z.number().int(),
    applications: z.number().int(),
    /** Applications the rule would apply to, re-quoted this season on the same day. */
    wouldGet: z.number().int(),
    /** How much less the mutual would collect from them (cents). */
    costCents: z.number().int(),
    /** Applications that could not be priced again (a crop or zone no longer offered). */
    unpriced: z.number().int(),
  }),
});
export type DiscountRulePreviewResponse = z.infer<typeof discountRulePreviewResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Discount management.

const optionalParam = <S extends z.ZodType>(schema: S) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional());
const seasonParam = optionalParam(
  z.coerce
    .number({ error: 'season must be a year, e.g. 2026' })
    .int({ error: 'season must be a year, e.g. 2026' })
    .min(2000, { error: 'season must be 2000 or later' })
    .max(2100, { error: 'season must be 2100 or earlier' }),
);
export const MANUAL_DISCOUNT_STATUSES = ['pending', 'approved', 'rejected', 'revoked'] as const;
export type ManualDiscountStatus = (typeof MANUAL_DISCOUNT_STATUSES)[number];
export const DISCOUNT_APPLICATIONS_PAGE_SIZE = 20;

export const discountApplicationsQuerySchema = z.object({
  season: seasonParam,
  /** A rule id, or 'manual' for applications with a manual discount. */
  rule: optionalParam(z.string().trim().max(120)),
  q: optionalParam(z.string().trim().max(100, { error: 'search must be at most 100 characters' })),
  page: pageParam,
});
export type DiscountApplicationsQuery = z.input<typeof discountApplicationsQuerySchema>;

export const discountSeasonQuerySchema = z.object({ season: seasonParam });

const manualDiscountSchema = z.object({
  id: z.string(),
  applicationId: z.string(),
  amountCents: z.number().int(),
  reason: z.string(),
  status: z.enum(MANUAL_DISCOUNT_STATUSES),
  requestedBy: z.string(),
  requestedById: z.string(),
  requestedAt: z.string(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decisionNote: z.string().nullable(),
  revokedBy: z.string().nullable(),
  revokedAt: z.string().nullable(),
  revokeReason: z.string().nullable(),
});
export type ManualDiscount = z.infer<typeof manualDiscountSchema>;

export const discountApplicationSchema = z.object({
  id: z.string(),
  /** APP-<season>-<number>. */
  reference: z.string(),
  memberName: z.string(),
  memberEmail: z.string(),
  submittedAt: z.string(),
  coverageType: z.enum(COVERAGE_TYPES),
  zoneCode: z.string(),
  modelVersion: z.string(),
  grossPremiumCents: z.number().int(),
  premiumCents: z.number().int(),
  ruleDiscounts: z.array(z.object({ ruleId: z.string(), ruleName: z.string(), kind: z.enum(DISCOUNT_KINDS), amountCents: z.number().int(), description: z.string() })),
  manualDiscounts: z.array(manualDiscountSchema),
  /** Rule discounts plus approved manual discounts. */
  totalDiscountCents: z.number().int(),
  /** The most a new manual discount may be: it never takes the premium below the minimum premium. */
  manualRoomCents: z.number().int(),
});
export type DiscountApplication = z.infer<typeof discountApplicationSchema>;

export const discountApplicationsResponseSchema = z.object({
  seasonYear: z.number().int(),
  applications: z.array(discountApplicationSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type DiscountApplicationsResponse = z.infer<typeof discountApplicationsResponseSchema>;

export const discountSummaryResponseSchema = z.object({
  seasonYear: z.number().int(),
  byRule: z.array(z.object({ ruleId: z.string(), ruleName: z.string(), applications: z.number().int(), amountCents: z.number().int() })),
  /** 'YYYY-MM' (Perth) of submission. */
  byMonth: z.array(z.object({ month: z.string(), applications: z.number().int(), amountCents: z.number().int() })),
  totalCents: z.number().int(),
  /** Manual discounts waiting for a second administrator, with whether the signed-in one may approve each. */
  pending: z.array(manualDiscountSchema.extend({ memberName: z.string(), applicationReference: z.string(), approval: approvalCheckSchema })),
});
export type DiscountSummaryResponse = z.infer<typeof discountSummaryResponseSchema>;

const reasonText = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(5, { error: `${label} must say why, in at least 5 characters` })
    .max(500, { error: `${label} must be at most 500 characters` });

export const manualDiscountInputSchema = z.object({
  applicationId: z.string({ error: 'Choose the application' }).trim().min(1, { error: 'Choose the application' }).max(128),
  /** Dollars, to the cent. */
  amount: z
    .number({ error: 'Amount must be a number of dollars' })
    .positive({ error: 'Amount must be more than $0' })
    .max(1_000_000, { error: 'Amount must be at most $1,000,000' })
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, { error: 'Amount must be whole cents' }),
  reason: reasonText('Reason'),
});
export type ManualDiscountInput = z.input<typeof manualDiscountInputSchema>;

/** The body of approving or rejecting a manual discount or a discount rule change. */
export const manualDiscountDecisionSchema = z.object({ note: optionalParam(z.string().trim().max(500, { error: 'Note must be at most 500 characters' })) });
export const manualDiscountRevokeSchema = z.object({ reason: reasonText('Reason for revoking') });
export const manualDiscountResponseSchema = z.object({ discount: manualDiscountSchema });
