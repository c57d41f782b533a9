/**
 * The administrators' people pages: /admin/user-lookup finds a person by any key staff
 * are given and shows everything the mutual holds of them; /admin/user-tracking is their timeline.
 */
import { z } from 'zod';
import { PERMISSIONS } from '../constants';
import { leadSchema } from './crm';
import { claimSchema } from './claims';
import { invoiceSchema, signedInSessionSchema } from './dashboard';
import { supportRequestRowSchema } from './support-requests';
import { pageParam, pageSizeParam } from './paging';
import { calendarDay } from './fields';

const id = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'That is not an account id: open the person from the search on /admin/user-lookup.');
const isoDay = calendarDay('Enter a day like 2026-05-01.');

/** The kinds of entry on a person's timeline (/admin/user-tracking), in the order the filter lists them. */
export const TIMELINE_KINDS = ['sign_in', 'sign_out', 'account', 'wizard_step', 'site_activity', 'draft', 'estimate', 'submission', 'claim', 'payment', 'support', 'staff_change'] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];

export const personParamsSchema = z.object({ userId: id });

/** GET /api/admin/user-lookup?q= */
export const userLookupQuerySchema = z.object({
  q: z.string().trim().min(2, 'Type at least 2 characters: a name, e-mail, phone, ABN, address, paddock, or an application, claim or invoice number.').max(200, 'Search for at most 200 characters.'),
  page: pageParam,
  pageSize: pageSizeParam(20, 50),
});
/** The search form: the same rule for the box. */
export const userLookupFormSchema = userLookupQuerySchema.pick({ q: true });

/** What the box can read the text as (shared/domain/people/search-key.ts tells them apart). */
export const SEARCH_KEY_KINDS = ['email', 'application', 'claim', 'invoice', 'receipt', 'abn', 'phone', 'record_id', 'text'] as const;
export type SearchKeyKind = (typeof SEARCH_KEY_KINDS)[number];
/** Why a person was found: the field or record that held the key. */
export const MATCH_FIELDS = ['name', 'email', 'phone', 'abn', 'business', 'postal_address', 'farm_address', 'paddock', 'application', 'claim', 'invoice', 'receipt', 'account'] as const;
export type MatchField = (typeof MATCH_FIELDS)[number];

export const personSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  businessName: z.string().nullable(),
  createdAt: z.string(),
  locked: z.boolean(),
  matchedBy: z.array(z.enum(MATCH_FIELDS)),
});
export type PersonSummary = z.infer<typeof personSummarySchema>;

export const userLookupResponseSchema = z.object({
  success: z.literal(true),
  /** What the box read the text as (shared/domain/people/search-key.ts). */
  keyKind: z.enum(SEARCH_KEY_KINDS),
  people: z.array(personSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type UserLookupResponse = z.infer<typeof userLookupResponseSchema>;

/** GET /api/admin/user-lookup/:userId: everything held of one person. */
export const personDetailSchema = z.object({
  success: z.literal(true),
  account: z.object({
    id: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    name: z.string(),
    phone: z.string().nullable(),
    address: z.string().nullable(),
    businessName: z.string().nullable(),
    abn: z.string().nullable(),
    emailVerifiedAt: z.string().nullable(),
    pendingEmail: z.string().nullable(),
    createdAt: z.string(),
    lockedAt: z.string().nullable(),
    referredByCode: z.string().nullable(),
    allowMarketing: z.boolean(),
  }),
  roles: z.object({
    isAdmin: z.boolean(),
    isBroker: z.boolean(),
    permissions: z.array(z.enum(PERMISSIONS)),
    broker: z.object({ id: z.string(), name: z.string() }).nullable(),
    clientCount: z.number().int(),
    referrer: z.object({ code: z.string(), organisation: z.string(), isActive: z.boolean() }).nullable(),
  }),
  drafts: z.array(z.object({ id: z.string(), step: z.string(), status: z.string(), version: z.number().int(), farmAddress: z.string(), createdAt: z.string(), updatedAt: z.string() })),
  savedEstimates: z.array(z.object({ id: z.string(), createdAt: z.string() })),
  applications: z.array(
    z.object({
      id: z.string(),
      reference: z.string(),
      status: z.string(),
      coverageType: z.string(),
      seasonYear: z.number().int(),
      totalPayable: z.number(),
      insuredValue: z.number(),
      coveredArea: z.number(),
      farmAddress: z.string(),
      paddockNames: z.array(z.string()),
      submittedAt: z.string(),
    }),
  ),
  claims: z.array(claimSchema.pick({ id: true, reference: true, peril: true, eventDate: true, status: true, estimatedLossCents: true, createdAt: true })),
  invoices: z.array(invoiceSchema),
  farmPaddocks: z.array(z.object({ id: z.string(), name: z.string(), crop: z.string().nullable(), areaHa: z.number() })),
  sessions: z.array(signedInSessionSchema.omit({ current: true })),
  /** The newest entries of the security log about the account: sign-ins and what changed it. */
  supportRequests: z.array(supportRequestRowSchema),
  leads: z.array(leadSchema),
  recentSecurityEvents: z.array(z.object({ id: z.string(), type: z.string(), ip: z.string().nullable(), createdAt: z.string(), details: z.record(z.string(), z.unknown()) })),
});
export type PersonDetail = z.infer<typeof personDetailSchema>;

/** POST /api/admin/user-lookup/:userId/lock */
export const lockAccountRequestSchema = z.object({ reason: z.string().trim().min(3, 'Say why the account is locked; the member may ask.').max(500, 'Keep the reason to 500 characters.') });
export type LockAccountRequest = z.infer<typeof lockAccountRequestSchema>;
export const accountActionResponseSchema = z.object({ success: z.literal(true), message: z.string() });

/** GET /api/admin/user-tracking/:userId?from&to&kinds&page&pageSize */
export const userTrackingQuerySchema = z
  .object({
    from: isoDay.optional(),
    to: isoDay.optional(),
    /** Comma-separated kinds; all when absent. */
    kinds: z
      .string()
      .trim()
      .max(300)
      .optional()
      .transform((value, ctx) => {
        if (!value) return [...TIMELINE_KINDS];
        const kinds = value.split(',').map((kind) => kind.trim());
        const unknown = kinds.filter((kind) => !(TIMELINE_KINDS as readonly string[]).includes(kind));
        if (unknown.length) {
          ctx.addIssue({ code: 'custom', message: `kinds must be among: ${TIMELINE_KINDS.join(', ')} (not ${unknown.join(', ')})` });
          return z.NEVER;
        }
        return kinds as (typeof TIMELINE_KINDS)[number][];
      }),
    page: pageParam,
    pageSize: pageSizeParam(50, 200),
  })
  .refine(({ from, to }) => !from || !to || from <= to, { message: 'The "From" day is after the "To" day.', path: ['from'] });
/** The timeline's filter form. */
export const userTrackingFilterFormSchema = z
  .object({ from: z.union([z.literal(''), isoDay]), to: z.union([z.literal(''), isoDay]), kind: z.union([z.literal(''), z.enum(TIMELINE_KINDS)]) })
  .refine(({ from, to }) => !from || !to || from <= to, { message: 'The "From" day is after the "To" day.', path: ['from'] });

export const timelineEntrySchema = z.object({
  /** Unique across sources: source:id. */
  id: z.string(),
  kind: z.enum(TIMELINE_KINDS),
  at: z.string(),
  title: z.string(),
  /** Facts about the entry; client addresses are masked (shared/domain/people/mask.ts). */
  detail: z.string(),
  /** Who did it when not the person: the staff member's name. */
  byStaff: z.string().nullable(),
  /** The browser tab session of a site or wizard event; set when the visitor was not yet signed in. */
  visitorSessionId: z.string().nullable(),
});
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

export const userTrackingResponseSchema = z.object({
  success: z.literal(true),
  person: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  /** The browser tab sessions tied to the person (events before they signed in included). */
  visitorSessions: z.array(z.string()),
  counts: z.record(z.enum(TIMELINE_KINDS), z.number().int()),
  entries: z.array(timelineEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type UserTrackingResponse = z.infer<typeof userTrackingResponseSchema>;

/** GET /api/admin/user-tracking/visitor-sessions/:sessionId: who a visitor's tab session became. */
export const visitorSessionParamsSchema = z.object({
  sessionId: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_.:-]{1,100}$/, 'A visitor session id is letters, digits and - _ . : only.'),
});
export const visitorSessionFormSchema = z.object({ sessionId: visitorSessionParamsSchema.shape.sessionId });
export const visitorSessionResponseSchema = z.object({
  success: z.literal(true),
  sessionId: z.string(),
  person: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  /** Events of the tab before the visitor signed in or registered. */
  anonymousEvents: z.number().int(),
});
export type VisitorSessionResponse = z.infer<typeof visitorSessionResponseSchema>;
