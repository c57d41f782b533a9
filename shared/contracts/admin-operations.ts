import { z } from 'zod';
import { ALERT_KINDS } from './alerts';
import { CLAIM_PERILS, CLAIM_STATUSES, claimSchema, PROTECTION_STATUSES } from './dashboard';
import { pageParam, pageSizeParam } from './paging';

/** The administrators' season overview (/admin/dashboard) and claims list (/admin/claims). */

const countsOf = <T extends readonly [string, ...string[]]>(keys: T) => z.record(z.enum(keys), z.number().int());

/** GET /api/admin/overview[?season=YYYY] */
export const adminOverviewQuerySchema = z.object({
  season: z.coerce
    .number({ error: 'season must be a year such as 2026' })
    .int({ error: 'season must be a year such as 2026' })
    .min(2000, { error: 'season must be a year such as 2026' })
    .max(2100, { error: 'season must be a year such as 2026' })
    .optional(),
});
export const adminOverviewResponseSchema = z.object({
  success: z.literal(true),
  season: z.number().int(),
  /** Applications of the season, by status. */
  applications: countsOf(PROTECTION_STATUSES),
  /** Every claim, by status. */
  claims: countsOf(CLAIM_STATUSES),
  unreadSubmissions: z.number().int(),
  /** Members (not referrer partners) who registered in the last 7 days. */
  newMembersThisWeek: z.number().int(),
  /**
   * The server figures of the season's applications the board accepted, added up, in cents (one
   * stage rule, shared/domain/dashboard/lifecycle.ts): insuredValueCents is the value they accepted,
   * valueProtectedCents the part whose cover has started. An application still to be decided is in
   * `applications` only.
   */
  premiumWritten: z.object({
    premiumCents: z.number().int(),
    displayedPremiumCents: z.number().int(),
    totalPayableCents: z.number().int(),
    insuredValueCents: z.number().int(),
    valueProtectedCents: z.number().int(),
  }),
});
export type AdminOverviewResponse = z.infer<typeof adminOverviewResponseSchema>;

/** GET /api/admin/claims */
export const adminClaimsQuerySchema = z.object({
  status: z.enum(CLAIM_STATUSES, { error: `status must be one of: ${CLAIM_STATUSES.join(', ')}` }).optional(),
  peril: z.enum(CLAIM_PERILS, { error: `peril must be one of: ${CLAIM_PERILS.join(', ')}` }).optional(),
  /** Part of the member's name, e-mail address or business. */
  member: z.string().trim().max(200, { error: 'member must be at most 200 characters' }).optional(),
  page: pageParam,
  pageSize: pageSizeParam(25),
});
/** Whether a stored event bears out the claim (shared/domain/alerts/alert-claims.ts), with the sentence staff read. */
export const claimCorroborationSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('corroborated'), eventId: z.string(), title: z.string(), kind: z.enum(ALERT_KINDS), paddocks: z.array(z.string()), summary: z.string() }),
  z.object({ status: z.literal('not_corroborated'), summary: z.string() }),
]);

export type ClaimCorroboration = z.infer<typeof claimCorroborationSchema>;

export const adminClaimsResponseSchema = z.object({
  success: z.literal(true),
  claims: z.array(claimSchema.extend({ memberName: z.string(), memberEmail: z.string(), corroboration: claimCorroborationSchema })),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminClaim = z.infer<typeof adminClaimsResponseSchema>['claims'][number];
