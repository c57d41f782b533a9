/** Staff's renewal pipeline (docs/seasons.md 'The renewal pipeline'). */
import { z } from 'zod';
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
