import { z } from 'zod';
import { FORM_LIMITS, REPORTING_LIMITS, TELEMETRY_RETENTION } from './public-site-limits';
import { pageParam } from './paging';
import { emailAddress, instantText } from './fields';

export { FORM_LIMITS, REPORTING_LIMITS, TELEMETRY_RETENTION };

/**
 * Public site contracts (docs/behaviour.md §3 'Contact form submission', 'Admin notification count response',
 * 'Error report', 'Analytics event'; §7 'Public and admin shell'). The server parses with these
 * schemas and the renderer types its calls with them.
 */

export const FORM_SUBMISSION_TYPES = ['contact', 'register'] as const;
export type FormSubmissionType = (typeof FORM_SUBMISSION_TYPES)[number];

/** No control characters (they would break an e-mail subject line) other than line breaks in a message. */
const singleLine = (max: number, required: string, tooLong: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(max, tooLong)
    .refine((value) => ![...value].some((char) => char.charCodeAt(0) < 32 || char.charCodeAt(0) === 127), 'Please remove line breaks and special characters.');

/**
 * POST /api/form-submissions. `website` is the hidden spam trap: people never see it, so it is
 * always sent empty; a filled one marks the submission as spam. `phone` is sent by the register
 * form only (the contact form does not collect it) and may be empty.
 */
export const formSubmissionRequestSchema = z.object({
  type: z.enum(FORM_SUBMISSION_TYPES, { error: 'Please choose what kind of message this is.' }),
  name: singleLine(FORM_LIMITS.name, 'Please enter your name.', `Please keep your name under ${FORM_LIMITS.name} characters.`),
  email: emailAddress({ required: 'Please enter your email address.', invalid: 'Please enter a valid email address.', tooLong: 'Please enter a shorter email address.', lowerCase: false }),
  phone: z
    .string()
    .trim()
    .max(FORM_LIMITS.phone, 'Please enter a shorter phone number.')
    .regex(/^[0-9+() -]*$/, 'Please enter a phone number using digits, spaces and + ( ) only.')
    .optional()
    .nullable()
    .transform((value) => (value ? value : null)),
  message: z.string({ error: 'Please enter a message.' }).trim().min(1, 'Please enter a message.').max(FORM_LIMITS.message, `Please keep your message under ${FORM_LIMITS.message} characters.`),
  website: z.string().max(500).optional().default(''),
});
export type FormSubmissionRequest = z.input<typeof formSubmissionRequestSchema>;

/** The success answer (SPEC does not show one); a filled spam trap gets exactly the same answer. */
export const formSubmissionResponseSchema = z.object({ success: z.literal(true) });

export const recentSubmissionSchema = z.object({
  id: z.string(),
  type: z.string(),
  name: z.string(),
  email: z.string(),
  createdAt: z.string(),
});
export type RecentSubmission = z.infer<typeof recentSubmissionSchema>;

/** What else waits for staff (the bell covers it beside the form submissions). */
export const staffAttentionSchema = z.object({
  /** Applications submitted and not yet taken up for review. */
  newApplications: z.number().int().nonnegative(),
  /** Claims lodged and not yet taken up for assessment. */
  newClaims: z.number().int().nonnegative(),
  /** Support requests nobody has picked up. */
  newSupportRequests: z.number().int().nonnegative(),
  /** Payment reversals asked for and waiting for a second person's approval. */
  reversalsAwaitingApproval: z.number().int().nonnegative(),
  /** Manual discounts asked for and waiting for a second person's approval. */
  manualDiscountsAwaitingApproval: z.number().int().nonnegative(),
  /** Changes to the discount rules waiting for a second person's approval. */
  ruleChangesAwaitingApproval: z.number().int().nonnegative(),
});
export type StaffAttention = z.infer<typeof staffAttentionSchema>;

/** GET /api/admin/notifications/count: docs/behaviour.md §3's unread count and recent submissions, and what else waits. */
export const notificationCountResponseSchema = z.object({
  unreadCount: z.number().int().nonnegative(),
  recentSubmissions: z.array(recentSubmissionSchema).max(3),
  attention: staffAttentionSchema,
});
export type NotificationCountResponse = z.infer<typeof notificationCountResponseSchema>;

/** One stored submission, as the administrators' list shows it. */
export const formSubmissionSchema = z.object({
  id: z.string(),
  type: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  message: z.string(),
  isRead: z.boolean(),
  isSpam: z.boolean(),
  createdAt: z.string(),
});
export type FormSubmission = z.infer<typeof formSubmissionSchema>;

export const FORM_SUBMISSION_FILTERS = ['all', 'unread', 'spam'] as const;
export type FormSubmissionFilter = (typeof FORM_SUBMISSION_FILTERS)[number];

export const formSubmissionListQuerySchema = z.object({
  filter: z.enum(FORM_SUBMISSION_FILTERS).default('all'),
  page: pageParam,
});

export const FORM_SUBMISSIONS_PAGE_SIZE = 25;

export const formSubmissionListResponseSchema = z.object({
  submissions: z.array(formSubmissionSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  unreadCount: z.number().int(),
});
export type FormSubmissionListResponse = z.infer<typeof formSubmissionListResponseSchema>;

export const formSubmissionUpdateSchema = z.object({ isRead: z.boolean() });
/** PATCH /api/admin/form-submissions/:id */
export const formSubmissionParamsSchema = z.object({ id: z.string().trim().min(1).max(100, { error: 'A submission id has at most 100 characters' }) });
/** PATCH /api/admin/form-submissions/:id: the submission as it now stands. */
export const formSubmissionUpdateResponseSchema = z.object({ submission: formSubmissionSchema });
/** POST /api/admin/form-submissions/mark-all-read: how many were unread. */
export const markAllSubmissionsReadResponseSchema = z.object({ updated: z.number().int().nonnegative() });

/* ---------- Error reports and analytics (docs/behaviour.md §3, §8 'Error reporting', §9) ---------- */

export const ERROR_REPORT_TYPES = ['javascript', 'react', 'api', 'custom'] as const;
export type ErrorReportType = (typeof ERROR_REPORT_TYPES)[number];
export const ERROR_SEVERITIES = ['low', 'medium', 'high', 'critical'] as const;
export type ErrorSeverity = (typeof ERROR_SEVERITIES)[number];

const boundedJson = z
  .record(z.string(), z.unknown())
  .default({})
  .refine((value) => JSON.stringify(value).length <= REPORTING_LIMITS.jsonBytes, `must be under ${REPORTING_LIMITS.jsonBytes} characters as JSON`);

const optionalId = z.string().max(200, 'must be at most 200 characters').nullish();
const text = (max: number) => z.string().max(max, `must be at most ${max} characters`);

/** A report's or page view's time, as the browser's clock gave it. */
const REPORT_TIME = 'timestamp must be a date and time with its offset, e.g. 2026-11-14T07:20:00.000Z';

export const errorReportSchema = z.object({
  id: z.string().min(1).max(100, 'must be at most 100 characters'),
  type: z.enum(ERROR_REPORT_TYPES),
  message: text(REPORTING_LIMITS.message),
  stack: text(REPORTING_LIMITS.stack).nullish(),
  url: text(REPORTING_LIMITS.url).nullish(),
  userAgent: text(REPORTING_LIMITS.userAgent).nullish(),
  timestamp: instantText(REPORT_TIME, { offset: true }),
  severity: z.enum(ERROR_SEVERITIES),
  metadata: boundedJson,
  fingerprint: z.string().min(1).max(200, 'must be at most 200 characters'),
  userId: optionalId,
  sessionId: optionalId,
});
export type ErrorReport = z.input<typeof errorReportSchema>;

/** POST /api/errors/track. */
export const trackErrorsRequestSchema = z.object({
  errors: z
    .array(errorReportSchema, { error: 'Send errors, a list of error reports.' })
    .min(1, 'Send at least one error report.')
    .max(REPORTING_LIMITS.errorsPerRequest, `Send at most ${REPORTING_LIMITS.errorsPerRequest} error reports per request; split larger batches.`),
});

export const analyticsEventSchema = z.object({
  event: z
    .string()
    .min(1)
    .max(100, 'must be at most 100 characters')
    .regex(/^[\w.:-]+$/, 'must be a name of letters, digits and _ . : -'),
  timestamp: instantText(REPORT_TIME, { offset: true }),
  properties: boundedJson,
  userId: optionalId,
  sessionId: optionalId,
});
export type AnalyticsEvent = z.input<typeof analyticsEventSchema>;

/** POST /api/analytics/events. */
export const analyticsEventsRequestSchema = z.object({
  events: z
    .array(analyticsEventSchema, { error: 'Send events, a list of analytics events.' })
    .min(1, 'Send at least one analytics event.')
    .max(REPORTING_LIMITS.eventsPerRequest, `Send at most ${REPORTING_LIMITS.eventsPerRequest} analytics events per request; split larger batches.`),
});

export const acceptedResponseSchema = z.object({ accepted: z.number().int() });

/* ---------- Corporate documents and site information ---------- */

export const corporateDocumentSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  fileName: z.string(),
  mimeType: z.string(),
  sizeBytes: z.number().int(),
  publishedAt: z.string(),
  downloadUrl: z.string(),
});
export type CorporateDocument = z.infer<typeof corporateDocumentSchema>;
export const corporateDocumentListSchema = z.object({ documents: z.array(corporateDocumentSchema) });
/** A corporate document's id in the address: its download, and staff's changes and removal. */
export const corporateDocumentParamsSchema = z.object({ id: z.string().trim().min(1).max(100, { error: 'A document id has at most 100 characters' }) });

/** GET /api/site-info: the configured legal details the footer's warning text carries. */
export const siteInfoSchema = z.object({
  legalName: z.string(),
  abn: z.string(),
  acn: z.string(),
});
export type SiteInfo = z.infer<typeof siteInfoSchema>;
