/**
 * Support requests (docs/support-requests.md): one staff queue of every request for help. Other
 * modules open requests with one call each (a callback request, a contact message, a member's
 * message on a claim with information requested); members ask from their dashboard; staff assign,
 * note, answer (e-mailed) and resolve. Every staff change is written with its audit entry in one
 * transaction.
 */
import { byFirstName } from '@shared/domain/accounts/name-order';
import type { askForHelpSchema, MemberSupportRequest, SupportRequestListQuery, SupportRequestListResponse, SupportRequestRow } from '@shared/contracts/support-requests';
import { HELP_TOPIC_LABELS, SUPPORT_REQUEST_STATUSES, type SupportRequestStatus } from '@shared/contracts/support-requests';
import type { z } from 'zod';
import { normaliseEmail } from '@shared/domain/accounts/display-name';
import { isAdministrator, normalisePermissions } from '@shared/domain/accounts/permissions';
import { responseAge } from '@shared/domain/support-requests/business-hours';
import { answersTheRequest, isOpenRequest, nextStatus, statusAfterMemberMessage, statusAfterStaffReply } from '@shared/domain/support-requests/requests';
import type { Database } from '../../db/client';
import type { DatabaseProvider } from '../../db/provider';
import { anyCaseContains } from '../../db/text-search';
import type { Prisma, SupportRequest } from '../../generated/prisma/client';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import { auditEntry } from '../../lib/audit-log';
import { everyRow } from '../../lib/csv-download';
import { email } from '../../lib/email-layout';
import type { Mailer } from '../../lib/mail-queue';
import { presentForMember, presentSupportRequestDetail, presentSupportRequests, supportRequestThread } from '../../presenters/support-request';

export const SUPPORT_REQUEST_NOT_FOUND = 'That support request does not exist.';

/** The audit actions of staff work on the queue. */
export const SUPPORT_AUDIT = {
  updated: 'support_request.updated',
  noted: 'support_request.note_added',
  replied: 'support_request.replied',
  exported: 'support_request.exported',
  linked: 'support_request.linked',
} as const;

/**
 * A request joins a member's account only when it was sent signed in: an e-mail
 * address typed into a public form proves nothing about who typed it, so a visitor's request joins
 * no account, whatever address it names, until staff link it by hand (linkSupportRequest) once the
 * person has confirmed it is theirs.
 */

/* ---------- Opened from other modules: one call each ---------- */

/** POST /api/callbacks/request: every callback request is a request for help, in the account of a caller signed in. */
export async function supportRequestFromCallback(
  db: Database,
  callback: {
    id: string;
    userId: string | null;
    email: string;
    firstName: string;
    lastName: string;
    phone: string;
    reason: string;
    timePreference: string;
    customTime: string | null;
    description: string | null;
  },
): Promise<void> {
  const when = callback.customTime ? `${callback.timePreference} (${callback.customTime})` : callback.timePreference;
  await db.supportRequest.upsert({
    where: { callbackRequestId: callback.id },
    update: {},
    create: {
      source: 'callback',
      subject: `Call back: ${callback.reason}`,
      body: [`Please call ${callback.phone}. Preferred time: ${when}.`, callback.description ?? ''].filter(Boolean).join('\n\n'),
      name: `${callback.firstName} ${callback.lastName}`.trim(),
      email: callback.email,
      phone: callback.phone,
      userId: callback.userId,
      callbackRequestId: callback.id,
    },
  });
}

/**
 * A contact form message is a question for staff unless its spam trap was filled (isSpam, set by
 * form-submissions.service.ts) or it is a registration of interest (type 'register': a lead, not a
 * request for help). It joins the account of the sender signed in (`senderId`), whatever address
 * the form names; a visitor's joins none.
 */
export async function supportRequestFromContactMessage(
  db: Database,
  submission: { id: string; type: string; isSpam: boolean; name: string; email: string; phone: string | null; message: string },
  senderId: string | null,
): Promise<void> {
  if (submission.type !== 'contact' || submission.isSpam) return;
  const firstLine = submission.message.split('\n', 1)[0]!.trim();
  await db.supportRequest.upsert({
    where: { formSubmissionId: submission.id },
    update: {},
    create: {
      source: 'contact',
      subject: firstLine.length > 80 ? `${firstLine.slice(0, 79)}…` : firstLine || 'Contact message',
      body: submission.message,
      name: submission.name,
      email: submission.email,
      phone: submission.phone,
      userId: senderId,
      formSubmissionId: submission.id,
    },
  });
}

/**
 * A member's message on a claim whose status is 'information requested' (staff asked them for
 * something; `answersInformationRequest` says which messages) needs staff to pick it up: it opens a
 * request, or joins the claim's open one (dated when the member sent it, so the thread keeps their
 * order) and brings it back to staff. Once per message, however often it is called.
 */
export async function supportRequestFromClaimMessage(
  db: Database,
  claim: { id: string; userId: string; reference: string },
  message: { id: string; authorId: string; body: string; createdAt: Date },
): Promise<void> {
  const [opened, added] = await Promise.all([
    db.supportRequest.findUnique({ where: { claimMessageId: message.id }, select: { id: true } }),
    db.supportRequestMessage.findUnique({ where: { claimMessageId: message.id }, select: { id: true } }),
  ]);
  if (opened || added) return;
  const open = await db.supportRequest.findFirst({ where: { claimId: claim.id, status: { not: 'resolved' } }, orderBy: { createdAt: 'desc' } });
  if (open) {
    await db.supportRequest.update({
      where: { id: open.id },
      data: {
        status: statusAfterMemberMessage(open.status as SupportRequestStatus),
        messages: { create: { authorId: message.authorId, fromStaff: false, body: message.body, claimMessageId: message.id, createdAt: message.createdAt } },
      },
    });
    return;
  }
  const member = await db.user.findUniqueOrThrow({ where: { id: claim.userId }, select: { firstName: true, lastName: true, email: true, phone: true } });
  await db.supportRequest.create({
    data: {
      source: 'claim_information',
      subject: `Claim ${claim.reference}: information requested`,
      body: message.body,
      name: `${member.firstName} ${member.lastName}`.trim(),
      email: member.email,
      phone: member.phone,
      userId: claim.userId,
      claimId: claim.id,
      claimMessageId: message.id,
    },
  });
}

/* ---------- The member's side ---------- */

const memberThread = { messages: supportRequestThread.messages } as const;

/** The dashboard's 'Ask for help' form, from the signed-in person for themselves. */
export async function askForHelp(db: Database, userId: string, input: z.output<typeof askForHelpSchema>): Promise<MemberSupportRequest> {
  const member = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { id: true, email: true, firstName: true, lastName: true, phone: true } });
  const row = await db.supportRequest.create({
    data: {
      source: 'help_form',
      subject: `${HELP_TOPIC_LABELS[input.topic]}: ${input.subject}`,
      body: input.message,
      name: `${member.firstName} ${member.lastName}`.trim(),
      email: member.email,
      phone: member.phone,
      userId: member.id,
    },
    include: memberThread,
  });
  return presentForMember(row);
}

/** Every request of the member's, newest first, with the answers staff sent. */
export async function memberSupportRequests(db: Database, userId: string): Promise<MemberSupportRequest[]> {
  const rows = await db.supportRequest.findMany({ where: { userId }, include: memberThread, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] });
  return rows.map(presentForMember);
}

/** The member writes again on their open request; an answered one comes back to staff. */
export async function memberFollowUp(db: Database, request: SupportRequest, authorId: string, body: string): Promise<MemberSupportRequest> {
  if (!isOpenRequest(request.status as SupportRequestStatus)) throw conflict('This request is resolved. Ask again with a new request if you still need help.', 'support_request_resolved');
  const row = await db.supportRequest.update({
    where: { id: request.id },
    data: { status: statusAfterMemberMessage(request.status as SupportRequestStatus), messages: { create: { authorId, fromStaff: false, body } } },
    include: memberThread,
  });
  return presentForMember(row);
}

/* ---------- The staff queue ---------- */

function listWhere(query: SupportRequestListQuery, actorId: string, provider: DatabaseProvider): Prisma.SupportRequestWhereInput {
  const containing = anyCaseContains(provider);
  const status = query.status === 'all' ? {} : query.status === 'open' ? { status: { not: 'resolved' } } : { status: query.status };
  const assignee = query.assignee === undefined ? {} : { assigneeId: query.assignee === 'unassigned' ? null : query.assignee === 'me' ? actorId : query.assignee };
  const search = query.search ? { OR: [{ name: containing(query.search) }, { email: containing(query.search) }, { subject: containing(query.search) }] } : {};
  return { ...status, ...(query.source ? { source: query.source } : {}), ...assignee, ...search };
}

/** Open requests wait in a queue, oldest first; the resolved and the whole history read newest first. */
const listOrder = (query: SupportRequestListQuery) => {
  const direction: Prisma.SortOrder = query.status === 'resolved' || query.status === 'all' ? 'desc' : 'asc';
  return [{ createdAt: direction }, { id: direction }];
};

export async function listSupportRequests(db: Database, query: SupportRequestListQuery, actorId: string, provider: DatabaseProvider, now = new Date()): Promise<SupportRequestListResponse> {
  const where = listWhere(query, actorId, provider);
  const [rows, total, byStatus, waiting] = await Promise.all([
    db.supportRequest.findMany({ where, orderBy: listOrder(query), skip: (query.page - 1) * query.pageSize, take: query.pageSize }),
    db.supportRequest.count({ where }),
    db.supportRequest.groupBy({ by: ['status'], _count: { _all: true } }),
    db.supportRequest.findMany({ where: { status: { not: 'resolved' }, firstAnsweredAt: null }, select: { createdAt: true } }),
  ]);
  const counts = Object.fromEntries(SUPPORT_REQUEST_STATUSES.map((status) => [status, 0])) as SupportRequestListResponse['counts'];
  for (const group of byStatus) if (group.status in counts) counts[group.status as SupportRequestStatus] = group._count._all;
  return {
    requests: await presentSupportRequests(db, rows, now),
    total,
    page: query.page,
    pageSize: query.pageSize,
    counts,
    overdue: waiting.filter((row) => responseAge(row.createdAt, null, now).overdue).length,
  };
}

/**
 * Every request the filters match (the CSV export), a page at a time. The export is audited before
 * its first page is read, with how many requests matched then, so nothing leaves unrecorded.
 */
export async function* everySupportRequest(db: Database, query: SupportRequestListQuery, actorId: string, provider: DatabaseProvider, now = new Date()) {
  const where = listWhere(query, actorId, provider);
  const rows = await db.supportRequest.count({ where });
  await auditEntry(db, { actorId, customerId: null, action: SUPPORT_AUDIT.exported, details: { filters: { ...query, page: undefined, pageSize: undefined }, rows } });
  for await (const page of everyRow({ where, orderBy: listOrder(query) }, (paging) => db.supportRequest.findMany(paging))) yield await presentSupportRequests(db, page, now);
}

/** The menu badge: requests nobody has picked up yet. */
export async function newSupportRequestCount(db: Database): Promise<number> {
  return db.supportRequest.count({ where: { status: 'new' } });
}

/** The staff a request may be given to: administrators (the queue is theirs). */
export async function supportAssignees(db: Database) {
  const candidates = await db.user.findMany({
    where: { OR: [{ isAdmin: true }, { NOT: { permissions: { equals: [] } } }] },
    select: { id: true, email: true, firstName: true, lastName: true, isAdmin: true, permissions: true },
  });
  return candidates
    .sort(byFirstName)
    .filter((user) => isAdministrator({ isAdmin: user.isAdmin, permissions: normalisePermissions(user.permissions) }))
    .map((user) => ({ id: user.id, name: `${user.firstName} ${user.lastName}`.trim(), email: user.email }));
}

export async function findSupportRequest(db: Database, id: string) {
  return db.supportRequest.findUnique({ where: { id } });
}

export async function supportRequestDetail(db: Database, id: string, now = new Date()) {
  const row = await db.supportRequest.findUnique({ where: { id }, include: supportRequestThread });
  if (!row) throw notFound(SUPPORT_REQUEST_NOT_FOUND, 'support_request_not_found');
  return presentSupportRequestDetail(db, row, now);
}

/** When a status change answers or resolves the request, the moments it did. */
function answerStamps(request: SupportRequest, status: SupportRequestStatus, now: Date) {
  return {
    ...(answersTheRequest(status) && !request.firstAnsweredAt ? { firstAnsweredAt: now } : {}),
    resolvedAt: status === 'resolved' ? (request.resolvedAt ?? now) : null,
  };
}

/** Staff assign the request and move its status; both, and the audit entry, are kept together. */
export async function updateSupportRequest(db: Database, request: SupportRequest, actorId: string, change: { status?: SupportRequestStatus | undefined; assigneeId?: string | null | undefined }) {
  const assigneeId = change.assigneeId === undefined ? request.assigneeId : change.assigneeId;
  if (change.assigneeId && change.assigneeId !== request.assigneeId && !(await supportAssignees(db)).some((staff) => staff.id === change.assigneeId)) {
    throw badRequest('Requests can be assigned to administrators only; choose someone from the list.', 'not_an_assignee');
  }
  const status = nextStatus(request.status as SupportRequestStatus, { status: change.status, assigneeId });
  if (typeof status === 'object') throw badRequest(status.error, 'support_request_status');
  const now = new Date();
  await db.$transaction([
    db.supportRequest.update({ where: { id: request.id }, data: { status, assigneeId, ...answerStamps(request, status, now) } }),
    auditEntry(db, {
      actorId,
      customerId: request.userId,
      action: SUPPORT_AUDIT.updated,
      details: { supportRequestId: request.id, from: { status: request.status, assigneeId: request.assigneeId }, to: { status, assigneeId } },
    }),
  ]);
}

export async function addSupportNote(db: Database, request: SupportRequest, actorId: string, body: string) {
  await db.$transaction([
    db.supportRequest.update({ where: { id: request.id }, data: { notes: { create: { authorId: actorId, body } } } }),
    auditEntry(db, { actorId, customerId: request.userId, action: SUPPORT_AUDIT.noted, details: { supportRequestId: request.id } }),
  ]);
}

/**
 * Staff link a visitor's request to the account that uses its address, once the person has
 * confirmed it is theirs: the link and its audit entry are kept together, and
 * only the first of two links at the same moment is made.
 */
export async function linkSupportRequest(db: Database, request: SupportRequest, actorId: string): Promise<void> {
  const alreadyLinked = () => conflict('This request is already in a member’s account.', 'support_request_linked');
  if (request.userId) throw alreadyLinked();
  const account = await db.user.findUnique({ where: { email: normaliseEmail(request.email) }, select: { id: true } });
  if (!account) throw conflict(`No account uses ${request.email}. The person can ask again from their dashboard once they have an account.`, 'no_account_for_address');
  await db.$transaction(async (tx) => {
    const { count } = await tx.supportRequest.updateMany({ where: { id: request.id, userId: null }, data: { userId: account.id } });
    if (count === 0) throw alreadyLinked();
    await auditEntry(tx, { actorId, customerId: account.id, action: SUPPORT_AUDIT.linked, details: { supportRequestId: request.id, email: request.email, source: request.source } });
  });
}

/**
 * Staff answer the person: the reply joins the conversation (which the member sees in their
 * dashboard), the request goes to 'waiting on member' or is resolved, and the audit entry is
 * written, together with the e-mail to the person, which the mail queue sends.
 */
export async function replyToSupportRequest(
  { db, mailer, origin }: { db: Database; mailer: Mailer; origin: string },
  request: SupportRequest,
  actor: { id: string; firstName: string },
  reply: { body: string; resolve: boolean },
): Promise<void> {
  const status = statusAfterStaffReply(reply.resolve);
  const now = new Date();
  const firstName = request.name.split(/\s+/)[0] || request.name;
  const emailId = await db.$transaction(async (tx) => {
    const updated = await tx.supportRequest.update({
      where: { id: request.id },
      data: { status, ...answerStamps(request, status, now), messages: { create: { authorId: actor.id, fromStaff: true, body: reply.body } } },
      select: { messages: { orderBy: { createdAt: 'desc' }, take: 1, select: { id: true } } },
    });
    await auditEntry(tx, { actorId: actor.id, customerId: request.userId, action: SUPPORT_AUDIT.replied, details: { supportRequestId: request.id, from: request.status, to: status } });
    return mailer.send(
      email({
        to: request.email,
        subject: `Re: ${request.subject}`,
        blocks: [
          { paragraph: `Hello ${firstName},` },
          { paragraph: reply.body },
          { paragraph: `${actor.firstName}, Member support team` },
          ...(request.userId ? [{ action: { label: 'See your requests and answers', url: `${origin}/dashboard/help` } }] : [{ paragraph: 'Reply to this e-mail if you need anything more.' }]),
        ],
      }),
      { writer: tx, key: `support-answer:${updated.messages[0]?.id ?? request.id}` },
    );
  });
  await mailer.dispatch(emailId);
}

/**
 * A person's support requests, newest first, as the queue shows them.
 * @public For the per-person lookup page, which wires it in.
 */
export async function supportRequestsOfUser(db: Database, userId: string): Promise<SupportRequestRow[]> {
  const rows = await db.supportRequest.findMany({ where: { userId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] });
  return presentSupportRequests(db, rows);
}
