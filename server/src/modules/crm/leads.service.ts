/**
 * The staff's lead pipeline (docs/crm.md). Sources call one hook each when their event happens
 * (leadFrom…); quotes left unsubmitted for a week are picked up when the pipeline is read
 * (pickUpStaleDrafts); a submitted application wins its person's lead (winLeadOnSubmission).
 */
import { byFirstName } from '@shared/domain/accounts/name-order';
import { LEAD_CONVERSION_DEFAULT_DAYS, LEAD_STAGES, type LeadConversionResponse, type leadListQuerySchema, LEADS_PAGE_SIZE, type LeadSource, type LeadStage, type leadUpdateSchema } from '@shared/contracts/crm';
import { conversionByReferrer, conversionBySource, conversionTotal } from '@shared/domain/crm/conversion';
import { isOpenStage, LEAD_SOURCE_LABELS, leadEmailKey, STALE_DRAFT_DAYS, stageAfterNewSource, stageMoveRefusal } from '@shared/domain/crm/stages';
import { defaultRange, rangeInstants } from '@shared/domain/reporting/insights';
import { perthToday } from '@shared/perth-time';
import { formatDate } from '@shared/format';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import type { DatabaseProvider } from '../../db/provider';
import { anyCaseContains } from '../../db/text-search';
import type { Prisma } from '../../generated/prisma/client';
import { badRequest } from '../../lib/app-error';
import { auditEntry } from '../../lib/audit-log';
import { everyRow } from '../../lib/csv-download';
import { eventsOfLead, presentLeads } from './leads.presenter';

const DAY_MS = 24 * 60 * 60 * 1000;
export const LEAD_UPDATE_AUDIT_ACTION = 'crm.lead.update';

interface LeadTouch {
  source: LeadSource;
  /** The id of the source's record: one event per record, whatever calls again. */
  sourceRef: string;
  email: string;
  name: string;
  phone: string | null;
  userId?: string | null;
  referrerCode?: string | null;
  /** What the person said or did, for the lead's history. */
  text: string;
  at: Date;
}

/**
 * Adds a source event to the person's lead, creating the lead on their first. A person who has
 * already submitted an application is a member, not a prospect, and makes no lead. The first
 * source and the first referrer code stay the lead's; a lost lead reopens at 'new'.
 */
async function recordLeadTouch(db: Database, touch: LeadTouch): Promise<void> {
  const email = leadEmailKey(touch.email);
  await db.$transaction(async (tx) => {
    if (await tx.leadEvent.findUnique({ where: { source_sourceRef: { source: touch.source, sourceRef: touch.sourceRef } }, select: { id: true } })) return;
    const person = touch.userId ? await tx.user.findUnique({ where: { id: touch.userId } }) : await tx.user.findUnique({ where: { email } });
    if (person && (await tx.protectionApplication.count({ where: { userId: person.id } })) > 0) return;
    const userId = touch.userId ?? person?.id ?? null;
    const referrerCode = touch.referrerCode ?? person?.referredByCode ?? null;
    const event = { kind: 'source', source: touch.source, sourceRef: touch.sourceRef, text: touch.text, createdAt: touch.at };
    const existing = await tx.lead.findUnique({ where: { email } });
    if (!existing) {
      await tx.lead.create({ data: { email, name: touch.name, phone: touch.phone, userId, source: touch.source, referrerCode, createdAt: touch.at, events: { create: event } } });
      return;
    }
    const stage = stageAfterNewSource(existing.stage as LeadStage);
    await tx.lead.update({
      where: { id: existing.id },
      data: {
        name: existing.name || touch.name,
        phone: existing.phone ?? touch.phone,
        userId: existing.userId ?? userId,
        referrerCode: existing.referrerCode ?? referrerCode,
        ...(stage !== existing.stage ? { stage, lostReason: null } : {}),
        events: { create: stage !== existing.stage ? { ...event, text: `${event.text} (came back after being lost: reopened as new)` } : event },
      },
    });
  });
}

/** A register-interest sign-up or a contact message from the public site (spam makes no lead). */
export function leadFromFormSubmission(db: Database, row: { id: string; type: string; name: string; email: string; phone: string | null; message: string; isSpam: boolean; createdAt: Date }) {
  if (row.isSpam) return Promise.resolve();
  const source: LeadSource = row.type === 'register' ? 'register_interest' : 'contact';
  return recordLeadTouch(db, { source, sourceRef: row.id, email: row.email, name: row.name, phone: row.phone, text: `${LEAD_SOURCE_LABELS[source]}: ${row.message}`, at: row.createdAt });
}

/** A callback request (a signed-in member's id comes with it). */
export function leadFromCallbackRequest(
  db: Database,
  row: { id: string; userId: string | null; email: string; firstName: string; lastName: string; phone: string; reason: string; description: string | null; createdAt: Date },
) {
  const text = `Callback request (${row.reason})${row.description ? `: ${row.description}` : ''}`;
  return recordLeadTouch(db, { source: 'callback', sourceRef: row.id, email: row.email, name: `${row.firstName} ${row.lastName}`.trim(), phone: row.phone, userId: row.userId, text, at: row.createdAt });
}

/** A grower who registered with a referrer's code (the referrer's leads page lists the same people). */
export function leadFromReferredRegistration(db: Database, user: { id: string; email: string; firstName: string; lastName: string; phone: string | null; referredByCode: string | null; createdAt: Date }) {
  if (!user.referredByCode) return Promise.resolve();
  return recordLeadTouch(db, {
    source: 'referrer',
    sourceRef: user.id,
    email: user.email,
    name: `${user.firstName} ${user.lastName}`.trim(),
    phone: user.phone,
    userId: user.id,
    referrerCode: user.referredByCode,
    text: `Registered with referrer code ${user.referredByCode}`,
    at: user.createdAt,
  });
}

/**
 * Quotes started at least STALE_DRAFT_DAYS ago and never submitted, whose person has no lead
 * event for them yet, become leads dated the day they went stale. Run when the pipeline is read;
 * the unique (source, sourceRef) of the events makes a second run change nothing.
 */
export async function pickUpStaleDrafts(db: Database, now: Date): Promise<void> {
  const staleBefore = new Date(now.getTime() - STALE_DRAFT_DAYS * DAY_MS);
  const drafts = await db.draft.findMany({
    where: { createdAt: { lte: staleBefore }, status: { not: 'COMPLETED' } },
    select: { id: true, createdAt: true, step: true, user: { select: { id: true, email: true, firstName: true, lastName: true, phone: true } } },
    orderBy: { createdAt: 'asc' },
  });
  if (drafts.length === 0) return;
  const picked = new Set((await db.leadEvent.findMany({ where: { source: 'draft', sourceRef: { in: drafts.map((draft) => draft.id) } }, select: { sourceRef: true } })).map((event) => event.sourceRef));
  for (const draft of drafts.filter((candidate) => !picked.has(candidate.id))) {
    const { user } = draft;
    await recordLeadTouch(db, {
      source: 'draft',
      sourceRef: draft.id,
      email: user.email,
      name: `${user.firstName} ${user.lastName}`.trim(),
      phone: user.phone,
      userId: user.id,
      text: `Started a quote on ${formatDate(draft.createdAt)} and has not submitted it (last step: ${draft.step})`,
      at: new Date(draft.createdAt.getTime() + STALE_DRAFT_DAYS * DAY_MS),
    });
  }
}

/** The lead of the person who submitted an application becomes won by itself (any stage but won). */
export async function winLeadOnSubmission(db: Database, application: { id: string; userId: string; submittedAt: Date }): Promise<void> {
  const person = await db.user.findUnique({ where: { id: application.userId }, select: { email: true } });
  const lead = await db.lead.findFirst({ where: { OR: [{ userId: application.userId }, ...(person ? [{ email: leadEmailKey(person.email) }] : [])], stage: { not: 'won' } } });
  if (!lead) return;
  await db.lead.update({
    where: { id: lead.id },
    data: {
      stage: 'won',
      lostReason: null,
      userId: application.userId,
      wonAt: application.submittedAt,
      wonApplicationId: application.id,
      events: { create: { kind: 'won', text: `Submitted an application: won (was ${lead.stage})`, createdAt: application.submittedAt } },
    },
  });
}

type ListQuery = z.output<typeof leadListQuerySchema>;

function listWhere(filter: Omit<ListQuery, 'page'>, provider: DatabaseProvider, today: string): Prisma.LeadWhereInput {
  const containing = anyCaseContains(provider);
  return {
    ...(filter.stage ? { stage: filter.stage } : {}),
    ...(filter.source ? { source: filter.source } : {}),
    ...(filter.referrer ? { referrerCode: filter.referrer } : {}),
    ...(filter.owner ? { ownerId: filter.owner === 'none' ? null : filter.owner } : {}),
    ...(filter.due ? { nextFollowUpOn: { lte: today }, stage: filter.stage && isOpenStage(filter.stage) ? filter.stage : { in: LEAD_STAGES.filter(isOpenStage) } } : {}),
    ...(filter.search ? { OR: [{ email: containing(filter.search.toLowerCase()) }, { name: containing(filter.search) }, { phone: containing(filter.search) }] } : {}),
  };
}

export function leadsService(db: Database, provider: DatabaseProvider) {
  return {
    async list(query: ListQuery, now: Date) {
      await pickUpStaleDrafts(db, now);
      const { page, ...filter } = query;
      const where = listWhere(filter, provider, perthToday(now));
      const [total, rows, stages, staff] = await Promise.all([
        db.lead.count({ where }),
        db.lead.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], skip: (page - 1) * LEADS_PAGE_SIZE, take: LEADS_PAGE_SIZE }),
        db.lead.groupBy({ by: ['stage'], _count: { _all: true } }),
        db.user.findMany({ where: { isAdmin: true }, select: { id: true, firstName: true, lastName: true, email: true } }).then((admins) => admins.sort(byFirstName)),
      ]);
      const stageCounts = Object.fromEntries(LEAD_STAGES.map((stage) => [stage, stages.find((group) => group.stage === stage)?._count._all ?? 0])) as Record<LeadStage, number>;
      return {
        leads: await presentLeads(db, rows),
        total,
        page,
        pageSize: LEADS_PAGE_SIZE,
        stageCounts,
        staff: staff.map((user) => ({ id: user.id, name: `${user.firstName} ${user.lastName}`.trim() || user.email })),
      };
    },

    /** Every lead the filters keep (the CSV export), a page at a time. */
    async *every(query: ListQuery, now: Date) {
      await pickUpStaleDrafts(db, now);
      const { page: _page, ...filter } = query;
      const where = listWhere(filter, provider, perthToday(now));
      for await (const rows of everyRow({ where, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] }, (page) => db.lead.findMany(page))) yield await presentLeads(db, rows);
    },

    async detail(lead: LeadRow) {
      const [presented] = await presentLeads(db, [lead]);
      return { lead: presented!, events: await eventsOfLead(db, lead.id) };
    },

    /** Stage, owner, follow-up and note in one transaction with their audit entry. */
    async update(lead: LeadRow, change: z.output<typeof leadUpdateSchema>, actorId: string) {
      const data: Prisma.LeadUpdateInput = {};
      const changes: Record<string, { from: unknown; to: unknown }> = {};
      const events: Prisma.LeadEventCreateWithoutLeadInput[] = [];
      if (change.stage !== undefined && change.stage !== lead.stage) {
        const refusal = stageMoveRefusal(lead.stage as LeadStage, change.stage, change.lostReason);
        if (refusal) throw badRequest(refusal, 'stage_refused');
        const lostReason = change.stage === 'lost' ? change.lostReason! : null;
        data.stage = change.stage;
        data.lostReason = lostReason;
        changes['stage'] = { from: lead.stage, to: change.stage };
        events.push({ kind: 'stage', actorId, text: `Moved from ${lead.stage} to ${change.stage}${lostReason ? `: ${lostReason}` : ''}` });
      } else if (change.stage === 'lost' && change.lostReason && change.lostReason !== lead.lostReason) {
        data.lostReason = change.lostReason;
        changes['lostReason'] = { from: lead.lostReason, to: change.lostReason };
      }
      if (change.ownerId !== undefined && change.ownerId !== lead.ownerId) {
        if (change.ownerId !== null && !(await db.user.findFirst({ where: { id: change.ownerId, isAdmin: true }, select: { id: true } }))) {
          throw badRequest('Choose an owner from the staff list.', 'unknown_owner');
        }
        data.ownerId = change.ownerId;
        changes['ownerId'] = { from: lead.ownerId, to: change.ownerId };
      }
      if (change.nextFollowUpOn !== undefined && change.nextFollowUpOn !== lead.nextFollowUpOn) {
        data.nextFollowUpOn = change.nextFollowUpOn;
        changes['nextFollowUpOn'] = { from: lead.nextFollowUpOn, to: change.nextFollowUpOn };
      }
      if (change.note) events.push({ kind: 'note', actorId, text: change.note });
      if (Object.keys(changes).length === 0 && events.length === 0) throw badRequest('Nothing to save: change the stage, owner or follow-up date, or write a note.', 'nothing_to_save');
      if (events.length > 0) data.events = { create: events };
      const [updated] = await db.$transaction([
        db.lead.update({ where: { id: lead.id }, data }),
        auditEntry(db, { actorId, customerId: lead.userId, action: LEAD_UPDATE_AUDIT_ACTION, details: { leadId: lead.id, email: lead.email, changes, ...(change.note ? { note: change.note } : {}) } }),
      ]);
      return this.detail(updated);
    },

    async conversion(query: { from?: string; to?: string }, now: Date): Promise<LeadConversionResponse> {
      await pickUpStaleDrafts(db, now);
      const fallback = defaultRange(now, LEAD_CONVERSION_DEFAULT_DAYS);
      const range = { from: query.from ?? (query.to && query.to < fallback.from ? query.to : fallback.from), to: query.to ?? fallback.to };
      const { start, end } = rangeInstants(range);
      const leads = (await db.lead.findMany({ where: { createdAt: { gte: start, lt: end } }, select: { source: true, referrerCode: true, stage: true } })).map((lead) => ({
        source: lead.source as LeadSource,
        referrerCode: lead.referrerCode,
        stage: lead.stage as LeadStage,
      }));
      const byReferrer = conversionByReferrer(leads);
      const referrers = await db.referrer.findMany({ where: { code: { in: byReferrer.map((row) => row.key) } }, select: { code: true, organisation: true } });
      const organisations = new Map(referrers.map((referrer) => [referrer.code, referrer.organisation]));
      return { ...range, total: conversionTotal(leads), bySource: conversionBySource(leads), byReferrer: byReferrer.map((row) => ({ ...row, organisation: organisations.get(row.key) ?? null })) };
    },
  };
}

export type LeadRow = NonNullable<Awaited<ReturnType<Database['lead']['findUnique']>>>;

/** A person's leads, by their account or their address, for the per-person lookup page. */
export async function leadsOfPerson(db: Database, person: { userId?: string | null; email?: string | null }) {
  const or: Prisma.LeadWhereInput[] = [...(person.userId ? [{ userId: person.userId }] : []), ...(person.email ? [{ email: leadEmailKey(person.email) }] : [])];
  if (or.length === 0) return [];
  return presentLeads(db, await db.lead.findMany({ where: { OR: or }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] }));
}
