import type { Lead, LeadEvent, LeadSource, LeadStage } from '@shared/contracts/crm';
import type { Database } from '../../db/client';

interface StoredLead {
  id: string;
  email: string;
  name: string;
  phone: string | null;
  userId: string | null;
  source: string;
  referrerCode: string | null;
  stage: string;
  lostReason: string | null;
  ownerId: string | null;
  nextFollowUpOn: string | null;
  wonAt: Date | null;
  wonApplicationId: string | null;
  createdAt: Date;
  updatedAt: Date;
}

const fullName = (user: { firstName: string; lastName: string; email: string }) => `${user.firstName} ${user.lastName}`.trim() || user.email;

/** Leads as the API answers them, with their owners' names, referrers' organisations and every source each came through. */
export async function presentLeads(db: Database, rows: readonly StoredLead[]): Promise<Lead[]> {
  const ids = rows.map((row) => row.id);
  const [owners, referrers, sourceEvents] = await Promise.all([
    db.user.findMany({ where: { id: { in: [...new Set(rows.flatMap((row) => (row.ownerId ? [row.ownerId] : [])))] } }, select: { id: true, firstName: true, lastName: true, email: true } }),
    db.referrer.findMany({ where: { code: { in: [...new Set(rows.flatMap((row) => (row.referrerCode ? [row.referrerCode] : [])))] } }, select: { code: true, organisation: true } }),
    db.leadEvent.findMany({ where: { leadId: { in: ids }, kind: 'source' }, select: { leadId: true, source: true }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] }),
  ]);
  const ownerById = new Map(owners.map((owner) => [owner.id, { id: owner.id, name: fullName(owner) }]));
  const organisationByCode = new Map(referrers.map((referrer) => [referrer.code, referrer.organisation]));
  const sourcesByLead = new Map<string, LeadSource[]>();
  for (const event of sourceEvents) {
    const sources = sourcesByLead.get(event.leadId) ?? [];
    if (event.source && !sources.includes(event.source as LeadSource)) sources.push(event.source as LeadSource);
    sourcesByLead.set(event.leadId, sources);
  }
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    name: row.name,
    phone: row.phone,
    userId: row.userId,
    source: row.source as LeadSource,
    sources: sourcesByLead.get(row.id) ?? [row.source as LeadSource],
    referrerCode: row.referrerCode,
    referrerOrganisation: row.referrerCode ? (organisationByCode.get(row.referrerCode) ?? null) : null,
    stage: row.stage as LeadStage,
    lostReason: row.lostReason,
    owner: row.ownerId ? (ownerById.get(row.ownerId) ?? null) : null,
    nextFollowUpOn: row.nextFollowUpOn,
    wonAt: row.wonAt?.toISOString() ?? null,
    wonApplicationId: row.wonApplicationId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

/** A lead's history, oldest first, with the names of the staff who wrote or moved it. */
export async function eventsOfLead(db: Database, leadId: string): Promise<LeadEvent[]> {
  const events = await db.leadEvent.findMany({ where: { leadId }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
  const actors = await db.user.findMany({
    where: { id: { in: [...new Set(events.flatMap((event) => (event.actorId ? [event.actorId] : [])))] } },
    select: { id: true, firstName: true, lastName: true, email: true },
  });
  const actorById = new Map(actors.map((actor) => [actor.id, fullName(actor)]));
  return events.map((event) => ({
    id: event.id,
    kind: event.kind as LeadEvent['kind'],
    source: (event.source as LeadSource | null) ?? null,
    text: event.text,
    actorName: event.actorId ? (actorById.get(event.actorId) ?? '(account deleted)') : null,
    createdAt: event.createdAt.toISOString(),
  }));
}
