import { z } from 'zod';
import { daysInRange } from '../perth-time';
import { calendarDay } from './fields';
import { MAX_RANGE_DAYS } from './date-range';
import { corporateDocumentSchema, ERROR_REPORT_TYPES, ERROR_SEVERITIES } from './public-site';

/**
 * The administrators' errors, analytics and corporate documents pages (reports stored
 * 'for the administrators' errors and analytics pages'; documents 'administrators will manage').
 * Every message names the parameter and says what would be accepted, so a bad link can be fixed.
 */

/** A query parameter left empty by a form counts as not given. */
const optionalParam = <S extends z.ZodType>(schema: S) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const day = calendarDay('must be a date written YYYY-MM-DD, e.g. 2025-09-01');

const pageParam = z.coerce.number({ error: 'must be a page number from 1' }).int('must be a whole page number').min(1, 'must be a page number from 1').max(10_000, 'must be at most 10000').default(1);

const rangeInOrder = (value: { from?: string; to?: string }) => !value.from || !value.to || value.from <= value.to;
const rangeOrderIssue = { message: 'must be on or before to; swap the two dates', path: ['from'] };

export const ERRORS_PAGE_SIZE = 20;
export const ERROR_REPORTS_PAGE_SIZE = 20;

/**
 * GET /api/admin/errors: groups of reports with the same fingerprint, the most recently seen first.
 * Type and severity are those of the group's newest report; from/to pick the groups seen within
 * those Perth days (first seen on or before `to`, last seen on or after `from`).
 */
export const errorGroupQuerySchema = z
  .object({
    type: optionalParam(z.enum(ERROR_REPORT_TYPES, { error: `must be one of ${ERROR_REPORT_TYPES.join(', ')}` })),
    severity: optionalParam(z.enum(ERROR_SEVERITIES, { error: `must be one of ${ERROR_SEVERITIES.join(', ')}` })),
    from: optionalParam(day),
    to: optionalParam(day),
    page: pageParam,
  })
  .refine(rangeInOrder, rangeOrderIssue);
export type ErrorGroupQuery = z.input<typeof errorGroupQuerySchema>;

export const errorGroupSchema = z.object({
  fingerprint: z.string(),
  /** Every report of this fingerprint ever received (not only those kept). */
  count: z.number().int(),
  firstSeen: z.string(),
  lastSeen: z.string(),
  /** From the newest report of the group. */
  type: z.string(),
  severity: z.string(),
  message: z.string(),
  stack: z.string().nullable(),
  url: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type ErrorGroup = z.infer<typeof errorGroupSchema>;

export const errorGroupListSchema = z.object({
  groups: z.array(errorGroupSchema),
  /** Groups matching the filters, over all pages. */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ErrorGroupList = z.infer<typeof errorGroupListSchema>;

export const errorGroupDetailQuerySchema = z.object({ page: pageParam });
/** GET /api/admin/errors/:fingerprint: the group's fingerprint, as error reports carry it. */
export const errorGroupParamsSchema = z.object({ fingerprint: z.string().min(1).max(200, { error: 'A fingerprint has at most 200 characters' }) });

export const storedErrorReportSchema = z.object({
  id: z.string(),
  clientId: z.string(),
  occurredAt: z.string(),
  receivedAt: z.string(),
  severity: z.string(),
  message: z.string(),
  stack: z.string().nullable(),
  url: z.string().nullable(),
  userAgent: z.string().nullable(),
  userId: z.string().nullable(),
  sessionId: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()),
});
export type StoredErrorReport = z.infer<typeof storedErrorReportSchema>;

/** GET /api/admin/errors/:fingerprint: the group and its newest reports, newest first. */
export const errorGroupDetailSchema = z.object({
  group: errorGroupSchema,
  reports: z.array(storedErrorReportSchema),
  /** How many of the group's reports are kept (the newest ones); the rest only add to its count. */
  reportsKept: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ErrorGroupDetail = z.infer<typeof errorGroupDetailSchema>;

/** GET /api/admin/analytics/summary. Without dates: the last 30 days up to today (Perth). */
export const analyticsSummaryQuerySchema = z
  .object({
    from: optionalParam(day),
    to: optionalParam(day),
    event: optionalParam(
      z
        .string()
        .max(100, 'must be at most 100 characters')
        .regex(/^[\w.:-]+$/, 'must be an event name of letters, digits and _ . : -'),
    ),
  })
  .refine(rangeInOrder, rangeOrderIssue)
  .refine((value) => !value.from || !value.to || daysInRange(value.from, value.to) <= MAX_RANGE_DAYS, {
    message: `must be at most ${MAX_RANGE_DAYS} days before to; choose a shorter range`,
    path: ['from'],
  });
export type AnalyticsSummaryQuery = z.input<typeof analyticsSummaryQuerySchema>;

export const TOP_EVENTS_LIMIT = 20;

export const analyticsSummarySchema = z.object({
  from: z.string(),
  to: z.string(),
  /** The event the daily counts are of; null for all events. */
  event: z.string().nullable(),
  /** Events in the range (of the chosen event, if any). */
  total: z.number().int(),
  daily: z.array(z.object({ day: z.string(), count: z.number().int() })),
  /** The most frequent events in the range, most first (at most TOP_EVENTS_LIMIT). */
  topEvents: z.array(z.object({ event: z.string(), count: z.number().int() })),
});
export type AnalyticsSummary = z.infer<typeof analyticsSummarySchema>;

/* ---------- Corporate documents (/admin/blob-management) ---------- */

export const adminCorporateDocumentSchema = corporateDocumentSchema.extend({ sortOrder: z.number().int() });
export type AdminCorporateDocument = z.infer<typeof adminCorporateDocumentSchema>;
export const adminCorporateDocumentListSchema = z.object({ documents: z.array(adminCorporateDocumentSchema) });
export const adminCorporateDocumentResponseSchema = z.object({ document: adminCorporateDocumentSchema });

/** The lengths of a corporate document's title, description and stored file name (shared/domain/public-site/corporate-documents.ts). */
export const DOCUMENT_LIMITS = { title: 150, description: 1_000, fileName: 120 } as const;

const documentTitle = z
  .string({ error: 'Please give the document a title.' })
  .trim()
  .min(1, 'Please give the document a title.')
  .max(DOCUMENT_LIMITS.title, `Please keep the title under ${DOCUMENT_LIMITS.title} characters.`);
const documentDescription = z.string().trim().max(DOCUMENT_LIMITS.description, `Please keep the description under ${DOCUMENT_LIMITS.description} characters.`);

/** The text fields sent with the PDF in POST /api/admin/corporate-documents (multipart, file in `file`). */
export const corporateDocumentUploadSchema = z.object({ title: documentTitle, description: documentDescription.default('') });

/** PATCH /api/admin/corporate-documents/:id. */
export const corporateDocumentUpdateSchema = z
  .object({ title: documentTitle.optional(), description: documentDescription.optional() })
  .refine((value) => value.title !== undefined || value.description !== undefined, 'Send a title, a description or both.');
export type CorporateDocumentUpdate = z.input<typeof corporateDocumentUpdateSchema>;

/** PUT /api/admin/corporate-documents/order: every document's id, in the order the public page lists them. */
export const corporateDocumentOrderSchema = z.object({
  ids: z.array(z.string().min(1).max(100), { error: 'Send ids, the list of every document id in the new order.' }).max(500),
});
