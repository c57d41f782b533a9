/**
 * Support requests (docs/support-requests.md): the staff queue under /api/admin/support-requests and
 * the member's 'Ask for help' form and answers under /api/support-requests.
 */
import { z } from 'zod';
import { recordId as id } from './fields';

/** The doors a request for help comes in by, and the path it takes (their labels and moves: shared/domain/support-requests/requests.ts). */
export const SUPPORT_REQUEST_SOURCES = ['callback', 'contact', 'claim_information', 'help_form'] as const;
export type SupportRequestSource = (typeof SUPPORT_REQUEST_SOURCES)[number];
export const SUPPORT_REQUEST_STATUSES = ['new', 'assigned', 'in_progress', 'waiting_on_member', 'resolved'] as const;
export type SupportRequestStatus = (typeof SUPPORT_REQUEST_STATUSES)[number];

const message = (required: string) => z.string({ error: required }).trim().min(1, required).max(4000, 'Please keep it under 4,000 characters.');
const whole = (name: string, max: number) =>
  z.coerce
    .number({ error: `${name} must be a whole number from 1 to ${max}` })
    .int({ error: `${name} must be a whole number from 1 to ${max}` })
    .min(1, { error: `${name} must be a whole number from 1 to ${max}` })
    .max(max, { error: `${name} must be a whole number from 1 to ${max}` });

export const supportRequestParamsSchema = z.object({ id });

/* ---------- The staff queue ---------- */

/** 'open' (every status but resolved) and 'all' besides the statuses themselves. */
export const SUPPORT_REQUEST_STATUS_FILTERS = ['open', 'all', ...SUPPORT_REQUEST_STATUSES] as const;

/** GET /api/admin/support-requests (and its export.csv): open requests, oldest first, unless asked otherwise. */
export const supportRequestListQuerySchema = z.object({
  status: z.enum(SUPPORT_REQUEST_STATUS_FILTERS, { error: `status must be one of: ${SUPPORT_REQUEST_STATUS_FILTERS.join(', ')}` }).default('open'),
  source: z.enum(SUPPORT_REQUEST_SOURCES, { error: `source must be one of: ${SUPPORT_REQUEST_SOURCES.join(', ')}` }).optional(),
  /** 'me', 'unassigned', or a staff member's id. */
  assignee: z.union([z.enum(['me', 'unassigned']), id], { error: 'assignee must be me, unassigned or a staff id' }).optional(),
  /** Part of the person's name or e-mail address, or of the subject. */
  search: z.string().trim().max(200, { error: 'search must be at most 200 characters' }).optional(),
  page: whole('page', 10_000).default(1),
  pageSize: whole('pageSize', 100).default(25),
});
export type SupportRequestListQuery = z.output<typeof supportRequestListQuerySchema>;

const personSchema = z.object({ id: z.string(), name: z.string(), email: z.string() });

export const supportRequestAgeSchema = z.object({
  /** Business minutes waited for the first answer (Perth hours), until it or until now. */
  businessMinutes: z.number().int(),
  /** The one-business-day target. */
  dueAt: z.string(),
  overdue: z.boolean(),
});

export const supportRequestRowSchema = z.object({
  id: z.string(),
  source: z.enum(SUPPORT_REQUEST_SOURCES),
  status: z.enum(SUPPORT_REQUEST_STATUSES),
  subject: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  member: personSchema.nullable(),
  assignee: personSchema.nullable(),
  claim: z.object({ id: z.string(), reference: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  firstAnsweredAt: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  age: supportRequestAgeSchema,
});
export type SupportRequestRow = z.infer<typeof supportRequestRowSchema>;

export const supportRequestListResponseSchema = z.object({
  requests: z.array(supportRequestRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** The whole queue by status, whatever the filters. */
  counts: z.record(z.enum(SUPPORT_REQUEST_STATUSES), z.number().int()),
  /** Open requests past the one-business-day target without an answer. */
  overdue: z.number().int(),
});
export type SupportRequestListResponse = z.infer<typeof supportRequestListResponseSchema>;

export const supportRequestMessageSchema = z.object({ id: z.string(), fromStaff: z.boolean(), authorName: z.string(), body: z.string(), createdAt: z.string() });
export const supportRequestNoteSchema = z.object({ id: z.string(), authorName: z.string(), body: z.string(), createdAt: z.string() });

export const supportRequestDetailSchema = supportRequestRowSchema.extend({
  body: z.string(),
  messages: z.array(supportRequestMessageSchema),
  notes: z.array(supportRequestNoteSchema),
  /**
   * The request is from a visitor (`member` null: not sent signed in) and an account uses its
   * address: staff may link it to that account by hand, once the person has confirmed it is theirs.
   */
  addressHasAccount: z.boolean(),
});
export type SupportRequestDetail = z.infer<typeof supportRequestDetailSchema>;
export const supportRequestDetailResponseSchema = z.object({ request: supportRequestDetailSchema });
/** The answer of a reply: the request, and whether the e-mail to the person went. */

/** PATCH /api/admin/support-requests/:id: a new status, a new assignee (null: nobody), or both. */
export const supportRequestUpdateSchema = z
  .object({
    status: z.enum(SUPPORT_REQUEST_STATUSES, { error: `status must be one of: ${SUPPORT_REQUEST_STATUSES.join(', ')}` }).optional(),
    assigneeId: id.nullable().optional(),
  })
  .refine((change) => change.status !== undefined || change.assigneeId !== undefined, { message: 'Choose a status or an assignee.' });

/** POST /api/admin/support-requests/:id/notes */
export const supportRequestNoteInputSchema = z.object({ body: message('Write the note.') });

/** POST /api/admin/support-requests/:id/replies: e-mailed to the person; 'resolve' closes the request with it. */
export const supportRequestReplyInputSchema = z.object({ body: message('Write your answer.'), resolve: z.boolean().default(false) });

/**
 * POST /api/admin/support-requests/:id/link: a visitor's request joins the account that uses its
 * address. A message is never linked by its address alone: staff confirm first.
 */
export const supportRequestLinkInputSchema = z.object({
  confirmed: z.literal(true, { error: 'Confirm with the person that the message is theirs before you link it to their account.' }),
});

/** GET /api/admin/support-requests/count: the menu badge (docs/behaviour.md §2's unread rule, on new requests). */
export const supportRequestCountResponseSchema = z.object({ newCount: z.number().int() });

/** GET /api/admin/support-requests/assignees: the staff a request may be given to. */
export const supportRequestAssigneesResponseSchema = z.object({ assignees: z.array(personSchema) });

/* ---------- The member's side ---------- */

export const HELP_TOPICS = ['protection', 'claim', 'payment', 'account', 'other'] as const;
export const HELP_TOPIC_LABELS: Record<(typeof HELP_TOPICS)[number], string> = {
  protection: 'My protection or a quote',
  claim: 'A claim',
  payment: 'Invoices and payments',
  account: 'My account or farm details',
  other: 'Something else',
};

/** POST /api/support-requests: the dashboard's 'Ask for help' form. */
export const askForHelpSchema = z.object({
  topic: z.enum(HELP_TOPICS, { error: 'Choose what it is about.' }),
  subject: z
    .string({ error: 'Say in a few words what you need.' })
    .trim()
    .min(1, 'Say in a few words what you need.')
    .max(120, 'Please keep the subject under 120 characters.')
    .refine((value) => ![...value].some((char) => char.charCodeAt(0) < 32 || char.charCodeAt(0) === 127), 'Please remove line breaks from the subject.'),
  message: message('Tell us what you need help with.'),
});
export type AskForHelpInput = z.input<typeof askForHelpSchema>;

/** POST /api/support-requests/:id/messages: the member writes again on their open request. */
export const supportRequestFollowUpSchema = z.object({ body: message('Write your message.') });

export const memberSupportRequestSchema = z.object({
  id: z.string(),
  source: z.enum(SUPPORT_REQUEST_SOURCES),
  status: z.enum(SUPPORT_REQUEST_STATUSES),
  subject: z.string(),
  body: z.string(),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
  messages: z.array(supportRequestMessageSchema),
});
export type MemberSupportRequest = z.infer<typeof memberSupportRequestSchema>;
export const memberSupportRequestsResponseSchema = z.object({ requests: z.array(memberSupportRequestSchema) });
export const memberSupportRequestResponseSchema = z.object({ request: memberSupportRequestSchema });
