/** Staff's renewal pipeline (docs/seasons.md 'The renewal pipeline'). */
import { z } from 'zod';
import { COVERAGE_TYPES } from '../constants';
import { calendarDate, recordId } from './fields';

export const RENEWAL_STAGES = ['due', 'started', 'submitted', 'lapsed'] as const;
export type RenewalStage = (typeof RENEWAL_STAGES)[number];

export const RENEWALS_PAGE_SIZE = 20;

export const renewalListQuerySchema = z.object({
  stage: z.enum(RENEWAL_STAGES, 'Choose due, started, submitted or lapsed').optional(),
  /** Part of a member's name or e-mail address. */
  q: z.string().trim().max(100, 'Search for at most 100 characters.').optional(),
  page: z.coerce.number().int().min(1).default(1),
});

export const renewalRowSchema = z.object({
  memberId: z.string(),
  name: z.string(),
  email: z.string(),
  stage: z.enum(RENEWAL_STAGES),
  /** The protection the renewal starts from. */
  from: z.object({ reference: z.string(), season: z.string(), coverEndsOn: calendarDate }),
  /** The Perth day staff last sent this member a reminder for the open season. */
  remindedOn: calendarDate.nullable(),
});
export type RenewalRow = z.infer<typeof renewalRowSchema>;

export const renewalListSchema = z.object({
  season: z.object({ year: z.number().int(), opensOn: calendarDate }),
  counts: z.object({ due: z.number().int(), started: z.number().int(), submitted: z.number().int(), lapsed: z.number().int() }),
  rows: z.array(renewalRowSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export const renewalMemberParamsSchema = z.object({ memberId: recordId });
export const renewalReminderResponseSchema = z.object({ remindedOn: calendarDate });

/** POST /api/dashboard/renewal: the draft the renewal opens in (a new one, or the one already started from the same protection). */
export const startRenewalResponseSchema = z.object({ draftId: z.string(), memberId: z.string(), resumed: z.boolean() });

/** GET /api/dashboard/renewals/:id: the protection a renewal starts from, as the wizard sets it beside the new quote. */
export const renewalBasisSchema = z.object({
  id: z.string(),
  reference: z.string(),
  season: z.string(),
  zoneCode: z.string(),
  coverageType: z.enum(COVERAGE_TYPES),
  /** Every paddock of the application; `crop` null for one not protected. */
  paddocks: z.array(z.object({ id: z.string(), name: z.string(), crop: z.string().nullable(), areaHa: z.number() })),
  rates: z.array(z.object({ cropType: z.string(), ratePercent: z.number() })),
  /** What the member was asked to pay (contribution and membership), and the value protected, in cents. */
  totalPayableCents: z.number().int(),
  valueProtectedCents: z.number().int(),
  coveredAreaHa: z.number(),
});
export type RenewalBasis = z.infer<typeof renewalBasisSchema>;
