/**
 * A person's timeline (GET /api/admin/user-tracking/:userId): sign-ins and sign-outs, wizard steps
 * shown, drafts saved, estimates, submissions, claims, payments, support sessions and what staff
 * changed, newest first. Each source is asked for its newest page × pageSize rows in the range, the
 * rows are merged by time and the page is cut from them, so paging stays on the server without
 * reading a whole history. Client and street addresses are masked (shared/domain/people/mask.ts).
 */
import { SECURITY_EVENT_TYPES } from '@shared/contracts/accounts';
import { TIMELINE_KINDS, type TimelineEntry, type TimelineKind, type UserTrackingResponse } from '@shared/contracts/people';
import { displayName } from '@shared/domain/accounts/display-name';
import { maskIpAddress, maskStreetAddress } from '@shared/domain/people/mask';
import {
  analyticsEventKind,
  auditActionTitle,
  AUDIT_ACTIONS_NOT_CHANGES,
  securityEventKind,
  securityEventTitle,
  securityEventTypesOf,
  SHARED_VISITOR_SESSION_IDS,
  WIZARD_STEP_EVENT,
} from '@shared/domain/people/timeline';
import { formatCents, formatDate, formatHectares, formatMoney } from '@shared/format';
import type { Database } from '../../db/client';
import { addDays, perthDayStart } from '@shared/perth-time';
import { badRequest, notFound } from '../../lib/app-error';
import { protectionRead } from '../../presenters/protection';

/** Deeper pages than this many entries are refused: narrow the dates instead. */
const DEEPEST_ENTRY = 5000;

type Kinds = readonly TimelineKind[];
interface Range {
  gte?: Date;
  lt?: Date;
}
/** An entry before the staff member's name is looked up. */
type Pending = Omit<TimelineEntry, 'byStaff'> & { staffId: string | null };
interface SourceResult {
  counts: Partial<Record<TimelineKind, number>>;
  entries: Pending[];
}

const wants = (kinds: Kinds, ...some: TimelineKind[]) => some.some((kind) => kinds.includes(kind));
const detailsOf = (value: unknown) => (value && typeof value === 'object' ? (value as Record<string, unknown>) : {});
const stringOr = (value: unknown, fallback: string | null = null) => (typeof value === 'string' && value !== '' ? value : fallback);
const joined = (parts: (string | null | false | undefined)[]) => parts.filter(Boolean).join('; ');

/** The most browser tab sessions a timeline ties to its person: years of a busy member's visits. */
const VISITOR_SESSIONS_READ = 500;

/** The browser tab sessions tied to the person, latest first: each tab that sent an event while they were signed in. */
export async function visitorSessionsOf(db: Database, userId: string): Promise<string[]> {
  const rows = await db.analyticsEvent.findMany({
    where: { userId, sessionId: { not: null, notIn: SHARED_VISITOR_SESSION_IDS } },
    distinct: ['sessionId'],
    orderBy: [{ occurredAt: 'desc' }, { id: 'desc' }],
    select: { sessionId: true },
    take: VISITOR_SESSIONS_READ,
  });
  return rows.flatMap((row) => (row.sessionId ? [row.sessionId] : []));
}

async function securityEvents(db: Database, userId: string, range: Range, kinds: Kinds, take: number): Promise<SourceResult> {
  const where = { userId, createdAt: range };
  const types = securityEventTypesOf(kinds, SECURITY_EVENT_TYPES);
  const [groups, rows] = await Promise.all([
    db.securityEvent.groupBy({ by: ['type'], where, _count: { _all: true } }),
    types.length ? db.securityEvent.findMany({ where: { ...where, type: { in: types } }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take }) : [],
  ]);
  const counts: SourceResult['counts'] = {};
  for (const group of groups) {
    const kind = securityEventKind(group.type);
    if (kind) counts[kind] = (counts[kind] ?? 0) + group._count._all;
  }
  return {
    counts,
    entries: rows.map((row) => {
      const details = detailsOf(row.details);
      const ip = maskIpAddress(row.ip);
      return {
        id: `security:${row.id}`,
        kind: securityEventKind(row.type) ?? 'account',
        at: row.createdAt.toISOString(),
        title: securityEventTitle(row.type, details),
        detail: joined([
          ip && `From ${ip}`,
          stringOr(details.provider) && `signed in as ${String(details.provider)}`,
          stringOr(details.reason) && row.type.endsWith('_by_staff') && `Reason: ${String(details.reason)}`,
        ]),
        staffId: stringOr(details.changedBy) ?? stringOr(details.sentByStaff),
        visitorSessionId: null,
      };
    }),
  };
}

async function analyticsEvents(db: Database, userId: string, visitorSessions: string[], range: Range, kinds: Kinds, take: number): Promise<SourceResult> {
  // The person's own events, and those of the tabs they used from before they signed in or registered.
  const where = { occurredAt: range, OR: [{ userId }, ...(visitorSessions.length ? [{ userId: null, sessionId: { in: visitorSessions } }] : [])] };
  const wizardOnly = wants(kinds, 'wizard_step') && !wants(kinds, 'site_activity');
  const otherOnly = wants(kinds, 'site_activity') && !wants(kinds, 'wizard_step');
  const [wizardSteps, otherActivity, rows] = await Promise.all([
    db.analyticsEvent.count({ where: { ...where, event: WIZARD_STEP_EVENT } }),
    db.analyticsEvent.count({ where: { ...where, event: { not: WIZARD_STEP_EVENT } } }),
    wants(kinds, 'wizard_step', 'site_activity')
      ? db.analyticsEvent.findMany({
          where: { ...where, ...(wizardOnly ? { event: WIZARD_STEP_EVENT } : otherOnly ? { event: { not: WIZARD_STEP_EVENT } } : {}) },
          orderBy: [{ occurredAt: 'desc' }, { id: 'desc' }],
          take,
        })
      : [],
  ]);
  return {
    counts: { wizard_step: wizardSteps, site_activity: otherActivity },
    entries: rows.map((row) => {
      const properties = detailsOf(row.properties);
      const kind = analyticsEventKind(row.event);
      const before = row.userId === null ? 'before signing in' : null;
      return {
        id: `analytics:${row.id}`,
        kind,
        at: row.occurredAt.toISOString(),
        title: kind === 'wizard_step' ? `Wizard step shown: ${String(properties.step ?? 'unknown')}` : row.event,
        detail: joined([stringOr(properties.path) && `Page ${String(properties.path)}`, before]),
        staffId: null,
        visitorSessionId: row.sessionId,
      };
    }),
  };
}

async function records(db: Database, userId: string, range: Range, kinds: Kinds, take: number): Promise<SourceResult> {
  const none = Promise.resolve([]);
  const [counts, drafts, estimates, applications, claims, payments, supportSessions, audits] = await Promise.all([
    Promise.all([
      db.draft.count({ where: { userId, updatedAt: range } }),
      db.savedEstimate.count({ where: { userId, createdAt: range } }),
      db.protectionApplication.count({ where: { userId, submittedAt: range } }),
      db.claim.count({ where: { userId, createdAt: range } }),
      db.invoicePayment.count({ where: { invoice: { userId }, createdAt: range } }),
      db.supportSession.count({ where: { customerId: userId, startedAt: range } }),
      db.auditLog.count({ where: { customerId: userId, action: { notIn: AUDIT_ACTIONS_NOT_CHANGES }, createdAt: range } }),
    ]),
    wants(kinds, 'draft')
      ? db.draft.findMany({ where: { userId, updatedAt: range }, orderBy: [{ updatedAt: 'desc' }, { id: 'desc' }], take, omit: { quoteData: true, validationData: true, uiState: true } })
      : none,
    wants(kinds, 'estimate') ? db.savedEstimate.findMany({ where: { userId, createdAt: range }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take, select: { id: true, createdAt: true } }) : none,
    wants(kinds, 'submission') ? db.protectionApplication.findMany({ where: { userId, submittedAt: range }, orderBy: [{ submittedAt: 'desc' }, { id: 'desc' }], take, omit: protectionRead.omit }) : none,
    wants(kinds, 'claim') ? db.claim.findMany({ where: { userId, createdAt: range }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take }) : none,
    wants(kinds, 'payment')
      ? db.invoicePayment.findMany({ where: { invoice: { userId }, createdAt: range }, include: { invoice: { select: { number: true } } }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take })
      : none,
    wants(kinds, 'support') ? db.supportSession.findMany({ where: { customerId: userId, startedAt: range }, orderBy: [{ startedAt: 'desc' }, { id: 'desc' }], take }) : none,
    wants(kinds, 'staff_change')
      ? db.auditLog.findMany({ where: { customerId: userId, action: { notIn: AUDIT_ACTIONS_NOT_CHANGES }, createdAt: range }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take })
      : none,
  ]);
  const [draftCount, estimateCount, submissionCount, claimCount, paymentCount, supportCount, staffCount] = counts;
  const entries: Pending[] = [
    ...drafts.map((draft) => ({
      id: `draft:${draft.id}`,
      kind: 'draft' as const,
      at: draft.updatedAt.toISOString(),
      title: `Draft saved at step ${draft.step}`,
      detail: joined([`Version ${draft.version}, ${draft.status.toLowerCase()}`, draft.farmAddress && `farm at ${maskStreetAddress(draft.farmAddress)}`]),
      staffId: null,
      visitorSessionId: null,
    })),
    ...estimates.map((estimate) => ({
      id: `estimate:${estimate.id}`,
      kind: 'estimate' as const,
      at: estimate.createdAt.toISOString(),
      title: 'Estimate calculated and saved',
      detail: '',
      staffId: null,
      visitorSessionId: null,
    })),
    ...applications.map((application) => ({
      id: `submission:${application.id}`,
      kind: 'submission' as const,
      at: application.submittedAt.toISOString(),
      title: `Application submitted: ${application.coverageType} cover, season ${application.seasonYear}`,
      detail: joined([
        `${formatHectares(application.coveredArea)} covered, insured value ${formatMoney(application.insuredValue)}, total payable ${formatMoney(application.totalPayable)}`,
        application.farmAddress && `farm at ${maskStreetAddress(application.farmAddress)}`,
        `status ${application.status.replace(/_/g, ' ')}`,
      ]),
      staffId: application.submittedById && application.submittedById !== userId ? application.submittedById : null,
      visitorSessionId: null,
    })),
    ...claims.map((claim) => ({
      id: `claim:${claim.id}`,
      kind: 'claim' as const,
      at: claim.createdAt.toISOString(),
      title: `Claim ${claim.reference} lodged`,
      detail: `${claim.peril === 'fire' ? 'Fire and lightning' : 'Hail'} on ${formatDate(claim.eventDate)}, estimated loss ${formatCents(claim.estimatedLossCents)}; now ${claim.status.replace(/_/g, ' ')}`,
      staffId: claim.lodgedById !== userId ? claim.lodgedById : null,
      visitorSessionId: null,
    })),
    ...payments.map((payment) => ({
      id: `payment:${payment.id}`,
      kind: 'payment' as const,
      at: payment.createdAt.toISOString(),
      title: `Payment of ${formatCents(payment.amountCents)} recorded`,
      detail: `Against ${payment.invoice.number}, receipt ${payment.receiptNumber}, by ${payment.method.replace(/_/g, ' ')}, received ${formatDate(payment.receivedOn)}${payment.reversedAt ? `; reversed ${formatDate(payment.reversedAt)}: ${payment.reversalReason ?? ''}` : ''}`,
      staffId: payment.recordedById,
      visitorSessionId: null,
    })),
    ...supportSessions.map((session) => ({
      id: `support:${session.id}`,
      kind: 'support' as const,
      at: session.startedAt.toISOString(),
      title: `Support session (${session.permissionLevel === 'write' ? 'write' : 'read only'})`,
      detail: session.endedAt ? `Ended after ${Math.max(1, Math.round((session.durationMs ?? session.endedAt.getTime() - session.startedAt.getTime()) / 60_000))} min` : 'Not ended yet',
      staffId: session.adminUserId,
      visitorSessionId: null,
    })),
    ...audits.map((entry) => ({
      id: `audit:${entry.id}`,
      kind: 'staff_change' as const,
      at: entry.createdAt.toISOString(),
      title: auditActionTitle(entry.action),
      detail: auditDetail(detailsOf(entry.details)),
      staffId: entry.actorId,
      visitorSessionId: null,
    })),
  ];
  return {
    counts: { draft: draftCount, estimate: estimateCount, submission: submissionCount, claim: claimCount, payment: paymentCount, support: supportCount, staff_change: staffCount },
    entries,
  };
}

/** An audit entry's facts in a line: plain values as key: value, the request's method and path left out. */
function auditDetail(details: Record<string, unknown>): string {
  return Object.entries(details)
    .filter(([key, value]) => !['method', 'path', 'supportSessionId'].includes(key) && value !== null && value !== undefined)
    .map(([key, value]) => `${key}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`)
    .join('; ')
    .slice(0, 500);
}

export interface TimelineQuery {
  from?: string;
  to?: string;
  kinds: TimelineKind[];
  page: number;
  pageSize: number;
}

export async function personTimeline(db: Database, userId: string, query: TimelineQuery): Promise<UserTrackingResponse> {
  if (query.page * query.pageSize > DEEPEST_ENTRY) throw badRequest(`Only the newest ${DEEPEST_ENTRY} entries can be paged through; choose a shorter range of days.`, 'page_too_deep');
  const user = await db.user.findUnique({ where: { id: userId }, select: { id: true, firstName: true, lastName: true, email: true } });
  if (!user) throw notFound('There is no account with that id. It may have been deleted; search again on /admin/user-lookup.');
  const range: Range = { ...(query.from ? { gte: perthDayStart(query.from) } : {}), ...(query.to ? { lt: perthDayStart(addDays(query.to, 1)) } : {}) };
  const take = query.page * query.pageSize;
  const visitorSessions = await visitorSessionsOf(db, userId);
  const sources = await Promise.all([
    securityEvents(db, userId, range, query.kinds, take),
    analyticsEvents(db, userId, visitorSessions, range, query.kinds, take),
    records(db, userId, range, query.kinds, take),
  ]);
  const counts = Object.fromEntries(TIMELINE_KINDS.map((kind) => [kind, sources.reduce((sum, source) => sum + (source.counts[kind] ?? 0), 0)])) as Record<TimelineKind, number>;
  const pageEntries = sources
    .flatMap((source) => source.entries)
    .filter((entry) => query.kinds.includes(entry.kind))
    .sort((a, b) => b.at.localeCompare(a.at) || b.id.localeCompare(a.id))
    .slice((query.page - 1) * query.pageSize, take);
  const staffIds = [...new Set(pageEntries.flatMap((entry) => (entry.staffId ? [entry.staffId] : [])))];
  const staff = new Map((await db.user.findMany({ where: { id: { in: staffIds } }, select: { id: true, firstName: true, lastName: true, email: true } })).map((member) => [member.id, displayName(member)]));
  return {
    success: true,
    person: { id: user.id, name: displayName(user), email: user.email },
    visitorSessions,
    counts,
    entries: pageEntries.map(({ staffId, ...entry }) => ({ ...entry, byStaff: staffId ? (staff.get(staffId) ?? '(account deleted)') : null })),
    total: query.kinds.reduce((sum, kind) => sum + counts[kind], 0),
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** Who a visitor's browser tab became: the account that later sent events from the same tab. */
export async function visitorSessionOwner(db: Database, sessionId: string) {
  if (SHARED_VISITOR_SESSION_IDS.includes(sessionId)) throw badRequest('That id is shared by every browser that keeps no session storage; it names no one visit.', 'shared_session_id');
  const [signedIn, anonymousEvents] = await Promise.all([
    db.analyticsEvent.findFirst({ where: { sessionId, userId: { not: null } }, orderBy: [{ occurredAt: 'asc' }, { id: 'asc' }], select: { userId: true } }),
    db.analyticsEvent.count({ where: { sessionId, userId: null } }),
  ]);
  const user = signedIn?.userId ? await db.user.findUnique({ where: { id: signedIn.userId }, select: { id: true, firstName: true, lastName: true, email: true } }) : null;
  if (!user) {
    throw notFound(
      anonymousEvents > 0
        ? `That visitor sent ${anonymousEvents} events but has not signed in or registered from that browser tab, so there is no person to show.`
        : 'No analytics event carries that visitor session id: check it against the Session of the error report it came from.',
      'visitor_not_registered',
    );
  }
  return { person: { id: user.id, name: displayName(user), email: user.email }, anonymousEvents };
}
