import { z } from 'zod';
import { daysInRange } from '../perth-time';
import { calendarDay } from './fields';
import { MAX_RANGE_DAYS } from './date-range';
import { pageParam } from './paging';

/**
 * The staff's lead pipeline, /api/admin/crm/leads (docs/crm.md). Every message names the field and
 * says what would be accepted.
 */

/** A query parameter left empty by a form counts as not given. */
const optionalParam = <S extends z.ZodType>(schema: S) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional());
const day = calendarDay('must be a date written YYYY-MM-DD, e.g. 2026-09-01');

/** Where a prospective member came from (their labels: shared/domain/crm/stages.ts). */
export const LEAD_SOURCES = ['register_interest', 'contact', 'callback', 'referrer', 'draft'] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];

/** The stages of the pipeline, in order. */
export const LEAD_STAGES = ['new', 'contacted', 'quoted', 'won', 'lost'] as const;
export type LeadStage = (typeof LEAD_STAGES)[number];

/** The stages staff choose from: 'won' is not among them, it comes only from a submitted application. */
export const STAFF_LEAD_STAGES = ['new', 'contacted', 'quoted', 'lost'] as const satisfies readonly LeadStage[];

export const LEADS_PAGE_SIZE = 25;
export const LEAD_LIMITS = { note: 4000, lostReason: 500, search: 200 } as const;

/** GET /api/admin/crm/leads: the pipeline, newest leads first. `due` keeps the open leads whose follow-up is on or before today. */
export const leadListQuerySchema = z.object({
  stage: optionalParam(z.enum(LEAD_STAGES, { error: `stage must be one of: ${LEAD_STAGES.join(', ')}` })),
  source: optionalParam(z.enum(LEAD_SOURCES, { error: `source must be one of: ${LEAD_SOURCES.join(', ')}` })),
  /** A referrer code. */
  referrer: optionalParam(z.string().trim().max(50, 'referrer must be a referrer code of at most 50 characters')),
  /** A staff member's id, or 'none' for leads nobody owns. */
  owner: optionalParam(z.string().trim().max(50, 'owner must be a staff member')),
  /** Part of the name, e-mail address or phone number. */
  search: optionalParam(z.string().trim().max(LEAD_LIMITS.search, `search must be at most ${LEAD_LIMITS.search} characters`)),
  due: optionalParam(z.enum(['1'], { error: 'due must be 1 or left out' })),
  page: pageParam,
});
export type LeadListQuery = z.input<typeof leadListQuerySchema>;

export const leadParamsSchema = z.object({ id: z.string().min(1).max(50) });

export const leadSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  userId: z.string().nullable(),
  /** The source the person first came through. */
  source: z.enum(LEAD_SOURCES),
  /** Every source the person has come through, first one first. */
  sources: z.array(z.enum(LEAD_SOURCES)),
  referrerCode: z.string().nullable(),
  referrerOrganisation: z.string().nullable(),
  stage: z.enum(LEAD_STAGES),
  lostReason: z.string().nullable(),
  owner: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** A Perth calendar day, YYYY-MM-DD. */
  nextFollowUpOn: z.string().nullable(),
  wonAt: z.string().nullable(),
  wonApplicationId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Lead = z.infer<typeof leadSchema>;

export const leadEventSchema = z.object({
  id: z.string(),
  kind: z.enum(['source', 'note', 'stage', 'won']),
  source: z.enum(LEAD_SOURCES).nullable(),
  text: z.string(),
  actorName: z.string().nullable(),
  createdAt: z.string(),
});
export type LeadEvent = z.infer<typeof leadEventSchema>;

const staffMemberSchema = z.object({ id: z.string(), name: z.string() });

export const leadListResponseSchema = z.object({
  leads: z.array(leadSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Leads in each stage, over the whole pipeline (not the filters). */
  stageCounts: z.record(z.enum(LEAD_STAGES), z.number().int()),
  /** Who may own a lead: the administrators and support staff. */
  staff: z.array(staffMemberSchema),
});
export type LeadListResponse = z.infer<typeof leadListResponseSchema>;

export const leadDetailResponseSchema = z.object({ lead: leadSchema, events: z.array(leadEventSchema) });
export type LeadDetailResponse = z.infer<typeof leadDetailResponseSchema>;

/**
 * PATCH /api/admin/crm/leads/:id: any of stage (with lostReason when 'lost'), owner, next
 * follow-up and a note, saved together. null clears the owner or the follow-up.
 */
export const leadUpdateSchema = z
  .object({
    stage: z.enum(STAFF_LEAD_STAGES, { error: `stage must be one of: ${STAFF_LEAD_STAGES.join(', ')} (a lead is won when its person submits an application)` }).optional(),
    lostReason: z.string().trim().max(LEAD_LIMITS.lostReason, `Keep the reason to ${LEAD_LIMITS.lostReason} characters.`).optional(),
    ownerId: z.preprocess((value) => (value === '' ? null : value), z.string().max(50, 'Choose a staff member.').nullable().optional()),
    nextFollowUpOn: z.preprocess((value) => (value === '' ? null : value), day.nullable().optional()),
    note: z.string().trim().max(LEAD_LIMITS.note, `Keep a note to ${LEAD_LIMITS.note} characters.`).optional(),
  })
  .refine((value) => value.stage !== 'lost' || (value.lostReason ?? '') !== '', { message: 'Say why the lead was lost.', path: ['lostReason'] });
export type LeadUpdate = z.input<typeof leadUpdateSchema>;

/** GET /api/admin/crm/leads/conversion: the leads that arrived in the period (Perth days). Without dates: the last 90 days. */
export const LEAD_CONVERSION_DEFAULT_DAYS = 90;
export const leadConversionQuerySchema = z
  .object({ from: optionalParam(day), to: optionalParam(day) })
  .refine((value) => !value.from || !value.to || value.from <= value.to, { message: 'from must be on or before to; swap the two dates', path: ['from'] })
  .refine((value) => !value.from || !value.to || daysInRange(value.from, value.to) <= MAX_RANGE_DAYS, {
    message: `from must be at most ${MAX_RANGE_DAYS} days before to; choose a shorter period`,
    path: ['from'],
  });

const conversionRowSchema = z.object({ key: z.string(), leads: z.number().int(), won: z.number().int(), lost: z.number().int(), open: z.number().int(), rate: z.number() });
export type LeadConversionRow = z.infer<typeof conversionRowSchema>;

export const leadConversionResponseSchema = z.object({
  from: z.string(),
  to: z.string(),
  total: conversionRowSchema,
  bySource: z.array(conversionRowSchema),
  /** key is the referrer code ('' for leads without one), with the referrer's organisation when known. */
  byReferrer: z.array(conversionRowSchema.extend({ organisation: z.string().nullable() })),
});
export type LeadConversionResponse = z.infer<typeof leadConversionResponseSchema>;
