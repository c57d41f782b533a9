/**
 * Alerts (docs/alerts.md): events stored once per source and identifier, matched to the paddocks of
 * members with a live application, one match per member; the e-mails of an event sent once per
 * match and recipient by a job; the member's alerts and the administrators' views.
 */
import { randomUUID } from 'node:crypto';
import type { AdminEventSummary, AlertEventStatus, AlertGeometry, AlertPaddock, DrawnEvent, IncomingAlertEvent, IngestResult, MemberAlert, MemberAlertListItem } from '@shared/contracts/alerts';
import type { AlertKind } from '@shared/contracts/alert-kinds';
import { isPaddockGeometry } from '@shared/domain/geo/geometry';
import { effectiveArea } from '@shared/domain/geo/paddock-area';
import { claimsWindowOfEvent, corroborateClaim, type Corroboration, type StoredEventOverMember } from '@shared/domain/alerts/alert-claims';
import type { ClaimPeril } from '@shared/contracts/claims';
import { type AlertMatch as AlertMatchFound, type LiveApplication, type LivePaddock, paddockCopyKey } from '@shared/domain/alerts/matching';
import { eventAreaKm2, HOLD_EVENT_AREA_KM2, type Reach, reachOf } from '@shared/domain/alerts/geometry';
import { ENDABLE_BY_HAND } from '@shared/domain/alerts/event-status';
import { foldReissuedAlerts } from '@shared/domain/alerts/reissued-alerts';
import { warningRaise, type WarningDanger, worstTold } from '@shared/domain/alerts/escalation';
import { INCIDENT_ISSUE_SEPARATOR, issuesNoLongerListed } from '@shared/domain/alerts/incident-feed';
import type { AppContext } from '../../context';
import type { Database, DatabaseWriter } from '../../db/client';
import type { JobQueue } from '../../lib/job-queue';
import type { MailMessage } from '../../lib/mailer';
import { type DatabaseProvider, providerOf } from '../../db/provider';
import { type AlertEvent, type AlertMatch, Prisma } from '../../generated/prisma/client';
import { AppError, notFound } from '../../lib/app-error';
import { auditEntry } from '../../lib/audit-log';
import { isUniqueViolation } from '../../lib/sequential-number';
import { type AlertRecipient, clientsAlertEmail, type MemberUnderAlert, memberAlertEmail } from './alert-emails';
import { protectionsByIds } from '../protection/protections.service';
import { type AlertMessage, NOTHING_CURRENT_CODES } from './incoming-message';
import { placeAlertEventsOffThread, readAlertMessageOffThread } from './alert-work';
import type { Placement } from './alert-worker';
import { addDays, perthDayStart } from '@shared/perth-time';

/** The job that sends an event's e-mails, enqueued once per event after it is stored. */
export const ALERT_EMAIL_QUEUE = 'alerts.email';

/** Applications whose paddocks an event is matched against: every live one, from submission to the season's end. */
const MATCHED_STATUSES = ['submitted', 'under_review', 'accepted', 'active'];

/** Matches written per statement when an event is stored: each statement is short, so requests are answered between them. */
const MATCHES_PER_WRITE = 1000;

/**
 * One statement per slice of matches, its rows one JSON parameter the database unpacks: Prisma's
 * createMany spent about 0.12 ms of the request thread on each row (a storm's 300 members 35 ms of
 * a warning's post on PostgreSQL), this about 0.02 (docs/operations.md 'Storm day'). Ids are
 * UUIDs, which ids in addresses and bodies accept (shared/contracts/fields.ts); the moment is
 * written as each provider's Prisma client writes one, and the paddocks as JSON text of their own,
 * so their numbers are stored exactly as written (SQLite would print them again to 15 digits).
 */
function insertMatchesStatement(provider: DatabaseProvider): string {
  if (provider === 'postgresql') {
    return `INSERT INTO "AlertMatch" ("id", "eventId", "userId", "paddocks", "toldBefore", "createdAt")
      SELECT m."id", $1, m."userId", m."paddocks"::jsonb, m."toldBefore", $2::timestamptz AT TIME ZONE 'UTC'
      FROM json_to_recordset($3::json) AS m("id" text, "userId" text, "paddocks" text, "toldBefore" boolean)`;
  }
  return `INSERT INTO "AlertMatch" ("id", "eventId", "userId", "paddocks", "toldBefore", "createdAt")
    SELECT json_extract(value, '$.id'), ?, json_extract(value, '$.userId'), json_extract(value, '$.paddocks'), json_extract(value, '$.toldBefore'), ?
    FROM json_each(?)`;
}

/** An event's matches, one statement per MATCHES_PER_WRITE of them. */
async function writeMatches(tx: DatabaseWriter, provider: DatabaseProvider, eventId: string, matches: readonly AlertMatchFound[], toldBefore: ReadonlySet<string>) {
  const now = new Date();
  const createdAt = provider === 'postgresql' ? now.toISOString() : now.getTime();
  for (let start = 0; start < matches.length; start += MATCHES_PER_WRITE) {
    const rows = matches.slice(start, start + MATCHES_PER_WRITE).map((match) => ({ id: randomUUID(), userId: match.userId, paddocks: JSON.stringify(match.paddocks), toldBefore: toldBefore.has(match.userId) }));
    await tx.$executeRawUnsafe(insertMatchesStatement(provider), eventId, createdAt, JSON.stringify(rows));
  }
}

/**
 * The job that writes an event's e-mails, added in the transaction that stores what they tell: a
 * warning is never kept without the job that tells its members. Wake the queue once it commits.
 */
function queueAlertEmails(jobs: JobQueue, tx: DatabaseWriter, eventId: string) {
  return jobs.enqueue(ALERT_EMAIL_QUEUE, { eventId }, { singletonKey: eventId, writer: tx });
}

/** Applications read per page of paddocks: each page is one short read, so requests are answered between pages. */
const APPLICATIONS_PER_PAGE = 200;

const boxMeets = ([west, south, east, north]: Reach) => ({ boxWest: { lte: east }, boxEast: { gte: west }, boxSouth: { lte: north }, boxNorth: { gte: south } });

/** Paddocks whose stored box meets the reach, and every paddock without a box (an outline stored before boxes were, is read to be sure). */
const withinReach = (reach: Reach) => ({ OR: [{ boxWest: null }, boxMeets(reach)] });

/** The paddocks an event can be matched to: neither left out of the protection nor a group's section. */
const MATCHED_PADDOCK = { isExcluded: false, isGroup: false } as const;

/**
 * The live applications that can hold a paddock under an event within the reach: one with a paddock
 * whose box meets it, or with an outline kept without a box; or, for its paddocks entered without an
 * outline (placed by the farm's location, which must then lie inside the event), one whose farm lies
 * within the reach. The others have nothing an event there can match, so their rows are not read.
 */
const mayHoldPaddocksWithin = (reach: Reach) => {
  const [west, south, east, north] = reach;
  return {
    OR: [
      { paddocks: { some: { ...MATCHED_PADDOCK, OR: [boxMeets(reach), { boxWest: null, NOT: { geometry: { equals: Prisma.DbNull } } }] } } },
      { farmLatitude: { gte: south, lte: north }, farmLongitude: { gte: west, lte: east }, paddocks: { some: { ...MATCHED_PADDOCK, boxWest: null } } },
    ],
  };
};

const LIVE_PADDOCK_FIELDS = { id: true, applicationId: true, name: true, area: true, userDefinedArea: true, sortOrder: true } as const;
const LIVE_APPLICATION_FIELDS = { id: true, userId: true, submittedAt: true, farmLatitude: true, farmLongitude: true } as const;

function liveApplication({ id, userId, submittedAt, farmLatitude, farmLongitude }: Prisma.ProtectionApplicationGetPayload<{ select: typeof LIVE_APPLICATION_FIELDS }>): LiveApplication {
  return { id, userId, submittedAt: submittedAt.getTime(), farmLocation: farmLatitude !== null && farmLongitude !== null ? { lat: farmLatitude, lng: farmLongitude } : null };
}

/**
 * The live applications and their paddocks (priced or not; excluded and group sections left out), read
 * a page at a time and handed on as JSON text per page: the worker thread makes the candidates
 * (alertCandidates) and the index from them, so neither the whole read nor copying it to the worker
 * holds the request thread. Given the events' reach, only the applications that may hold a paddock
 * within it are read (mayHoldPaddocksWithin), and of theirs only the paddocks whose box meets it
 * (and those without a box): a storm over 300 of 1,000 members is two pages, not five, and no longer
 * a megabyte of outlines it could not reach (docs/operations.md 'Storm day'). See
 * outlinedBeyondReach for the one thing read besides.
 */
export async function readAlertPaddockPages(db: Database, reach: Reach | null = null): Promise<string[]> {
  const pages: string[] = [];
  const withoutOutline: LivePaddock[] = [];
  const owners = new Map<string, string>();
  let after: string | undefined;
  for (;;) {
    const rows = await db.protectionApplication.findMany({
      where: { status: { in: MATCHED_STATUSES }, ...(after ? { id: { gt: after } } : {}), ...(reach ? mayHoldPaddocksWithin(reach) : {}) },
      select: LIVE_APPLICATION_FIELDS,
      orderBy: { id: 'asc' },
      take: APPLICATIONS_PER_PAGE,
    });
    const applications = rows.map(liveApplication);
    const live = { applicationId: { in: applications.map((application) => application.id) }, ...MATCHED_PADDOCK };
    // Not an include: on PostgreSQL that is one query, but building the outlines into JSON there
    // made the read of 1,000 members' paddocks 160 ms against 100 ms for two plain queries a page.
    const paddocks: LivePaddock[] = (
      rows.length === 0 ? [] : await db.protectionPaddock.findMany({ where: reach ? { ...live, ...withinReach(reach) } : live, select: { ...LIVE_PADDOCK_FIELDS, geometry: true } })
    ).map(({ area, userDefinedArea, ...paddock }) => ({ ...paddock, areaHa: effectiveArea({ area, userDefinedArea }) }));
    if (rows.length > 0) pages.push(JSON.stringify({ applications, paddocks }));
    if (reach) {
      for (const application of applications) owners.set(application.id, application.userId);
      withoutOutline.push(...paddocks.filter((paddock) => !isPaddockGeometry(paddock.geometry)));
    }
    // A short page is the last: no query only to learn there is nothing after it.
    if (rows.length < APPLICATIONS_PER_PAGE) break;
    after = rows.at(-1)!.id;
  }
  const beyond = reach ? await outlinedBeyondReach(db, reach, withoutOutline, owners) : { applications: [], paddocks: [] };
  if (beyond.paddocks.length > 0) pages.push(JSON.stringify(beyond));
  return pages;
}

/**
 * The live paddocks with an outline beyond the reach that a paddock without one read may be a copy
 * of (the same member, name and area in another live application), marked out of reach and without
 * their outline: a copy without an outline does not stand in for them. With them, the applications
 * holding them that were not read (nothing of theirs lay within the reach), so the worker can take
 * their copies in their turn. One query, asked only when a paddock without an outline was read; most
 * members have none.
 */
async function outlinedBeyondReach(
  db: Database,
  reach: Reach,
  withoutOutline: readonly LivePaddock[],
  owners: ReadonlyMap<string, string>,
): Promise<{ applications: LiveApplication[]; paddocks: LivePaddock[] }> {
  if (withoutOutline.length === 0) return { applications: [], paddocks: [] };
  const copies = new Set(withoutOutline.map((paddock) => paddockCopyKey(owners.get(paddock.applicationId)!, paddock.name, paddock.areaHa)));
  const rows = await db.protectionPaddock.findMany({
    where: {
      ...MATCHED_PADDOCK,
      name: { in: [...new Set(withoutOutline.map((paddock) => paddock.name))] },
      application: { status: { in: MATCHED_STATUSES }, userId: { in: [...new Set(withoutOutline.map((paddock) => owners.get(paddock.applicationId)!))] } },
      NOT: withinReach(reach),
    },
    select: { ...LIVE_PADDOCK_FIELDS, application: { select: LIVE_APPLICATION_FIELDS } },
  });
  const copiesBeyond = rows.filter(({ application, name, area, userDefinedArea }) => copies.has(paddockCopyKey(application.userId, name, effectiveArea({ area, userDefinedArea }))));
  const unread = new Map(copiesBeyond.filter(({ application }) => !owners.has(application.id)).map(({ application }) => [application.id, liveApplication(application)]));
  return {
    applications: [...unread.values()],
    paddocks: copiesBeyond.map(({ area, userDefinedArea, application: _application, ...paddock }) => ({ ...paddock, geometry: null, outlineOutOfReach: true, areaHa: effectiveArea({ area, userDefinedArea }) })),
  };
}

type IngestContext = Pick<AppContext, 'db' | 'env' | 'jobs' | 'logger'>;

/**
 * An event staff drew on the map (a report that came by phone): stored and matched like any other,
 * from source 'staff' with an identifier of its own, and audited with who drew it.
 */
export async function ingestDrawnEvent(context: IngestContext, input: DrawnEvent, actorId: string): Promise<IngestResult> {
  const event: IncomingAlertEvent = {
    source: 'staff',
    externalId: `drawn-${randomUUID()}`,
    action: 'alert',
    references: [],
    kind: input.kind,
    title: input.title,
    severity: null,
    hailSizeMm: input.kind === 'hail' ? (input.hailSizeMm ?? null) : null,
    effectiveAt: input.effective,
    expiresAt: input.expires ?? null,
    geometry: input.geometry,
    areaCodes: [],
    areaDescription: null,
  };
  return ingestAlertEvents(context, [event], 'drawn', (tx, eventId) => auditEntry(tx, { actorId, customerId: null, action: 'alert_event.drawn', details: { eventId, kind: input.kind } }));
}

/** A message posted by staff or polled from a feed: read and placed off the request thread, then stored. */
export async function ingestAlertMessage(context: IngestContext, message: AlertMessage, receivedVia: string): Promise<IngestResult> {
  return ingestAlertEvents(context, await readAlertMessageOffThread(context.env, message), receivedVia);
}

/**
 * The alerts an index feed links to, each fetched as a message of its own: each read off the request
 * thread, one that cannot be read left out and answered with its reason, and the rest stored together.
 */
export async function ingestLinkedAlerts<M extends AlertMessage>(
  context: IngestContext,
  messages: readonly M[],
  receivedVia: string,
): Promise<{ result: IngestResult; unreadable: Array<{ message: M; reason: string }> }> {
  const events: IncomingAlertEvent[] = [];
  const unreadable: Array<{ message: M; reason: string }> = [];
  for (const message of messages) {
    try {
      // Only what the reader reads goes to the worker thread.
      events.push(...(await readAlertMessageOffThread(context.env, { contentType: message.contentType, body: message.body })));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      unreadable.push({ message, reason: error.message });
    }
  }
  return { result: await ingestAlertEvents(context, events, receivedVia), unreadable };
}

/**
 * A feed's answer, polled: ingested as a posted message is, and read as the list of what is current
 * (an answer listing nothing, or no fire, is a quiet day's, not an error). A fire service's incident
 * the feed no longer lists is over, its standing issue ended; an issue ended so that the feed lists
 * again (dropped from one answer by the agency's system, back in the next) stands again. Answers the
 * ingest and how many incidents are over.
 */
export async function ingestFeedMessage(context: IngestContext, message: AlertMessage, receivedVia: string, now: Date): Promise<{ result: IngestResult; over: number }> {
  const events = await readAlertMessageOffThread(context.env, message).catch((error: unknown) => {
    if (error instanceof AppError && NOTHING_CURRENT_CODES.has(error.code)) return [];
    throw error;
  });
  const result = await ingestAlertEvents(context, events, receivedVia);
  const { db } = context;
  const listed = events.filter((event) => event.action !== 'cancel').map((event) => event.externalId);
  if (listed.length > 0) await db.alertEvent.updateMany({ where: { receivedVia, leftFeedAt: { not: null }, replacedById: null, externalId: { in: listed } }, data: { cancelledAt: null, leftFeedAt: null } });
  const standing = await db.alertEvent.findMany({ where: { receivedVia, cancelledAt: null, externalId: { contains: INCIDENT_ISSUE_SEPARATOR } }, select: { id: true, externalId: true } });
  const over = issuesNoLongerListed(standing, events);
  if (over.length > 0) await db.alertEvent.updateMany({ where: { id: { in: over.map(({ id }) => id) }, cancelledAt: null }, data: { cancelledAt: now, leftFeedAt: now } });
  return { result, over: over.length };
}

const eventKey = (event: { source: string; externalId: string }) => `${event.source}\u0000${event.externalId}`;

/**
 * Lays every event not stored yet over the paddocks, in the worker thread (one index for the batch);
 * an event already stored, a cancellation and an event without ground are not placed.
 */
async function placeNewEvents(context: IngestContext, events: readonly IncomingAlertEvent[]): Promise<Map<IncomingAlertEvent, Placement>> {
  const placeable = events.filter((event): event is IncomingAlertEvent & { geometry: AlertGeometry } => event.action !== 'cancel' && event.geometry !== null);
  if (placeable.length === 0) return new Map();
  // Read together: on a busy server each read's wait costs more than the read.
  const [stored, version] = await Promise.all([
    context.db.alertEvent.findMany({ where: { OR: placeable.map(({ source, externalId }) => ({ source, externalId })) }, select: { source: true, externalId: true } }),
    livePaddocksVersion(context.db),
  ]);
  const known = new Set(stored.map(eventKey));
  const fresh = placeable.filter((event) => !known.has(eventKey(event)));
  if (fresh.length === 0) return new Map();
  const placements = await placeOverLivePaddocks(
    context,
    fresh.map((event) => event.geometry),
    version,
  );
  return new Map(fresh.map((event, position) => [event, placements[position]!]));
}

/** The count that every write of a paddock or of what an application says of its paddocks adds one to (LivePaddocksVersion). */
async function livePaddocksVersion(db: Database): Promise<number | null> {
  return (await db.livePaddocksVersion.findUnique({ where: { id: 1 }, select: { version: true } }))?.version ?? null;
}

/**
 * Each geometry laid over the live paddocks within the batch's reach, in the worker thread: on the
 * paddocks it read for an earlier message while nothing they hold has changed (a storm's updates),
 * else on a read of them now. The version (read here unless given) is read before the paddocks, so a
 * write committed between the two leaves the copy marked older than it is, and the next message reads again.
 */
async function placeOverLivePaddocks({ db, env }: IngestContext, geometries: AlertGeometry[], version?: number | null): Promise<Placement[]> {
  const reach = reachOf(geometries);
  const read = { database: env.DATABASE_URL, version: version === undefined ? await livePaddocksVersion(db) : version, reach };
  return placeAlertEventsOffThread(env, geometries, read, () => readAlertPaddockPages(db, reach));
}

/**
 * The stored issues, published before or after it, of the fire service incident an event is an
 * issue of (`<incident>|<time>`, incident-feed.ts); none for a CAP message, whose references name
 * whole messages.
 */
function incidentIssues(event: IncomingAlertEvent, when: 'before' | 'after'): Prisma.AlertEventWhereInput[] {
  const at = new Date(event.effectiveAt);
  return event.references
    .map((incident) => `${incident}${INCIDENT_ISSUE_SEPARATOR}`)
    .filter((issuePrefix) => event.externalId.startsWith(issuePrefix))
    .map((issuePrefix) => ({ externalId: { startsWith: issuePrefix }, effectiveAt: when === 'before' ? { lt: at } : { gt: at } }));
}

/**
 * The stored issues an event updates or cancels: those its references name, and for a fire
 * service's incident (referenced by its own id) every earlier issue of it; never the event itself, polled again.
 */
function earlierIssuesOf(event: IncomingAlertEvent): Prisma.AlertEventWhereInput {
  return { source: event.source, NOT: { externalId: event.externalId }, OR: [{ externalId: { in: event.references } }, ...incidentIssues(event, 'before')] };
}

const EARLIER_ISSUE_FIELDS = { id: true, severity: true, hailSizeMm: true, endedById: true, cancelledAt: true, leftFeedAt: true, replacedById: true } as const;
type EarlierIssue = Prisma.AlertEventGetPayload<{ select: typeof EARLIER_ISSUE_FIELDS }>;

/**
 * Whether a message that updates or cancels an earlier issue ends it: one still standing, or an
 * incident's issue its feed had dropped, which the incident's next replaces.
 */
const endsNow = (issue: EarlierIssue) => issue.cancelledAt === null || (issue.leftFeedAt !== null && issue.replacedById === null);

/**
 * What each member was told by a warning's earlier issues: `latest` and every issue they replaced
 * in turn (an update's chain), as each said of its danger. Only the members in `userIds`, when given.
 */
async function dangersTold(db: Database, latest: readonly string[], userIds?: readonly string[]): Promise<Map<string, WarningDanger[]>> {
  const issues = [...latest];
  // A chain is a handful of issues; the bound only guards against a loop no write makes.
  for (let earlier = latest, step = 0; earlier.length > 0 && step < 100; step += 1) {
    earlier = (await db.alertEvent.findMany({ where: { replacedById: { in: [...earlier] } }, select: { id: true } })).map(({ id }) => id);
    issues.push(...earlier);
  }
  const matches = await db.alertMatch.findMany({
    where: { eventId: { in: issues }, ...(userIds ? { userId: { in: [...userIds] } } : {}) },
    select: { userId: true, event: { select: { severity: true, hailSizeMm: true } } },
  });
  const told = new Map<string, WarningDanger[]>();
  for (const { userId, event } of matches) told.set(userId, [...(told.get(userId) ?? []), event]);
  return told;
}

/**
 * The members the issues an update replaces told already, of nothing less than it says: an update
 * e-mails those newly under it, and again those it raised (a higher level, or bigger hail, than the
 * worst they were told; docs/alerts.md 'Who is told'). Most updates only redraw the area: the matches
 * of the issues it updates (`earlier`, read already) settle them, and only a member it raised over
 * those has the warning's earlier issues read, in case one of those told them worse.
 */
async function toldOfNoLess(db: Database, update: IncomingAlertEvent, earlier: readonly EarlierIssue[]): Promise<Set<string>> {
  // An issue staff ended by hand told nobody anything that still stands: its members are told afresh.
  const updated = earlier.filter((issue) => issue.endedById === null);
  const dangerOf = new Map(updated.map((issue) => [issue.id, issue]));
  const matches = await db.alertMatch.findMany({ where: { eventId: { in: [...dangerOf.keys()] } }, select: { userId: true, eventId: true } });
  const told = new Set<string>();
  const raisedOverIt = new Set<string>();
  for (const { userId, eventId } of matches) (warningRaise(dangerOf.get(eventId)!, update) === null ? told : raisedOverIt).add(userId);
  const toCheck = [...raisedOverIt].filter((userId) => !told.has(userId));
  if (toCheck.length === 0) return told;
  for (const [userId, dangers] of await dangersTold(db, [...dangerOf.keys()], toCheck)) if (warningRaise(worstTold(dangers), update) === null) told.add(userId);
  return told;
}

/**
 * Stores each new event with its matches (one transaction), ends the events a cancellation or an update
 * names, and queues the new event's e-mails (for an update, to the members it newly covers or raised). An
 * event already stored (same source and identifier) changes nothing and sends nothing. The events are
 * taken in their order, so an update later in an envelope ends an event stored earlier in it.
 */
async function ingestAlertEvents(
  context: IngestContext,
  events: readonly IncomingAlertEvent[],
  receivedVia: string,
  /** Written in each new event's transaction: a drawn event's audit entry. */
  alsoWrite: (tx: DatabaseWriter, eventId: string) => Promise<unknown> = async () => undefined,
): Promise<IngestResult> {
  const { db, jobs, logger } = context;
  const placements = await placeNewEvents(context, events);
  const results: IngestResult['events'] = [];
  for (const event of events) {
    const key = { source: event.source, externalId: event.externalId };
    // An incident's issue that comes after a later one was stored (two pollers a moment apart) ends nothing and is not stored: the later one stands.
    const laterIssues = incidentIssues(event, 'after');
    if (laterIssues.length > 0 && (await db.alertEvent.count({ where: { source: event.source, OR: laterIssues } })) > 0) {
      results.push({ ...key, outcome: 'ignored', id: null, matchedMembers: 0, matchedPaddocks: 0 });
      continue;
    }
    // The stored issues it updates or cancels, read once: which it ends (an update replaces them, a cancellation withdraws them) and whom they told.
    const earlier = event.references.length > 0 ? await db.alertEvent.findMany({ where: earlierIssuesOf(event), select: EARLIER_ISSUE_FIELDS }) : [];
    const ending = earlier.filter(endsNow).map(({ id }) => id);
    const ended = { cancelledAt: new Date(event.effectiveAt), leftFeedAt: null };
    // Ended at once when nothing is stored; a new event ends them in the transaction that stores it.
    const endWithoutStoring = async () => {
      if (ending.length > 0) await db.alertEvent.updateMany({ where: { id: { in: ending } }, data: ended });
    };
    if (event.action === 'cancel' || (!event.geometry && event.areaCodes.length === 0)) {
      await endWithoutStoring();
      const endedAny = ending.length > 0 || earlier.some((issue) => issue.cancelledAt !== null);
      results.push({ ...key, outcome: endedAny ? 'cancelled' : 'ignored', id: null, matchedMembers: 0, matchedPaddocks: 0 });
      continue;
    }
    const placement = placements.get(event);
    const existing = placement ? null : await db.alertEvent.findUnique({ where: { source_externalId: key }, select: { id: true } });
    if (existing || (!placement && event.geometry)) {
      await endWithoutStoring();
      results.push({ ...key, outcome: 'duplicate', id: existing?.id ?? null, matchedMembers: 0, matchedPaddocks: 0 });
      continue;
    }
    const toldBefore = event.action === 'update' && earlier.length > 0 ? await toldOfNoLess(db, event, earlier) : new Set<string>();
    const { matches, areaKm2 } = placement ?? { matches: [], areaKm2: 0 };
    const held = areaKm2 > HOLD_EVENT_AREA_KM2;
    const tellsSomeone = !held && matches.some((match) => !toldBefore.has(match.userId));
    let stored: { id: string };
    try {
      stored = await db.$transaction(async (tx) => {
        const created = await tx.alertEvent.create({
          data: {
            ...key,
            kind: event.kind,
            title: event.title,
            severity: event.severity,
            hailSizeMm: event.hailSizeMm,
            effectiveAt: new Date(event.effectiveAt),
            expiresAt: event.expiresAt ? new Date(event.expiresAt) : null,
            // Named only by districts without a boundary: stored for staff to place, never dropped.
            geometry: event.geometry ?? Prisma.DbNull,
            areaCodes: event.areaCodes.length > 0 ? event.areaCodes : Prisma.DbNull,
            areaDescription: event.areaDescription,
            receivedVia,
            heldAt: held ? new Date() : null,
          },
          select: { id: true },
        });
        await writeMatches(tx, providerOf(context.env.DATABASE_URL), created.id, matches, toldBefore);
        if (ending.length > 0) await tx.alertEvent.updateMany({ where: { id: { in: ending } }, data: { ...ended, ...(event.action === 'update' ? { replacedById: created.id } : {}) } });
        if (tellsSomeone) await queueAlertEmails(jobs, tx, created.id);
        await alsoWrite(tx, created.id);
        return created;
      });
    } catch (error) {
      // Another request or poll stored it a moment ago, or it came twice in this message.
      if (!isUniqueViolation(error)) throw error;
      results.push({ ...key, outcome: 'duplicate', id: null, matchedMembers: 0, matchedPaddocks: 0 });
      continue;
    }
    if (!event.geometry) {
      logger.info({ eventId: stored.id, ...key, areaCodes: event.areaCodes, via: receivedVia }, 'alert event needs placing by staff');
      results.push({ ...key, outcome: 'needs_placing', id: stored.id, matchedMembers: 0, matchedPaddocks: 0 });
      continue;
    }
    const matchedPaddocks = matches.reduce((sum, match) => sum + match.paddocks.length, 0);
    if (tellsSomeone) jobs.wake(ALERT_EMAIL_QUEUE);
    logger.info({ eventId: stored.id, ...key, members: matches.length, paddocks: matchedPaddocks, via: receivedVia, held }, held ? 'alert event held for staff to confirm' : 'alert event stored');
    results.push({ ...key, outcome: held ? 'held' : 'stored', id: stored.id, matchedMembers: matches.length, matchedPaddocks });
  }
  return { events: results };
}

export interface AlertEmailRunResult {
  /** Copies written with their e-mail, which the mail queue sends. */
  queued: number;
}

/** Alert e-mails written in one transaction. */
const ALERT_EMAILS_PER_TRANSACTION = 50;

/** One alert e-mail and the copies (a match and its recipient) it tells of: a member's one, a broker's or referrer's each client's. */
interface AlertLetter {
  copies: ReadonlyArray<{ match: { id: string }; recipient: AlertRecipient; person: { id: string } }>;
  key: string;
  message: MailMessage;
}

/**
 * The e-mails of one event: for each match, the member's (unless they turned alert e-mails off),
 * their broker of record's and their referrer's. Each copy is claimed by inserting its AlertEmail row
 * (unique per match and recipient) in one transaction with its e-mail in the mail queue, so a
 * second run queues nothing again, and the queue sends each once.
 */
export async function sendAlertEmails({ db, mailer, site }: Pick<AppContext, 'db' | 'mailer' | 'site'>, eventId: string): Promise<AlertEmailRunResult> {
  const event = await db.alertEvent.findUnique({ where: { id: eventId }, include: { matches: true } });
  const result: AlertEmailRunResult = { queued: 0 };
  if (!event) return result;
  const userIds = event.matches.map((match) => match.userId);
  const [members, preferences] = await Promise.all([
    db.user.findMany({ where: { id: { in: userIds } }, select: { id: true, email: true, firstName: true, lastName: true, brokerId: true, referredByCode: true } }),
    db.memberPreference.findMany({ where: { userId: { in: userIds } }, select: { userId: true, alertEmails: true } }),
  ]);
  const [brokers, referrers] = await Promise.all([
    db.user.findMany({ where: { id: { in: members.flatMap((member) => (member.brokerId ? [member.brokerId] : [])) }, isBroker: true }, select: { id: true, email: true, firstName: true } }),
    db.referrer.findMany({
      where: { code: { in: members.flatMap((member) => (member.referredByCode ? [member.referredByCode] : [])) }, isActive: true },
      include: { user: { select: { id: true, email: true, firstName: true } } },
    }),
  ]);
  const applicationIds = new Set(event.matches.flatMap((match) => (match.paddocks as unknown as AlertPaddock[]).map((paddock) => paddock.applicationId)));
  const protections = await protectionsByIds(db, [...applicationIds]);
  // An update's e-mail to someone the issues it replaced told already says what rose.
  const replacedIds = (await db.alertEvent.findMany({ where: { replacedById: event.id }, select: { id: true } })).map(({ id }) => id);
  const toldEarlier = replacedIds.length > 0 ? await dangersTold(db, replacedIds, userIds) : new Map<string, WarningDanger[]>();
  const memberOf = new Map(members.map((member) => [member.id, member]));
  const wantsAlerts = new Map(preferences.map((row) => [row.userId, row.alertEmails]));
  const brokerOf = new Map(brokers.map((broker) => [broker.id, broker]));
  const referrerOf = new Map(referrers.map((referrer) => [referrer.code, referrer.user]));

  // Copies written by an earlier try of this job (or another runner) are not written again.
  const written = new Set((await db.alertEmail.findMany({ where: { eventId: event.id }, select: { matchId: true, recipient: true } })).map((copy) => `${copy.matchId}:${copy.recipient}`));
  const copies = event.matches.flatMap((match) => {
    const member = memberOf.get(match.userId);
    if (match.toldBefore || !member) return []; // told of it before, or the account is gone
    const people: Array<{ recipient: AlertRecipient; person: { id: string; email: string; firstName: string } | undefined }> = [
      { recipient: 'member', person: wantsAlerts.get(member.id) === false ? undefined : member },
      { recipient: 'broker', person: member.brokerId ? brokerOf.get(member.brokerId) : undefined },
      { recipient: 'referrer', person: member.referredByCode ? referrerOf.get(member.referredByCode) : undefined },
    ];
    return people.flatMap(({ recipient, person }) => (person && !written.has(`${match.id}:${recipient}`) ? [{ match, member, recipient, person }] : []));
  });
  type Copy = (typeof copies)[number];
  const underAlert = ({ match, member }: Copy): MemberUnderAlert => ({
    name: `${member.firstName} ${member.lastName}`.trim(),
    id: member.id,
    paddocks: match.paddocks as unknown as AlertPaddock[],
    protections,
    raise: toldEarlier.has(match.userId) ? warningRaise(worstTold(toldEarlier.get(match.userId)!), event) : null,
  });
  const notice = (person: Copy['person']) => ({ to: person.email, firstName: person.firstName, event: { ...event, kind: event.kind as AlertKind }, origin: site.origin() });
  // One e-mail to each member, and one to each broker and referrer with every client of theirs under it.
  const letters: AlertLetter[] = [];
  const toClientsOf = new Map<string, Copy[]>();
  for (const copy of copies) {
    if (copy.recipient === 'member') letters.push({ copies: [copy], key: `alert:${copy.match.id}:member`, message: memberAlertEmail({ ...notice(copy.person), member: underAlert(copy) }) });
    else {
      const whose = `${copy.recipient}:${copy.person.id}`;
      toClientsOf.set(whose, [...(toClientsOf.get(whose) ?? []), copy]);
    }
  }
  for (const group of toClientsOf.values()) {
    const [{ recipient, person }] = group as [Copy];
    // Named, as a member's is, by a match it tells of (the first of them): each match is in one broker's and one referrer's e-mail.
    const [first] = group.map((copy) => copy.match.id).sort();
    letters.push({
      copies: group,
      key: `alert:${first}:${recipient}`,
      message: clientsAlertEmail({ ...notice(person), recipient: recipient as 'broker' | 'referrer', clients: group.map(underAlert) }),
    });
  }
  const rowsOf = ({ copies: lettersCopies }: AlertLetter) => lettersCopies.map(({ match, recipient, person }) => ({ matchId: match.id, eventId: event.id, recipient, recipientId: person.id }));
  // A letter's records and its e-mail are written together: once written, the mail queue sends it.
  const writeOne = (tx: DatabaseWriter, letter: AlertLetter) => tx.alertEmail.createMany({ data: rowsOf(letter) }).then(() => mailer.send(letter.message, { writer: tx, key: letter.key }));
  // Many letters to a transaction, in two statements: a storm's hundreds are queued in seconds, not
  // two round trips to the database for each while the server is at its busiest.
  const writeBatch = async (tx: DatabaseWriter, batch: readonly AlertLetter[]) => {
    await tx.alertEmail.createMany({ data: batch.flatMap(rowsOf) });
    return mailer.sendMany(batch, { writer: tx });
  };
  // Each batch is handed to the mail queue while the next one is written.
  const handOvers: Promise<void>[] = [];
  for (let start = 0; start < letters.length; start += ALERT_EMAILS_PER_TRANSACTION) {
    const batch = letters.slice(start, start + ALERT_EMAILS_PER_TRANSACTION);
    let emailIds: string[];
    try {
      // Prisma's 5 s is ample for 50 e-mails, but not on a server a storm keeps busy.
      emailIds = await db.$transaction((tx) => writeBatch(tx, batch), { timeout: 30_000 });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // Another runner wrote one of them meanwhile: each on its own, skipping those it wrote.
      emailIds = [];
      for (const letter of batch) {
        try {
          emailIds.push(await db.$transaction((tx) => writeOne(tx, letter)));
        } catch (each) {
          if (!isUniqueViolation(each)) throw each;
        }
      }
    }
    handOvers.push(mailer.dispatch(...emailIds));
    result.queued += emailIds.length;
  }
  await Promise.all(handOvers);
  return result;
}

/* ---------- The member's alerts ---------- */

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export function presentMemberAlert(match: AlertMatch & { event: AlertEvent }): MemberAlert {
  const { event } = match;
  return {
    id: match.id,
    eventId: event.id,
    kind: event.kind as AlertKind,
    title: event.title,
    severity: event.severity,
    hailSizeMm: event.hailSizeMm,
    effectiveAt: event.effectiveAt.toISOString(),
    expiresAt: iso(event.expiresAt),
    cancelledAt: iso(event.cancelledAt),
    replaced: event.replacedById !== null,
    leftFeed: event.leftFeedAt !== null,
    endedReason: event.endedReason,
    geometry: event.geometry as AlertGeometry,
    paddocks: match.paddocks as unknown as AlertPaddock[],
    read: match.readAt !== null,
    readAt: iso(match.readAt),
  };
}

/** An event members may see: not held, or held and confirmed by staff. */
export const VISIBLE_TO_MEMBERS = { OR: [{ heldAt: null }, { confirmedAt: { not: null } }] };

/** How many warnings the member's list shows, newest first: more than a season brings. */
const MEMBER_WARNINGS_SHOWN = 100;

/**
 * The member's latest warnings, newest event first, a warning its agency issued again being one
 * (its newest issue, with the member's alerts for the issues before it), and how many have their
 * newest issue unread. Every alert of the member is read lightly to fold and count them; then the
 * shown warnings' alerts in full.
 */
export async function memberAlerts(db: Database, userId: string): Promise<{ alerts: MemberAlertListItem[]; unread: number }> {
  const issued = await db.alertMatch.findMany({
    where: { userId, event: VISIBLE_TO_MEMBERS },
    select: { id: true, eventId: true, readAt: true, event: { select: { replacedById: true } } },
    orderBy: [{ event: { effectiveAt: 'desc' } }, { id: 'asc' }],
  });
  const warnings = foldReissuedAlerts(issued.map(({ event, ...match }) => ({ ...match, replacedByEventId: event.replacedById })));
  const shown = warnings.slice(0, MEMBER_WARNINGS_SHOWN);
  const matches = await db.alertMatch.findMany({ where: { id: { in: shown.flatMap(({ alert, earlier }) => [alert.id, ...earlier.map((issue) => issue.id)]) } }, include: { event: true } });
  const presented = new Map(matches.map((match) => [match.id, presentMemberAlert(match)]));
  return {
    alerts: shown.map(({ alert, earlier }) => ({
      ...presented.get(alert.id)!,
      earlierIssues: earlier.map((issue) => {
        const { id, eventId, effectiveAt, severity, hailSizeMm, paddocks } = presented.get(issue.id)!;
        return { id, eventId, effectiveAt, severity, hailSizeMm, paddocks };
      }),
    })),
    unread: warnings.filter(({ alert }) => alert.readAt === null).length,
  };
}

/* ---------- Claims and the stored events ---------- */

/** Whether the member's match for the event exists: a claim may name only an alert the member received. */
export async function memberReceivedAlert(db: Database, userId: string, eventId: string): Promise<boolean> {
  return (await db.alertMatch.count({ where: { userId, eventId, event: VISIBLE_TO_MEMBERS } })) > 0;
}

export const EVENT_NOT_FOUND = 'There is no stored event with that id.';

/**
 * Staff's claims list for one stored event: the claims started from it, and those it can bear out
 * (on a protection it lay over, of a peril it brings, dated within its days: `claimsWindowOfEvent`).
 * Each claim's corroboration then says whether it covered the claimed paddocks themselves.
 */
function claimsUnderEventWhere(event: Pick<AlertEvent, 'id' | 'kind' | 'effectiveAt' | 'expiresAt' | 'cancelledAt'>, matches: readonly Pick<AlertMatch, 'paddocks'>[]): Prisma.ClaimWhereInput {
  const window = claimsWindowOfEvent({ kind: event.kind as AlertKind, effectiveAt: event.effectiveAt.toISOString(), expiresAt: iso(event.expiresAt), cancelledAt: iso(event.cancelledAt) });
  const applicationIds = [...new Set(matches.flatMap((match) => (match.paddocks as unknown as AlertPaddock[]).map((paddock) => paddock.applicationId)))];
  return { OR: [{ alertEventId: event.id }, { applicationId: { in: applicationIds }, peril: { in: window.perils }, eventDate: { gte: window.from, lte: window.to } }] };
}

/**
 * Every issue of the warning (or fire) an event is one issue of: those it updated and theirs in turn,
 * and those that updated it in turn. A storm re-issued as it moves is one storm to staff, whichever
 * issue they open it by.
 */
async function issuesOfWarning(db: Database, eventId: string): Promise<string[]> {
  const issues = new Set([eventId]);
  // A chain is a handful of issues; the bound only guards against a loop no write makes.
  for (let reached = [eventId], step = 0; reached.length > 0 && step < 100; step += 1) {
    const linked = await db.alertEvent.findMany({ where: { OR: [{ id: { in: reached } }, { replacedById: { in: reached } }] }, select: { id: true, replacedById: true } });
    reached = [...new Set(linked.flatMap(({ id, replacedById }) => (replacedById ? [id, replacedById] : [id])))].filter((id) => !issues.has(id));
    for (const id of reached) issues.add(id);
  }
  return [...issues];
}

/** The claims under the warning an event is an issue of (under any of its issues: claimsUnderEventWhere), and how many issues it has. */
async function claimsUnderWarning(db: Database, eventId: string): Promise<{ issues: number; where: Prisma.ClaimWhereInput }> {
  const issues = await db.alertEvent.findMany({
    where: { id: { in: await issuesOfWarning(db, eventId) } },
    select: { id: true, kind: true, effectiveAt: true, expiresAt: true, cancelledAt: true, matches: { select: { paddocks: true } } },
  });
  return { issues: issues.length, where: { OR: issues.map((issue) => claimsUnderEventWhere(issue, issue.matches)) } };
}

/** The filter of staff's claims list for one stored event's warning (claimsUnderWarning), with the event named for the list; 404 for an unknown id. */
export async function claimsUnderEvent(db: Database, eventId: string): Promise<{ event: { id: string; title: string; kind: AlertKind; issues: number }; where: Prisma.ClaimWhereInput }> {
  const event = await db.alertEvent.findUnique({ where: { id: eventId }, select: { id: true, title: true, kind: true } });
  if (!event) throw notFound(EVENT_NOT_FOUND, 'event_not_found');
  const { issues, where } = await claimsUnderWarning(db, eventId);
  return { event: { id: event.id, title: event.title, kind: event.kind as AlertKind, issues }, where };
}

/**
 * Corroboration of each claim by the events stored over its member's paddocks (shared rule:
 * shared/domain/alerts/alert-claims.ts), read in one query for a page of claims: the events of those
 * members from two days before the earliest claim's date to the end of the latest; one answer per claim, in order.
 */
export async function corroborateClaims(
  db: Database,
  claims: readonly { userId: string; peril: ClaimPeril; eventDate: string; applicationId: string; affectedPaddocks: readonly { paddockId: string }[]; alertEvent: { id: string } | null }[],
): Promise<Corroboration[]> {
  if (claims.length === 0) return [];
  const days = claims.map((claim) => claim.eventDate).sort();
  const from = perthDayStart(addDays(days[0]!, -2));
  const to = perthDayStart(addDays(days.at(-1)!, 1));
  const matches = await db.alertMatch.findMany({
    where: { userId: { in: [...new Set(claims.map((claim) => claim.userId))] }, event: { effectiveAt: { gte: from, lt: to } } },
    include: { event: true },
  });
  const eventsOf = (userId: string): StoredEventOverMember[] =>
    matches
      .filter((match) => match.userId === userId)
      .map(({ event, paddocks }) => ({
        eventId: event.id,
        kind: event.kind as AlertKind,
        title: event.title,
        effectiveAt: event.effectiveAt.toISOString(),
        expiresAt: iso(event.expiresAt),
        cancelledAt: iso(event.cancelledAt),
        paddocks: paddocks as unknown as AlertPaddock[],
      }));
  return claims.map((claim) =>
    corroborateClaim(
      { peril: claim.peril, eventDate: claim.eventDate, applicationId: claim.applicationId, paddockIds: claim.affectedPaddocks.map((paddock) => paddock.paddockId), alertEventId: claim.alertEvent?.id },
      eventsOf(claim.userId),
    ),
  );
}

/* ---------- The administrators' views ---------- */

async function summaries(db: Database, events: AlertEvent[]): Promise<AdminEventSummary[]> {
  const ids = events.map((event) => event.id);
  const [matches, emails, replaced] = await Promise.all([
    db.alertMatch.findMany({ where: { eventId: { in: ids } }, select: { eventId: true, paddocks: true, toldBefore: true } }),
    db.alertEmail.groupBy({ by: ['eventId'], where: { eventId: { in: ids } }, _count: { _all: true } }),
    db.alertEvent.findMany({ where: { replacedById: { in: ids } }, select: { replacedById: true } }),
  ]);
  const emailsOf = new Map(emails.map((row) => [row.eventId, row._count._all]));
  const updates = new Set(replaced.map((event) => event.replacedById));
  return events.map((event) => {
    const own = matches.filter((match) => match.eventId === event.id);
    return {
      id: event.id,
      source: event.source,
      externalId: event.externalId,
      kind: event.kind as AlertKind,
      title: event.title,
      severity: event.severity,
      hailSizeMm: event.hailSizeMm,
      effectiveAt: event.effectiveAt.toISOString(),
      expiresAt: iso(event.expiresAt),
      cancelledAt: iso(event.cancelledAt),
      replaced: event.replacedById !== null,
      leftFeed: event.leftFeedAt !== null,
      endedReason: event.endedReason,
      updatesEarlier: updates.has(event.id),
      heldAt: iso(event.heldAt),
      confirmedAt: iso(event.confirmedAt),
      areaKm2: event.geometry ? Math.round(eventAreaKm2(event.geometry as AlertGeometry)) : null,
      areaCodes: (event.areaCodes as string[] | null) ?? [],
      areaDescription: event.areaDescription,
      placedAt: iso(event.placedAt),
      receivedAt: event.receivedAt.toISOString(),
      receivedVia: event.receivedVia,
      matchedMembers: own.length,
      newlyMatchedMembers: own.filter((match) => !match.toldBefore).length,
      matchedPaddocks: own.reduce((sum, match) => sum + (match.paddocks as unknown[]).length, 0),
      emailsSent: emailsOf.get(event.id) ?? 0,
    };
  });
}

/**
 * The events that stand as `status` at `now`: alertEventStatus (shared/domain/alerts/event-status.ts)
 * as the database asks it, each condition in the order the rule takes them.
 */
function eventsStanding(status: AlertEventStatus, now: Date): Prisma.AlertEventWhereInput {
  const notEnded = { cancelledAt: null };
  const placed = { NOT: { geometry: { equals: Prisma.DbNull } } };
  const heldForStaff = { heldAt: { not: null }, confirmedAt: null };
  const told = [notEnded, placed, { NOT: heldForStaff }];
  switch (status) {
    case 'ended':
      return { cancelledAt: { not: null } };
    case 'needs_placing':
      return { ...notEnded, geometry: { equals: Prisma.DbNull } };
    case 'held':
      return { AND: [notEnded, placed, heldForStaff] };
    case 'expired':
      return { AND: [...told, { expiresAt: { lte: now } }] };
    case 'current':
      return { AND: [...told, { OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] }] };
  }
}

/** The alerts of these members whose warning or fire stands now (eventsStanding 'current'), newest event first: what a broker sees of their clients on a storm morning. */
export async function currentAlertsOf(db: Database, userIds: readonly string[], now = new Date()) {
  const matches = await db.alertMatch.findMany({
    where: { userId: { in: [...userIds] }, event: eventsStanding('current', now) },
    orderBy: [{ event: { effectiveAt: 'desc' } }, { id: 'asc' }],
    select: { id: true, userId: true, paddocks: true, event: { select: { kind: true, title: true } } },
  });
  return matches.map(({ id, userId, paddocks, event }) => ({
    id,
    userId,
    kind: event.kind as AlertKind,
    title: event.title,
    paddocks: (paddocks as unknown as AlertPaddock[]).map((paddock) => paddock.name),
  }));
}

export async function listAlertEvents(
  db: Database,
  { page, pageSize, kind, status, order = 'effective' }: { page: number; pageSize: number; kind?: AlertKind | undefined; status?: AlertEventStatus | undefined; order?: 'effective' | 'received' | undefined },
) {
  const where = { ...(kind ? { kind } : {}), ...(status ? eventsStanding(status, new Date()) : {}) };
  const newestFirst = order === 'received' ? { receivedAt: 'desc' as const } : { effectiveAt: 'desc' as const };
  const [events, total] = await Promise.all([db.alertEvent.findMany({ where, orderBy: [newestFirst, { id: 'asc' }], skip: (page - 1) * pageSize, take: pageSize }), db.alertEvent.count({ where })]);
  return { events: await summaries(db, events), total, page, pageSize };
}

export async function alertEventDetail(db: Database, id: string) {
  const event = await db.alertEvent.findUnique({ where: { id }, include: { matches: { include: { emails: { orderBy: { sentAt: 'asc' } } }, orderBy: { createdAt: 'asc' } } } });
  if (!event) return null;
  const [summary] = await summaries(db, [event]);
  const paddockIds = event.matches.flatMap((match) => (match.paddocks as unknown as AlertPaddock[]).map((paddock) => paddock.paddockId));
  const [people, outlines, warning] = await Promise.all([
    db.user.findMany({
      where: { id: { in: [...event.matches.map((match) => match.userId), ...(event.endedById ? [event.endedById] : [])] } },
      select: { id: true, firstName: true, lastName: true, email: true },
    }),
    // The outline as the application holds it now; a paddock placed by its farm's location has none.
    db.protectionPaddock.findMany({ where: { id: { in: paddockIds } }, select: { id: true, geometry: true } }),
    claimsUnderWarning(db, event.id),
  ]);
  const claimsUnder = await db.claim.count({ where: warning.where });
  const personOf = new Map(people.map((person) => [person.id, person]));
  const boundaryOf = new Map(outlines.flatMap((paddock) => (isPaddockGeometry(paddock.geometry) ? [[paddock.id, paddock.geometry] as const] : [])));
  const nameOf = (id: string) => {
    const person = personOf.get(id);
    return person ? `${person.firstName} ${person.lastName}`.trim() : '(account deleted)';
  };
  return {
    ...summary!,
    endedBy: event.endedById ? nameOf(event.endedById) : null,
    geometry: event.geometry as AlertGeometry | null,
    claimsUnder,
    issues: warning.issues,
    matches: event.matches.map((match) => ({
      id: match.id,
      memberId: match.userId,
      memberName: nameOf(match.userId),
      memberEmail: personOf.get(match.userId)?.email ?? null,
      paddocks: (match.paddocks as unknown as AlertPaddock[]).map((paddock) => ({ ...paddock, boundary: boundaryOf.get(paddock.paddockId) ?? null })),
      emails: match.emails.map((row) => ({ recipient: row.recipient as AlertRecipient, sentAt: row.sentAt.toISOString() })),
      readAt: iso(match.readAt),
    })),
  };
}

export const EVENT_NOT_HELD = 'This event is not waiting for confirmation: it was confirmed or withdrawn already, or was never held.';

/**
 * Staff decide on a held event: confirm it (members see it and are e-mailed, as for any event) or
 * withdraw it (it stays in the list, ended, and nobody is told). Answers false when the event is not
 * waiting (a second click, or another member of staff first).
 */
export async function decideHeldEvent({ db, jobs }: Pick<AppContext, 'db' | 'jobs'>, eventId: string, actorId: string, decision: 'confirm' | 'withdraw'): Promise<boolean> {
  const now = new Date();
  const waiting = { id: eventId, heldAt: { not: null }, confirmedAt: null, cancelledAt: null };
  const decided = await db.$transaction(async (tx) => {
    const { count } = await tx.alertEvent.updateMany({ where: waiting, data: decision === 'confirm' ? { confirmedAt: now, confirmedById: actorId } : { cancelledAt: now } });
    if (count === 0) return false;
    await auditEntry(tx, { actorId, customerId: null, action: decision === 'confirm' ? 'alert_event.confirmed' : 'alert_event.withdrawn', details: { eventId } });
    const tellsSomeone = decision === 'confirm' && (await tx.alertMatch.count({ where: { eventId, toldBefore: false } })) > 0;
    if (tellsSomeone) await queueAlertEmails(jobs, tx, eventId);
    return { tellsSomeone };
  });
  if (decided && decided.tellsSomeone) jobs.wake(ALERT_EMAIL_QUEUE);
  return decided !== false;
}

export const EVENT_NOT_CURRENT = 'This event is over already (ended or expired), or held: a held event is withdrawn instead.';

/**
 * Staff end an event by hand (ENDABLE_BY_HAND): a drawn report that is over, or a feed's entry the
 * agency got wrong and still lists. It ends now, with the reason members read on their alert; nobody
 * is e-mailed, and a fire's feed listing it still does not bring it back (only an incident the feed
 * had dropped stands again). Answers false when it cannot be ended (over already, another member of
 * staff first, or held).
 */
export async function endEventByHand(db: Database, eventId: string, actorId: string, reason: string): Promise<boolean> {
  const now = new Date();
  return db.$transaction(async (tx) => {
    const { count } = await tx.alertEvent.updateMany({
      where: { id: eventId, OR: ENDABLE_BY_HAND.map((status) => eventsStanding(status, now)) },
      data: { cancelledAt: now, endedById: actorId, endedReason: reason },
    });
    if (count === 0) return false;
    await auditEntry(tx, { actorId, customerId: null, action: 'alert_event.ended', details: { eventId, reason } });
    return true;
  });
}

export const EVENT_PLACED_ALREADY = 'This event does not need placing: it was placed already, or it has ended.';

/**
 * Staff place a warning that named only districts without a boundary: on districts they pick (from the
 * installed boundaries) or an area they draw. It is then matched, held when huge, and e-mailed like any
 * event. Answers false when it did not need placing (placed already, by another member of staff too).
 */
export async function placeEvent(context: IngestContext, eventId: string, actorId: string, area: AlertGeometry): Promise<boolean> {
  const { db, env, jobs } = context;
  const event = await db.alertEvent.findUnique({ where: { id: eventId }, select: { geometry: true, cancelledAt: true } });
  if (!event || event.geometry !== null || event.cancelledAt) return false;
  const [placement] = await placeOverLivePaddocks(context, [area]);
  const { matches, areaKm2 } = placement!;
  const held = areaKm2 > HOLD_EVENT_AREA_KM2;
  const tellsSomeone = !held && matches.length > 0;
  const placed = await db.$transaction(async (tx) => {
    const { count } = await tx.alertEvent.updateMany({
      where: { id: eventId, placedAt: null, cancelledAt: null },
      data: { geometry: area, placedAt: new Date(), placedById: actorId, heldAt: held ? new Date() : null },
    });
    if (count === 0) return false;
    await writeMatches(tx, providerOf(env.DATABASE_URL), eventId, matches, new Set());
    await auditEntry(tx, { actorId, customerId: null, action: 'alert_event.placed', details: { eventId, members: matches.length } });
    if (tellsSomeone) await queueAlertEmails(jobs, tx, eventId);
    return true;
  });
  if (placed && tellsSomeone) jobs.wake(ALERT_EMAIL_QUEUE);
  return placed;
}
