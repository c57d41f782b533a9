/**
 * What the API answers for a support request: the queue's row (with the person's account, the
 * assignee, the claim and the age against the one-business-day target), the staff detail with
 * its conversation and internal notes, and the member's own view, which never holds the notes.
 */
import type { MemberSupportRequest, SupportRequestDetail, SupportRequestRow, SupportRequestSource, SupportRequestStatus } from '@shared/contracts/support-requests';
import { normaliseEmail } from '@shared/domain/accounts/display-name';
import { responseAge } from '@shared/domain/support-requests/business-hours';
import type { Database } from '../db/client';
import type { Prisma, SupportRequest, SupportRequestMessage, SupportRequestNote } from '../generated/prisma/client';

interface Person {
  id: string;
  name: string;
  email: string;
}

const personName = (user: { firstName: string; lastName: string }) => `${user.firstName} ${user.lastName}`.trim();

async function peopleById(db: Database, ids: Array<string | null>): Promise<Map<string, Person>> {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  if (wanted.length === 0) return new Map();
  const users = await db.user.findMany({ where: { id: { in: wanted } }, select: { id: true, email: true, firstName: true, lastName: true } });
  return new Map(users.map((user) => [user.id, { id: user.id, name: personName(user), email: user.email }]));
}

function presentRow(row: SupportRequest, people: Map<string, Person>, claims: Map<string, string>, now: Date): SupportRequestRow {
  const age = responseAge(row.createdAt, row.firstAnsweredAt, now);
  return {
    id: row.id,
    source: row.source as SupportRequestSource,
    status: row.status as SupportRequestStatus,
    subject: row.subject,
    name: row.name,
    email: row.email,
    phone: row.phone,
    member: (row.userId && people.get(row.userId)) || null,
    assignee: (row.assigneeId && people.get(row.assigneeId)) || null,
    claim: row.claimId && claims.has(row.claimId) ? { id: row.claimId, reference: claims.get(row.claimId)! } : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    firstAnsweredAt: row.firstAnsweredAt?.toISOString() ?? null,
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    age: { businessMinutes: age.businessMinutes, dueAt: age.dueAt.toISOString(), overdue: age.overdue },
  };
}

/** Queue rows, with the accounts and claims they name loaded in two queries for the whole page. */
export async function presentSupportRequests(db: Database, rows: SupportRequest[], now = new Date()): Promise<SupportRequestRow[]> {
  const claimIds = [...new Set(rows.map((row) => row.claimId).filter((id): id is string => Boolean(id)))];
  const [people, claims] = await Promise.all([
    peopleById(
      db,
      rows.flatMap((row) => [row.userId, row.assigneeId]),
    ),
    claimIds.length ? db.claim.findMany({ where: { id: { in: claimIds } }, select: { id: true, reference: true } }) : [],
  ]);
  return rows.map((row) => presentRow(row, people, new Map(claims.map((claim) => [claim.id, claim.reference])), now));
}

export type SupportRequestWithThread = SupportRequest & { messages: SupportRequestMessage[]; notes: SupportRequestNote[] };
/** Messages and notes oldest first (a cuid breaks a tie of the same millisecond). */
const oldestFirst: Prisma.SupportRequestMessageOrderByWithRelationInput[] & Prisma.SupportRequestNoteOrderByWithRelationInput[] = [{ createdAt: 'asc' }, { id: 'asc' }];
export const supportRequestThread = { messages: { orderBy: oldestFirst }, notes: { orderBy: oldestFirst } } satisfies Prisma.SupportRequestInclude;

/** A reply from staff reads as from the support team in the member's view; staff see who wrote it. */
const STAFF_FOR_MEMBER = 'Member support team';

/**
 * A request from a visitor (nobody linked) is shown as from its address: `member` is null, and
 * `addressHasAccount` only says whether staff could link it by hand, never whose account that is.
 */
export async function presentSupportRequestDetail(db: Database, row: SupportRequestWithThread, now = new Date()): Promise<SupportRequestDetail> {
  const [[presented], authors, accountsAtAddress] = await Promise.all([
    presentSupportRequests(db, [row], now),
    peopleById(db, [...row.messages.map((entry) => entry.authorId), ...row.notes.map((note) => note.authorId)]),
    row.userId ? 0 : db.user.count({ where: { email: normaliseEmail(row.email) } }),
  ]);
  const authorName = (authorId: string | null, fallback: string) => (authorId && authors.get(authorId)?.name) || fallback;
  return {
    ...presented!,
    body: row.body,
    messages: row.messages.map((entry) => ({
      id: entry.id,
      fromStaff: entry.fromStaff,
      authorName: authorName(entry.authorId, entry.fromStaff ? 'Staff' : row.name),
      body: entry.body,
      createdAt: entry.createdAt.toISOString(),
    })),
    notes: row.notes.map((note) => ({ id: note.id, authorName: authorName(note.authorId, 'Staff'), body: note.body, createdAt: note.createdAt.toISOString() })),
    addressHasAccount: accountsAtAddress > 0,
  };
}

/** The member's own view: their words and the conversation, never the internal notes or who was assigned. */
export function presentForMember(row: SupportRequest & { messages: SupportRequestMessage[] }): MemberSupportRequest {
  return {
    id: row.id,
    source: row.source as SupportRequestSource,
    status: row.status as SupportRequestStatus,
    subject: row.subject,
    body: row.body,
    createdAt: row.createdAt.toISOString(),
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    messages: row.messages.map((entry) => ({ id: entry.id, fromStaff: entry.fromStaff, authorName: entry.fromStaff ? STAFF_FOR_MEMBER : row.name, body: entry.body, createdAt: entry.createdAt.toISOString() })),
  };
}
