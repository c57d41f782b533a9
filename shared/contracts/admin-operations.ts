import { z } from 'zod';
import { CLAIM_STATUSES } from './claims';
import { PROTECTION_STATUSES } from './protection-status';

/** The administrators' season overview (/admin/dashboard). */

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
   * stage rule, shared/domain/protection/lifecycle.ts): insuredValueCents is the value they accepted,
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
