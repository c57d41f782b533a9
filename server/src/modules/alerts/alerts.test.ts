import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClaimsResponseSchema } from '@shared/contracts/claims';
import { ALERT_EVENT_STATUSES, type AlertEventStatus, type AlertGeometry } from '@shared/contracts/alerts';
import { adminEventResponseSchema, adminEventsResponseSchema, alertFeedMessageResponseSchema, ingestResultSchema, memberAlertsResponseSchema } from '@shared/contracts/alerts';
import { CLAIM_MESSAGES, claimResponseSchema } from '@shared/contracts/claims';
import { registerAppJobs } from '../../jobs/app-jobs';
import { allMailSent, createTestUser, csrfAgent, latestEmailTo } from '../../testing/accounts';
import { createApplication, createDashboardWorld } from '../../testing/dashboard-fixtures';
import { outlineToAWorldAway } from '@shared/domain/geo/testing/square-outline';
import { HOLD_EVENT_AREA_KM2 } from '@shared/domain/alerts/geometry';
import { alertEventStatus } from '@shared/domain/alerts/event-status';
import { perthToday } from '@shared/perth-time';
import { Prisma } from '../../generated/prisma/client';
import { paddockCoverFacts, stormMeaning } from '@shared/domain/alerts/storm-meaning';
import { protectionListSchema } from '@shared/contracts/dashboard';
import { LOSS_EXAMPLE_NOTE } from '@shared/domain/estimates';
import { FEED_MESSAGE_NOT_FOUND, pollAlertFeeds } from './alert-feeds';
import { ALERT_EMAIL_QUEUE, EVENT_PLACED_ALREADY, ingestAlertMessage, readAlertPaddockPages, sendAlertEmails } from './alerts.service';
import { place } from './alert-worker';
import { refuseNewJobs, refuseWritesOf } from '../../testing/refuse-writes';
import { circleWarningsFeed, drawnReport, hailWarningOver } from '../../testing/alert-messages';

const fixture = (name: string) => readFileSync(join(import.meta.dirname, 'fixtures', name), 'utf8');
const FEED_PORT = 3431;
let world: Awaited<ReturnType<typeof createDashboardWorld>>;
/** The other member's application, placed by its farm's location (118.22 E, 31.5 S). */
let theirs: Awaited<ReturnType<typeof createApplication>>;
let feedServer: Server;
/** Where the WMO's index of the Bureau's alerts links to its one alert, and how often the stand-in was asked for it. */
const LINKED_ALERT_PATH = '/v2/cap-alerts/au-bom-en/2026/01/01/05/01/02-dc6fc32e272f13d57f3fb683aa6bd3b8.xml';
let linkedAlertFetches = 0;
let offSiteFetches = 0;
/** A busy index: how many links it lists (to /busy/alerts/1.xml and on), and which the stand-in was asked for. */
let busyListed = 25;
const busyFetched: number[] = [];
/** The one item of the WMO's published index linked to the busy index's nth alert. */
function busyIndex(): string {
  const published = fixture('published/wmo-swic-au-bom-en-2026-01-01.rss.xml');
  const item = /<item>[\s\S]*?<\/item>/.exec(published)![0];
  const items = Array.from({ length: busyListed }, (_, at) => item.replace(/<link>[^<]+<\/link>/, `<link>http://127.0.0.1:${FEED_PORT}/busy/alerts/${at + 1}.xml</link>`));
  return published.replace(item, items.join('\n'));
}
/** What the stand-in for a fire service's incident feed answers at /fires: the incidents current now. */
let firesListed = '{"type":"FeatureCollection","features":[]}';

interface PublishedIncident {
  properties: { guid: string; pubDate: string; category: string; description: string };
  geometry: unknown;
}

/** An incident of the NSW RFS feed as published (fixtures/published/SOURCES.md), by the end of its guid. */
function publishedIncident(guidEnd: string): PublishedIncident {
  const feed = JSON.parse(fixture('published/nsw-rfs-majorIncidents-2020-10-10.json')) as { features: PublishedIncident[] };
  return feed.features.find((feature) => feature.properties.guid.endsWith(guidEnd))!;
}

/** An issue of a published incident (at Advice) moved to the Wheatbelt: published at `pubDate` (the feed's form), at `level`, its footprint 31.45–31.55 S between `west` and `east`. */
function incidentIssue(incident: PublishedIncident, pubDate: string, level: string, west: number, east: number) {
  const { properties } = incident;
  const ring = [
    [west, -31.55],
    [east, -31.55],
    [east, -31.45],
    [west, -31.45],
    [west, -31.55],
  ];
  return {
    ...incident,
    properties: { ...properties, pubDate, category: level, description: properties.description.replace('ALERT LEVEL: Advice', `ALERT LEVEL: ${level}`) },
    geometry: { type: 'Polygon', coordinates: [ring] },
  };
}

/** Alert e-mails in the outbox to one address, oldest first, as read (quoted-printable decoded as UTF-8). */
function alertEmailsTo(address: string): string[] {
  const dir = world.t.env.MAIL_OUTBOX_DIR;
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((file) => file.endsWith('.eml'))
    .sort()
    .map((file) => readFileSync(join(dir, file), 'utf8'))
    .filter((text) => new RegExp(`^To: .*${address.replace(/[.+]/g, '\\$&')}`, 'mi').test(text) && /^Subject: .* alert/m.test(text))
    .map((text) => text.replace(/=\r?\n/g, '').replace(/(=[0-9A-F]{2})+/g, (bytes) => Buffer.from(bytes.replaceAll('=', ''), 'hex').toString('utf8')));
}

/** Alert e-mails in the outbox to one address: their subjects, oldest first. */
const alertSubjectsTo = (address: string) => alertEmailsTo(address).map((text) => /^Subject: (.*)$/m.exec(text)?.[1] ?? '');
const postXml = (name: string) => world.agents.admin.post('/api/admin/events').set('Content-Type', 'application/xml').send(fixture(name));
const box = (west: number, south: number, east: number, north: number) => ({
  type: 'Polygon',
  coordinates: [
    [
      [west, south],
      [east, south],
      [east, north],
      [west, north],
      [west, south],
    ],
  ],
});

/**
 * A stand-in for the Bureau's Central Wheat Belt district (WA_PW014), drawn for these tests as a box
 * over the members' paddocks: the Bureau's own boundaries may not be passed on (docs/alerts.md).
 */
const DISTRICTS_FILE = join(mkdtempSync(join(tmpdir(), 'alert-districts-')), 'districts.geojson');
writeFileSync(
  DISTRICTS_FILE,
  JSON.stringify({ type: 'FeatureCollection', features: [{ type: 'Feature', properties: { AAC: 'WA_PW014', DIST_NAME: 'Central Wheat Belt' }, geometry: box(117.9, -31.7, 118.5, -31.3) }] }),
);
/** The Bureau's real warning placed only by its districts (IDN21033), its districts and identifier changed. */
const districtWarning = (identifier: string, codes: readonly string[]) =>
  readFileSync(join(import.meta.dirname, 'fixtures', 'published', 'bom-IDN21033-severe-thunderstorm-2019-01-16.cap'), 'utf8')
    .replace(/<cap:identifier>[^<]+/, `<cap:identifier>${identifier}`)
    .replace(
      /(<cap:geocode>\s*<cap:valueName>AMOC-AreaCode<\/cap:valueName>\s*<cap:value>[^<]+<\/cap:value>\s*<\/cap:geocode>\s*)+/,
      codes.map((code) => `<cap:geocode><cap:valueName>AMOC-AreaCode</cap:valueName><cap:value>${code}</cap:value></cap:geocode>`).join(''),
    );

beforeAll(async () => {
  world = await createDashboardWorld({ env: { ALERT_DISTRICTS_FILE: DISTRICTS_FILE } });
  const { db } = world.t;
  // Jo's North Paddock (200 ha) straddles the warning polygon's eastern edge (118.30): half inside; Creek Flat lies wholly inside.
  const paddocks = world.accepted.paddocks;
  await db.protectionPaddock.update({ where: { id: paddocks[0]!.id }, data: { geometry: box(118.29, -31.5, 118.31, -31.49) } });
  await db.protectionPaddock.update({ where: { id: paddocks[1]!.id }, data: { geometry: box(118.1, -31.5, 118.11, -31.49) } });
  // Jo came through a referrer, who gets a copy of their own.
  const referrer = await createTestUser(db, { email: 'referrer@example.com', firstName: 'Rae' });
  await db.referrer.create({ data: { userId: referrer.id, code: 'AGRI1', organisation: 'Agri Partners' } });
  await db.user.update({ where: { id: world.users.member.id }, data: { referredByCode: 'AGRI1' } });
  // The other member entered areas alone; their farm is at 118.22 E, 31.5 S: inside the warning and the DFES fire.
  theirs = await createApplication(db, world.users.other.id, { status: 'active' });
  await db.protectionApplication.update({ where: { id: theirs.id }, data: { farmLatitude: -31.5, farmLongitude: 118.22 } });

  await registerAppJobs(world.t.context.jobs, world.t.context);
  await world.t.context.jobs.start();

  feedServer = createServer((req, res) => {
    if (req.url === '/bom') res.writeHead(200, { 'content-type': 'application/xml' }).end(fixture('bom-severe-thunderstorm-circle.xml'));
    else if (req.url === '/fires') res.writeHead(200, { 'content-type': 'application/json' }).end(firesListed);
    // The Bureau's CAP feed as the WMO publishes it, an RSS of links: as published (its link on the WMO's site), and as served from this site.
    else if (req.url === '/wmo-as-published.rss') res.writeHead(200, { 'content-type': 'application/rss+xml' }).end(fixture('published/wmo-swic-au-bom-en-2026-01-01.rss.xml'));
    else if (req.url === '/v2/cap-alerts/au-bom-en/rss.xml')
      res.writeHead(200, { 'content-type': 'application/rss+xml' }).end(fixture('published/wmo-swic-au-bom-en-2026-01-01.rss.xml').replaceAll('https://severeweather.wmo.int', `http://127.0.0.1:${FEED_PORT}`));
    // An index whose one link sends the poll to another site (here localhost, not 127.0.0.1), which must not be asked.
    else if (req.url === '/redirecting/rss.xml')
      res
        .writeHead(200, { 'content-type': 'application/rss+xml' })
        .end(fixture('published/wmo-swic-au-bom-en-2026-01-01.rss.xml').replace(`https://severeweather.wmo.int${LINKED_ALERT_PATH}`, `http://127.0.0.1:${FEED_PORT}/redirecting/alert.xml`));
    else if (req.url === '/redirecting/alert.xml') res.writeHead(302, { location: `http://localhost:${FEED_PORT}/elsewhere.xml` }).end();
    else if (req.url === '/elsewhere.xml') {
      offSiteFetches += 1;
      res.writeHead(200, { 'content-type': 'application/xml' }).end(fixture('published/bom-IDN21033-severe-thunderstorm-2019-01-16.cap'));
    } else if (req.url === LINKED_ALERT_PATH) {
      linkedAlertFetches += 1;
      // The Bureau's stored warning stands in for the linked file, which the repository did not keep.
      res.writeHead(200, { 'content-type': 'application/xml' }).end(fixture('published/bom-IDN21033-severe-thunderstorm-2019-01-16.cap'));
    } else if (req.url === '/busy/rss.xml') res.writeHead(200, { 'content-type': 'application/rss+xml' }).end(busyIndex());
    else if (req.url?.startsWith('/busy/alerts/')) {
      const at = Number(/(\d+)\.xml$/.exec(req.url)?.[1]);
      busyFetched.push(at);
      // The third link leads to a web page, not an alert; the rest to the Bureau's warning under identifiers of their own.
      if (at === 3) res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Warnings</title><p>See the Bureau’s site.</p>');
      else
        res.writeHead(200, { 'content-type': 'application/xml' }).end(fixture('published/bom-IDN21033-severe-thunderstorm-2019-01-16.cap').replace(/<cap:identifier>[^<]+/, `<cap:identifier>busy-index-${at}`));
    } else if (req.url === '/broken') res.writeHead(200, { 'content-type': 'application/xml' }).end(fixture('malformed.xml'));
    // A feed whose answer carries a NUL byte, as a relay that pads or truncates can leave one.
    else if (req.url === '/nul') res.writeHead(200, { 'content-type': 'application/xml' }).end(`${fixture('bom-severe-thunderstorm-circle.xml')}\u0000`);
    else res.writeHead(503, { 'content-type': 'text/plain' }).end('down for maintenance');
  });
  await new Promise<void>((resolve) => feedServer.listen(FEED_PORT, '127.0.0.1', resolve));
});
afterAll(async () => {
  await new Promise((resolve) => feedServer.close(resolve));
  await world.t.close();
});

/** [west, south, east, north] in degrees, closed as a ring of [longitude, latitude] corners. */
const boxRing = ([west, south, east, north]: readonly [number, number, number, number]) => [
  [west, south],
  [west, north],
  [east, north],
  [east, south],
  [west, south],
];

/** When each issue of the Bureau's warning (bomWarning) was sent, for an Update to name it by. */
const sentAt = new Map<string, Date>();

/**
 * The Bureau's stored hail warning (hailWarningOver: severe, hail up to 4 cm) issued now under
 * `identifier` over the box; with `updates`, as the Update of that earlier issue, at the level and
 * hail size given.
 */
function bomWarning(identifier: string, box: readonly [number, number, number, number], { updates, ...issue }: { updates?: string; severity?: string; hail?: string } = {}) {
  const sent = new Date();
  sentAt.set(identifier, sent);
  return hailWarningOver(identifier, 'Severe thunderstorm warning', boxRing(box), sent, updates ? { ...issue, replaces: { identifier: updates, sent: sentAt.get(updates)! } } : issue);
}

/** The members a new warning over the box, issued under `identifier`, was matched to, as staff see them. */
async function membersUnder(identifier: string, box: readonly [number, number, number, number]) {
  const [event] = ingestResultSchema.parse((await world.agents.admin.post('/api/admin/events').set('Content-Type', 'application/xml').send(bomWarning(identifier, box)).expect(201)).body).events;
  const detail = adminEventResponseSchema.parse((await world.agents.admin.get(`/api/admin/events/${event!.id}`).expect(200)).body).event;
  return detail.matches.map((match) => match.memberEmail).sort();
}
/** A box over Jo's Creek Flat alone. */
const overCreekFlat = [118.05, -31.55, 118.15, -31.45] as const;

describe('storm and fire alerts', () => {
  it('keeps the routes to those allowed: 401 for a visitor, 403 for a member on the staff routes', async () => {
    const visitor = await csrfAgent(world.t.app);
    await request(world.t.app).get('/api/admin/events').expect(401);
    await request(world.t.app).get('/api/user/alerts').expect(401);
    await visitor.post('/api/admin/events').set('Content-Type', 'application/xml').send(fixture('bom-severe-thunderstorm-polygon.xml')).expect(401);
    await world.agents.member.post('/api/admin/events').set('Content-Type', 'application/xml').send(fixture('bom-severe-thunderstorm-polygon.xml')).expect(403);
    await world.agents.member.get('/api/admin/events').expect(403);
    await world.agents.broker.get('/api/admin/events/anything').expect(403);
    expect(await world.t.db.alertEvent.count()).toBe(0);
  });

  it('stores a warning once, matches it to paddocks, and e-mails each member, broker and referrer once however often it arrives', async () => {
    const first = ingestResultSchema.parse((await postXml('bom-severe-thunderstorm-polygon.xml').expect(201)).body);
    expect(first.events).toEqual([expect.objectContaining({ source: 'bom', outcome: 'stored', matchedMembers: 2, matchedPaddocks: 4 })]);
    const again = ingestResultSchema.parse((await postXml('bom-severe-thunderstorm-polygon.xml').expect(200)).body);
    expect(again.events).toEqual([expect.objectContaining({ outcome: 'duplicate', id: first.events[0]!.id })]);

    // The e-mails go from the job queue, one after another: wait for every copy before reading them.
    for (const address of ['grower@example.com', 'other@example.com', 'broker@example.com', 'referrer@example.com', 'broker2@example.com']) {
      await expect.poll(() => alertSubjectsTo(address).length, { timeout: 20_000 }).toBe(1);
    }
    expect(alertSubjectsTo('grower@example.com')).toEqual(['Hail alert over 2 paddocks of yours']);
    expect(alertSubjectsTo('broker@example.com')).toEqual(['Hail alert: your client Jo Grower, 2 paddocks']);
    expect(alertSubjectsTo('referrer@example.com')).toEqual(['Hail alert: your client Jo Grower, 2 paddocks']);
    expect(alertSubjectsTo('broker2@example.com')).toHaveLength(1);
    // The job run again by hand, and the warning posted a third time: nothing more goes.
    expect(await sendAlertEmails(world.t.context, first.events[0]!.id!)).toEqual({ queued: 0 });
    await postXml('bom-severe-thunderstorm-polygon.xml').expect(200);
    expect(alertSubjectsTo('grower@example.com')).toHaveLength(1);
    // The title from outside is text in the e-mail: its ampersand escaped in the HTML part.
    const eml = readdirSync(world.t.env.MAIL_OUTBOX_DIR)
      .map((file) => readFileSync(join(world.t.env.MAIL_OUTBOX_DIR, file), 'utf8'))
      .find((text) => /To: .*grower@example.com/.test(text) && / alert/.test(text));
    expect(eml!.replace(/=\r?\n/g, '')).toContain('large hailstones &amp; damaging winds');

    // What the warning means for each paddock, by the shared rule, from the member's own applications; the broker is told it too, the referrer not.
    const jo = memberAlertsResponseSchema.parse((await world.agents.member.get('/api/user/alerts').expect(200)).body).alerts[0]!;
    const { protections } = protectionListSchema.parse((await world.agents.member.get('/api/dashboard/protections').expect(200)).body);
    const meaningsTo = (reader: 'member' | 'client') => jo.paddocks.map((paddock) => stormMeaning(jo.kind, paddock, paddockCoverFacts(jo.kind, paddock, protections), { reader }).sentence);
    const [meanings, brokersMeanings] = [meaningsTo('member'), meaningsTo('client')];
    expect(meanings).toHaveLength(2);
    expect(brokersMeanings.some((meaning) => meaning.includes('after your client’s'))).toBe(true);
    const textOf = (address: string) => alertEmailsTo(address)[0]!;
    for (const meaning of [...meanings, LOSS_EXAMPLE_NOTE]) {
      expect(textOf('grower@example.com')).toContain(meaning);
      expect(textOf('referrer@example.com')).not.toContain(meaning);
    }
    // The broker reads it of their client's hurdle, and opens the client's alerts from the e-mail.
    for (const meaning of [...brokersMeanings, LOSS_EXAMPLE_NOTE]) expect(textOf('broker@example.com')).toContain(meaning);
    expect(textOf('broker@example.com')).toContain(`/dashboard/alerts?member=${world.users.member.id}`);
  });

  it('shows a member only their own alerts, each paddock with its share and hectares, and marks them read', async () => {
    const jo = memberAlertsResponseSchema.parse((await world.agents.member.get('/api/user/alerts').expect(200)).body);
    expect(jo.unread).toBe(1);
    expect(jo.alerts).toHaveLength(1);
    expect(jo.alerts[0]).toMatchObject({ kind: 'hail', hailSizeMm: 40, read: false, effectiveAt: '2026-11-14T07:20:00.000Z', expiresAt: '2026-11-14T10:20:00.000Z', geometry: { type: 'Polygon' } });
    expect(jo.alerts[0]!.paddocks.map(({ name, placedBy, share, hectaresAffected }) => ({ name, placedBy, share, hectaresAffected }))).toEqual([
      { name: 'North Paddock', placedBy: 'boundary', share: 0.5, hectaresAffected: 100 },
      { name: 'Creek Flat', placedBy: 'boundary', share: 1, hectaresAffected: 100 },
    ]);
    const other = memberAlertsResponseSchema.parse((await world.agents.other.get('/api/user/alerts').expect(200)).body);
    expect(other.alerts).toHaveLength(1);
    expect(other.alerts[0]!.id).not.toBe(jo.alerts[0]!.id);
    expect(other.alerts[0]!.paddocks.every((paddock) => paddock.placedBy === 'farm_location' && paddock.share === null)).toBe(true);
    expect((await world.agents.broker.get('/api/user/alerts').expect(200)).body).toEqual({ alerts: [], unread: 0 });
    // Jo's broker of record and staff read Jo's alerts as they stand; another broker and another member may not.
    const josAlerts = `/api/user/alerts?memberId=${world.users.member.id}`;
    expect((await world.agents.broker.get(josAlerts).expect(200)).body).toEqual(jo);
    expect((await world.agents.admin.get(josAlerts).expect(200)).body).toEqual(jo);
    await world.agents.otherBroker.get(josAlerts).expect(403);
    await world.agents.other.get(josAlerts).expect(403);
    // Only Jo marks Jo's alert read: to the broker it is not theirs.
    await world.agents.broker.post(`/api/user/alerts/${jo.alerts[0]!.id}/read`).expect(404);

    await world.agents.other.post(`/api/user/alerts/${jo.alerts[0]!.id}/read`).expect(404);
    const read = await world.agents.member.post(`/api/user/alerts/${jo.alerts[0]!.id}/read`).expect(200);
    expect(read.body.alert).toMatchObject({ id: jo.alerts[0]!.id, read: true });
    expect((await world.agents.member.get('/api/user/alerts').expect(200)).body.unread).toBe(0);
  });

  it('ends an event with the cancellation that names it, and shows staff the events with their counts', async () => {
    const cancel = ingestResultSchema.parse((await postXml('bom-severe-thunderstorm-cancel.xml').expect(200)).body);
    expect(cancel.events[0]).toMatchObject({ outcome: 'cancelled' });
    const list = adminEventsResponseSchema.parse((await world.agents.admin.get('/api/admin/events?page=1&pageSize=10').expect(200)).body);
    expect(list).toMatchObject({ total: 1, page: 1, pageSize: 10 });
    expect(list.events[0]).toMatchObject({ source: 'bom', kind: 'hail', cancelledAt: '2026-11-14T09:50:00.000Z', replaced: false, matchedMembers: 2, matchedPaddocks: 4, emailsSent: 5, receivedVia: 'api' });
    const detail = adminEventResponseSchema.parse((await world.agents.admin.get(`/api/admin/events/${list.events[0]!.id}`).expect(200)).body);
    const jos = detail.event.matches.find((match) => match.memberEmail === 'grower@example.com');
    expect(jos!.emails.map((row) => row.recipient).sort()).toEqual(['broker', 'member', 'referrer']);
    // Each paddock's outline for the map: the application's boundary, none for a paddock placed by its farm's location.
    expect(jos!.paddocks.map((paddock) => [paddock.name, paddock.boundary])).toEqual([
      ['North Paddock', box(118.29, -31.5, 118.31, -31.49)],
      ['Creek Flat', box(118.1, -31.5, 118.11, -31.49)],
    ]);
    const others = detail.event.matches.find((match) => match.memberEmail === 'other@example.com');
    expect(others!.paddocks.every((paddock) => paddock.placedBy === 'farm_location' && paddock.boundary === null)).toBe(true);
    const byArrival = adminEventsResponseSchema.parse((await world.agents.admin.get('/api/admin/events?order=received').expect(200)).body);
    expect(byArrival.events.map((event) => event.id)).toEqual([list.events[0]!.id]);
    await world.agents.admin.get('/api/admin/events/no-such-event').expect(404);
    const bad = await world.agents.admin.get('/api/admin/events?pageSize=500').expect(400);
    expect(bad.body.issues).toEqual([{ path: 'pageSize', message: 'pageSize must be a whole number from 1 to 100' }]);
  });

  it('lodges a claim started from an alert with the event attached, and shows staff which claims a stored event corroborates', async () => {
    const [alert] = memberAlertsResponseSchema.parse((await world.agents.member.get('/api/user/alerts').expect(200)).body).alerts;
    const north = alert!.paddocks.find((paddock) => paddock.name === 'North Paddock')!;
    // The warning ran from 3:20 pm to its cancellation at 5:50 pm on 14 November (Perth).
    const fromAlert = await world.lodge(world.agents.member, world.claimFields({ eventDate: '2026-11-14', affectedPaddockIds: [north.paddockId], alertEventId: alert!.eventId })).expect(201);
    expect(claimResponseSchema.parse(fromAlert.body).claim.alertEvent).toEqual({ id: alert!.eventId, kind: 'hail', title: alert!.title, effectiveAt: '2026-11-14T07:20:00.000Z' });
    const unrelated = await world.lodge(world.agents.member, world.claimFields({ affectedPaddockIds: [north.paddockId] })).expect(201);
    expect(unrelated.body.claim.alertEvent).toBeNull();

    const refused = await world.lodge(world.agents.member, world.claimFields({ alertEventId: 'no-such-event' })).expect(400);
    expect(refused.body).toEqual({ error: 'alert_not_received', message: CLAIM_MESSAGES.alertNotYours });

    const claims = adminClaimsResponseSchema.parse((await world.agents.admin.get('/api/admin/claims?pageSize=100').expect(200)).body).claims;
    expect(claims.find((claim) => claim.id === fromAlert.body.claim.id)!.corroboration).toEqual({
      status: 'corroborated',
      eventId: alert!.eventId,
      title: alert!.title,
      kind: 'hail',
      paddocks: ['North Paddock'],
      summary: `Hail: ${alert!.title}, from 14 Nov 2026, 3:20 pm AWST, covered North Paddock.`,
    });
    expect(claims.find((claim) => claim.id === unrelated.body.claim.id)!.corroboration).toEqual({
      status: 'not_corroborated',
      summary: 'Stored events covered these paddocks, but none on 14 Oct 2026 or the day before.',
    });
  });

  it('lists for staff the claims under one event: started from it, or on a protection it lay over, of its peril, dated in its days or the day after', async () => {
    const [alert] = memberAlertsResponseSchema.parse((await world.agents.member.get('/api/user/alerts').expect(200)).body).alerts;
    const north = alert!.paddocks.find((paddock) => paddock.name === 'North Paddock')!;
    const lodged = async (eventDate: string, alertEventId?: string) =>
      claimResponseSchema.parse((await world.lodge(world.agents.member, world.claimFields({ eventDate, affectedPaddockIds: [north.paddockId], ...(alertEventId ? { alertEventId } : {}) })).expect(201)).body)
        .claim.id;
    // The warning ran on 14 November (Perth): damage found the morning after counts, two days after does not.
    const [named, morningAfter, twoDaysAfter, namedLate] = [await lodged('2026-11-14', alert!.eventId), await lodged('2026-11-15'), await lodged('2026-11-16'), await lodged('2026-11-20', alert!.eventId)];

    const underEvent = adminClaimsResponseSchema.parse((await world.agents.admin.get(`/api/admin/claims?event=${alert!.eventId}&pageSize=100`).expect(200)).body);
    expect(underEvent.event).toMatchObject({ id: alert!.eventId, title: alert!.title, kind: 'hail', issues: 1 });
    const ids = underEvent.claims.map((claim) => claim.id);
    expect(ids).toEqual(expect.arrayContaining([named, morningAfter, namedLate]));
    expect(ids).not.toContain(twoDaysAfter);
    expect(underEvent.total).toBe(ids.length);
    // The event's page counts them for its link.
    expect(adminEventResponseSchema.parse((await world.agents.admin.get(`/api/admin/events/${alert!.eventId}`).expect(200)).body).event.claimsUnder).toBe(underEvent.total);
    expect(underEvent.claims.every((claim) => claim.alertEvent?.id === alert!.eventId || (claim.eventDate >= '2026-11-14' && claim.eventDate <= '2026-11-15'))).toBe(true);
    // Its tally counts every claim under it, and each status's share, whatever the list's other filters.
    await world.agents.admin.put(`/api/claims/${named}/status`).send({ status: 'under_assessment', message: 'Assessor booked for Thursday.' }).expect(200);
    const lodgedOnly = adminClaimsResponseSchema.parse((await world.agents.admin.get(`/api/admin/claims?event=${alert!.eventId}&status=lodged&pageSize=100`).expect(200)).body);
    expect(lodgedOnly.total).toBe(underEvent.total - 1);
    const lossOf = (claims: typeof underEvent.claims) => claims.reduce((total, claim) => total + claim.estimatedLossCents, 0);
    const assessed = underEvent.claims.find((claim) => claim.id === named)!;
    expect(lodgedOnly.event!.tally).toEqual({
      claims: underEvent.total,
      estimatedLossCents: lossOf(underEvent.claims),
      byStatus: [
        { status: 'lodged', claims: underEvent.total - 1, estimatedLossCents: lossOf(underEvent.claims) - assessed.estimatedLossCents },
        { status: 'under_assessment', claims: 1, estimatedLossCents: assessed.estimatedLossCents },
      ],
    });
    // Without the filter, the list names no event and holds them all.
    const every = adminClaimsResponseSchema.parse((await world.agents.admin.get('/api/admin/claims?pageSize=100').expect(200)).body);
    expect(every.event).toBeNull();
    expect(every.claims.map((claim) => claim.id)).toContain(twoDaysAfter);

    const unknown = await world.agents.admin.get('/api/admin/claims?event=no-such-event').expect(404);
    expect(unknown.body).toEqual({ error: 'event_not_found', message: 'There is no stored event with that id.' });
    await world.agents.member.get(`/api/admin/claims?event=${alert!.eventId}`).expect(403);
  });

  it('refuses an entity-expansion attempt and malformed XML with a 400 a person can act on', async () => {
    const entities = await postXml('entity-expansion.xml').expect(400);
    expect(entities.body).toEqual({ error: 'xml_doctype_refused', message: expect.stringContaining('DOCTYPE') });
    expect((await postXml('malformed.xml').expect(400)).body.error).toBe('malformed_xml');
  });

  it('sends a member who turned alert e-mails off none, while their broker still gets a copy (a DFES fire in GeoJSON)', async () => {
    await world.agents.other
      .put('/api/user/preferences')
      .send({ alertEmails: false })
      .expect(200, { preferences: { claimUpdates: true, paymentReminders: true, renewalReminders: true, alertEmails: false } });
    const fire = ingestResultSchema.parse((await world.agents.admin.post('/api/admin/events').set('Content-Type', 'application/geo+json').send(fixture('dfes-incidents.geojson')).expect(201)).body);
    expect(fire.events.map((event) => [event.externalId, event.outcome, event.matchedMembers])).toEqual([
      ['DFES-IN-2026-118423', 'stored', 1],
      ['DFES-IN-2026-118431', 'stored', 0],
    ]);
    await expect.poll(() => alertSubjectsTo('broker2@example.com').length, { timeout: 20_000 }).toBe(2);
    expect(alertSubjectsTo('broker2@example.com')[1]).toMatch(/^Fire alert: your client/);
    expect(alertSubjectsTo('other@example.com')).toHaveLength(1);
  });

  it('reads a feed from its URL on the schedule’s job, and records each feed’s last poll and last error', async () => {
    const now = new Date('2026-11-15T09:40:00Z');
    const env = { ...world.t.context.env, ALERT_FEED_BOM_URL: `http://127.0.0.1:${FEED_PORT}/bom`, ALERT_FEED_DFES_URL: `http://127.0.0.1:${FEED_PORT}/dfes` };
    await expect(pollAlertFeeds({ ...world.t.context, env }, now)).rejects.toThrow('dfes: The feed answered 503');
    const stored = await world.t.db.alertEvent.findUnique({ where: { source_externalId: { source: 'bom', externalId: 'urn:oid:2.49.0.1.36.0.IDW21037.20261115093500' } } });
    expect(stored).toMatchObject({ kind: 'storm', receivedVia: 'feed:bom' });
    // Polled again: the same warning is not stored twice.
    await expect(pollAlertFeeds({ ...world.t.context, env }, new Date(now.getTime() + 300_000))).rejects.toThrow();
    expect(await world.t.db.alertEvent.count({ where: { source: 'bom' } })).toBe(2);
    const statuses = await world.t.db.alertFeedStatus.findMany({ orderBy: { feed: 'asc' } });
    expect(statuses).toMatchObject([
      { feed: 'bom', lastSuccessAt: new Date(now.getTime() + 300_000), lastStored: 0, lastError: null },
      { feed: 'dfes', lastSuccessAt: null, lastError: 'The feed answered 503 Service Unavailable', lastErrorAt: new Date(now.getTime() + 300_000) },
    ]);
  });
  it('follows an index feed’s links to its alerts on its own site, each fetched once, and says why it follows none elsewhere', async () => {
    const bomOnly = (url: string) => ({ ...world.t.context, env: { ...world.t.context.env, ALERT_FEED_BOM_URL: url, ALERT_FEED_DFES_URL: undefined } });
    const identifier = { source: 'bom', externalId: 'AusBoM-IDN21033-2019-01-16T03:15:58+00:00' };
    // As published, the index links to the WMO's site, not the feed's: nothing is fetched, and the kept answer says why.
    await expect(pollAlertFeeds(bomOnly(`http://127.0.0.1:${FEED_PORT}/wmo-as-published.rss`), new Date())).rejects.toThrow(
      'bom: The feed lists 1 alert by link, none on its own site (127.0.0.1:3431) but on severeweather.wmo.int: only links on the feed’s own site are followed, so set the feed’s address to the index on that site.'.replaceAll(
        '’',
        "'",
      ),
    );
    expect(await world.t.db.alertFeedMessage.findFirstOrThrow({ where: { feed: 'bom' }, orderBy: [{ receivedAt: 'desc' }, { id: 'desc' }] })).toMatchObject({
      error: expect.stringMatching(/^The feed lists 1 alert by link/),
    });
    expect(linkedAlertFetches).toBe(0);

    // Served from the site its links are on: the linked alert is fetched and stored as a feed's.
    const index = bomOnly(`http://127.0.0.1:${FEED_PORT}/v2/cap-alerts/au-bom-en/rss.xml`);
    const [first] = await pollAlertFeeds(index, new Date('2026-12-05T10:00:00Z'));
    expect(first).toMatchObject({ feed: 'bom', error: null });
    expect(await world.t.db.alertEvent.findUnique({ where: { source_externalId: identifier } })).toMatchObject({ receivedVia: 'feed:bom' });
    expect(linkedAlertFetches).toBe(1);
    // Polled again: the link was read; nothing is fetched or stored twice.
    await pollAlertFeeds(index, new Date('2026-12-05T10:05:00Z'));
    expect(linkedAlertFetches).toBe(1);
    expect(await world.t.db.alertEvent.count({ where: identifier })).toBe(1);
    expect(await world.t.db.alertFeedStatus.findUniqueOrThrow({ where: { feed: 'bom' } })).toMatchObject({ lastSuccessAt: new Date('2026-12-05T10:05:00Z'), lastStored: 0 });

    // A link that redirects off the feed's site: the other site is not asked, the poll says so, and the link is tried again next time.
    const redirecting = bomOnly(`http://127.0.0.1:${FEED_PORT}/redirecting/rss.xml`);
    for (const at of ['2026-12-05T10:10:00Z', '2026-12-05T10:15:00Z']) {
      await expect(pollAlertFeeds(redirecting, new Date(at))).rejects.toThrow(
        `bom: 1 of the 1 alert the feed links to could not be fetched; they are tried again at the next poll. http://127.0.0.1:${FEED_PORT}/redirecting/alert.xml: It was redirected off the feed's site, to localhost:${FEED_PORT}`,
      );
    }
    expect(offSiteFetches).toBe(0);
    expect(await world.t.db.alertFeedLink.count({ where: { url: { contains: '/redirecting/' } } })).toBe(0);
  });

  it('fetches at most 20 of an index’s links a poll, counts a linked page that is not an alert, and forgets links the index drops', async () => {
    const busy = { ...world.t.context, env: { ...world.t.context.env, ALERT_FEED_BOM_URL: `http://127.0.0.1:${FEED_PORT}/busy/rss.xml`, ALERT_FEED_DFES_URL: undefined } };
    const busyEvents = () => world.t.db.alertEvent.count({ where: { externalId: { startsWith: 'busy-index-' } } });
    const keptAnswer = () => world.t.db.alertFeedMessage.findFirstOrThrow({ where: { feed: 'bom' }, orderBy: [{ receivedAt: 'desc' }, { id: 'desc' }] });
    const remembered = () => world.t.db.alertFeedLink.count({ where: { feed: 'bom', url: { contains: '/busy/' } } });

    // The first poll takes the first 20 links; the web page among them is counted, with its link and reason, and the poll succeeds.
    await pollAlertFeeds(busy, new Date('2026-12-05T11:00:00Z'));
    expect(busyFetched).toEqual(Array.from({ length: 20 }, (_, at) => at + 1));
    expect(await busyEvents()).toBe(19);
    expect(await keptAnswer()).toMatchObject({
      error: null,
      unreadable: 1,
      unreadableReason: expect.stringMatching(new RegExp(`^http://127\\.0\\.0\\.1:${FEED_PORT}/busy/alerts/3\\.xml: .*text/html`)),
    });
    const { feeds } = adminEventsResponseSchema.parse((await world.agents.admin.get('/api/admin/events').expect(200)).body);
    expect(feeds.find((feed) => feed.feed === 'bom')!.recentMessages[0]).toMatchObject({ unreadable: 1, unreadableReason: expect.stringContaining('/busy/alerts/3.xml: ') });

    // The next takes the other 5, and the one after asks for nothing: the page that is not an alert is not fetched again.
    await pollAlertFeeds(busy, new Date('2026-12-05T11:05:00Z'));
    expect(busyFetched.slice(20)).toEqual([21, 22, 23, 24, 25]);
    expect([await busyEvents(), (await keptAnswer()).unreadable]).toEqual([24, 0]);
    await pollAlertFeeds(busy, new Date('2026-12-05T11:10:00Z'));
    expect(busyFetched).toHaveLength(25);
    expect(await remembered()).toBe(25);

    // The index drops all but its first 3: the rest are forgotten, and nothing is fetched again.
    busyListed = 3;
    await pollAlertFeeds(busy, new Date('2026-12-05T11:15:00Z'));
    expect([await remembered(), busyFetched.length]).toEqual([3, 25]);
  });

  it('keeps a feed’s answer holding a NUL byte, which PostgreSQL cannot store, and goes on to the next feed', async () => {
    const env = { ...world.t.context.env, ALERT_FEED_BOM_URL: `http://127.0.0.1:${FEED_PORT}/nul`, ALERT_FEED_DFES_URL: `http://127.0.0.1:${FEED_PORT}/dfes` };
    // The byte after the document makes it no well-formed XML: kept with that reason, and the next feed polled.
    const failed = await pollAlertFeeds({ ...world.t.context, env }, new Date('2026-11-15T10:00:00Z')).catch((error: Error) => error.message);
    expect(failed).toMatch(/bom: The XML is not well formed/);
    expect(failed).toMatch(/dfes: The feed answered 503/);
    const kept = await world.t.db.alertFeedMessage.findFirstOrThrow({ where: { feed: 'bom' }, orderBy: [{ receivedAt: 'desc' }, { id: 'desc' }] });
    expect([kept.body.includes('\u0000'), kept.error]).toEqual([false, expect.stringMatching(/^The XML is not well formed/)]);
    expect(await world.t.db.alertFeedStatus.findUniqueOrThrow({ where: { feed: 'dfes' } })).toMatchObject({
      lastError: 'The feed answered 503 Service Unavailable',
      lastErrorAt: new Date('2026-11-15T10:00:00Z'),
    });
  });

  it('keeps each feed’s last messages with what became of them, and shows staff one as it came', async () => {
    const env = { ...world.t.context.env, ALERT_FEED_BOM_URL: `http://127.0.0.1:${FEED_PORT}/bom`, ALERT_FEED_DFES_URL: `http://127.0.0.1:${FEED_PORT}/broken` };
    for (let poll = 0; poll < 11; poll += 1) await expect(pollAlertFeeds({ ...world.t.context, env }, new Date())).rejects.toThrow('dfes: The XML is not well formed');
    // The newest 10 of each feed are kept.
    expect(await world.t.db.alertFeedMessage.count({ where: { feed: 'bom' } })).toBe(10);
    const { feeds } = adminEventsResponseSchema.parse((await world.agents.admin.get('/api/admin/events').expect(200)).body);
    const [bom, dfes] = feeds;
    expect(bom!.recentMessages).toHaveLength(5);
    expect(bom!.recentMessages[0]).toMatchObject({ stored: 0, duplicates: 1, ended: 0, held: 0, error: null, characters: fixture('bom-severe-thunderstorm-circle.xml').length });
    expect(dfes!.recentMessages[0]).toMatchObject({ stored: 0, duplicates: 0, error: expect.stringMatching(/^The XML is not well formed: .+ \(line \d+, column \d+\)\.$/) });

    const opened = alertFeedMessageResponseSchema.parse((await world.agents.admin.get(`/api/admin/alert-feed-messages/${dfes!.recentMessages[0]!.id}`).expect(200)).body).message;
    expect(opened).toMatchObject({ feed: 'dfes', contentType: 'application/xml', body: fixture('malformed.xml') });
    expect((await world.agents.admin.get('/api/admin/alert-feed-messages/gone').expect(404)).body.message).toBe(FEED_MESSAGE_NOT_FOUND);
    await world.agents.member.get(`/api/admin/alert-feed-messages/${dfes!.recentMessages[0]!.id}`).expect(403);
  });

  it('stores an event staff draw on the map for a report by phone, matched like any other, at the Perth time typed', async () => {
    const report = drawnReport(box(118.09, -31.51, 118.12, -31.48));
    await world.agents.member.post('/api/admin/events/drawn').send(report).expect(403);
    const result = ingestResultSchema.parse((await world.agents.admin.post('/api/admin/events/drawn').send(report).expect(201)).body);
    expect(result.events).toEqual([expect.objectContaining({ source: 'staff', outcome: 'stored', matchedMembers: 1, matchedPaddocks: 1 })]);
    const event = adminEventResponseSchema.parse((await world.agents.admin.get(`/api/admin/events/${result.events[0]!.id}`).expect(200)).body).event;
    expect(event).toMatchObject({ kind: 'hail', hailSizeMm: 15, receivedVia: 'drawn', effectiveAt: '2026-11-20T07:10:00.000Z', expiresAt: '2026-11-20T09:00:00.000Z' });
    expect(event.matches.map((match) => [match.memberEmail, match.paddocks.map((paddock) => [paddock.name, paddock.share])])).toEqual([['grower@example.com', [['Creek Flat', 1]]]]);
    expect(await world.t.db.auditLog.count({ where: { action: 'alert_event.drawn', actorId: world.users.admin.id } })).toBe(1);

    const refusal = await world.agents.admin
      .post('/api/admin/events/drawn')
      .send({ ...report, expires: '2026-11-20T14:00', geometry: { type: 'Polygon', coordinates: [] } })
      .expect(400);
    expect(refusal.body.issues).toEqual([
      { path: 'geometry.coordinates', message: 'A polygon needs an outline' },
      { path: 'expires', message: 'Until when must be after when it happened' },
    ]);
  });

  it('keeps no event staff draw whose audit entry cannot be written, and stores it when drawn again', async () => {
    const report = { ...drawnReport(box(118.09, -31.51, 118.12, -31.48)), title: 'Caller at the Creek Flat gate' };
    const drawnEvents = () => world.t.db.alertEvent.count({ where: { source: 'staff', title: report.title } });
    const lift = await refuseWritesOf(world.t.db, world.t.env.DATABASE_URL, 'AuditLog', 'INSERT');
    try {
      await world.agents.admin.post('/api/admin/events/drawn').send(report).expect(500);
    } finally {
      await lift();
    }
    expect(await drawnEvents()).toBe(0);
    const result = ingestResultSchema.parse((await world.agents.admin.post('/api/admin/events/drawn').send(report).expect(201)).body);
    expect(await drawnEvents()).toBe(1);
    const audited = await world.t.db.auditLog.findMany({ where: { action: 'alert_event.drawn' }, select: { details: true } });
    expect(audited.map((entry) => entry.details)).toContainEqual({ eventId: result.events[0]!.id, kind: 'hail' });
  });

  it('stores each match as it was placed, at the moment it was stored', async () => {
    // A sliver over the east of North Paddock: a share and hectares of four and two places.
    const report = { kind: 'hail', title: 'Caller east of North Paddock', effective: '2026-11-21T15:10', geometry: box(118.3037, -31.52, 118.33, -31.47) };
    const placed = place({ geometries: [report.geometry as AlertGeometry], pages: await readAlertPaddockPages(world.t.db) })[0]!.matches;
    const before = Date.now();
    const result = ingestResultSchema.parse((await world.agents.admin.post('/api/admin/events/drawn').send(report).expect(201)).body);
    const after = Date.now();
    const event = adminEventResponseSchema.parse((await world.agents.admin.get(`/api/admin/events/${result.events[0]!.id}`).expect(200)).body).event;
    const grower = placed.find((match) => match.userId === world.users.member.id)!.paddocks;
    expect(grower.map(({ name, share }) => [name, share! > 0 && share! < 1])).toEqual([['North Paddock', true]]);
    // Staff see each paddock's outline beside what was placed.
    // The matches of one statement share their moment, so both lists are put in one order first.
    const byMember = <T>(matches: T[], memberOf: (match: T) => string) => [...matches].sort((a, b) => memberOf(a).localeCompare(memberOf(b)));
    expect(byMember(event.matches, (match) => match.memberId).map((match) => match.paddocks.map(({ boundary: _outline, ...paddock }) => paddock))).toEqual(
      byMember(placed, (match) => match.userId).map((match) => match.paddocks),
    );
    const stored = await world.t.db.alertMatch.findMany({ where: { eventId: event.id }, select: { createdAt: true, toldBefore: true } });
    expect(stored.map(({ toldBefore }) => toldBefore)).toEqual(placed.map(() => false));
    expect(stored.every(({ createdAt }) => createdAt.getTime() >= before && createdAt.getTime() <= after)).toBe(true);
  });

  it('reads the admin page’s form: the message’s text in one field, CAP XML or GeoJSON by its first character', async () => {
    const form = (message: string) => world.agents.admin.post('/api/admin/events').field('message', message);
    const cap = ingestResultSchema.parse((await form(fixture('bom-severe-thunderstorm-circle.xml')).expect(200)).body);
    expect(cap.events).toEqual([expect.objectContaining({ source: 'bom', outcome: 'duplicate' })]);
    const geojson = ingestResultSchema.parse((await form(`  ${fixture('dfes-incidents.geojson')}`).expect(200)).body);
    expect(geojson.events.map((event) => event.outcome)).toEqual(['duplicate', 'duplicate']);
    const empty = await form('   ').expect(400);
    expect(empty.body.issues).toEqual([{ path: 'message', message: 'Choose a file or paste a CAP alert or GeoJSON' }]);
    expect((await form('<alert><oops>').expect(400)).body.error).toBe('malformed_xml');
  });

  it('stores each fire of an NSW RFS EDXL-DE distribution posted as staff would, once however often it is posted', async () => {
    const post = () => world.agents.admin.post('/api/admin/events').set('Content-Type', 'application/xml').send(fixture('published/nsw-rfs-majorIncidentsCAP-2014-11-10.edxlde'));
    const first = ingestResultSchema.parse((await post().expect(201)).body);
    expect(first.events).toHaveLength(53);
    expect(new Set(first.events.map((event) => event.outcome))).toEqual(new Set(['stored']));
    expect(await world.t.db.alertEvent.count({ where: { source: 'webmaster@rfs.nsw.gov.au', kind: 'fire' } })).toBe(53);
    const again = ingestResultSchema.parse((await post().expect(200)).body);
    expect(new Set(again.events.map((event) => event.outcome))).toEqual(new Set(['duplicate']));
  });

  it('stores the fires of an NSW RFS incident feed as published (no kind of ours), leaving out burn-offs and road crashes', async () => {
    const posted = ingestResultSchema.parse(
      (await world.agents.admin.post('/api/admin/events').set('Content-Type', 'application/geo+json').send(fixture('published/nsw-rfs-majorIncidents-2020-10-10.json')).expect(201)).body,
    );
    expect(posted.events).toHaveLength(14);
    expect(await world.t.db.alertEvent.count({ where: { source: 'rfs.nsw.gov.au', kind: 'fire' } })).toBe(14);
  });

  it('moves an event to its update’s area and tells only the member newly under it; a cancellation withdraws it and the member’s alert says so', async () => {
    const post = (xml: string) => world.agents.admin.post('/api/admin/events').set('Content-Type', 'application/xml').send(xml);
    // The other member turned alert e-mails off (above): their broker's copy is how they are told.
    const before = { jo: alertSubjectsTo('grower@example.com').length, other: alertSubjectsTo('broker2@example.com').length };
    const jos = async () => memberAlertsResponseSchema.parse((await world.agents.member.get('/api/user/alerts').expect(200)).body);
    const unreadBefore = (await jos()).unread;
    // First over Jo's Creek Flat only (118.10–118.11), then moved east to take in the other member's farm (118.22) too.
    const first = ingestResultSchema.parse((await post(bomWarning('IDW21037-update-test-1', [118.05, -31.55, 118.15, -31.45])).expect(201)).body);
    expect(first.events[0]).toMatchObject({ outcome: 'stored', matchedMembers: 1 });
    await expect.poll(() => alertSubjectsTo('grower@example.com').length, { timeout: 20_000 }).toBe(before.jo + 1);
    const update = ingestResultSchema.parse((await post(bomWarning('IDW21037-update-test-2', [118.05, -31.55, 118.25, -31.45], { updates: 'IDW21037-update-test-1' })).expect(201)).body);
    expect(update.events[0]).toMatchObject({ outcome: 'stored', matchedMembers: 2 });
    await expect.poll(() => alertSubjectsTo('broker2@example.com').length, { timeout: 20_000 }).toBe(before.other + 1);
    await allMailSent(world.t);
    expect(alertSubjectsTo('grower@example.com')).toHaveLength(before.jo + 1);
    // Jo sees one warning: the update's area, with the first issue under it, and one more unread.
    const afterUpdate = await jos();
    expect(afterUpdate.alerts.find((alert) => alert.eventId === update.events[0]!.id)).toMatchObject({ cancelledAt: null, replaced: false, earlierIssues: [{ eventId: first.events[0]!.id }] });
    expect(afterUpdate.alerts.some((alert) => alert.eventId === first.events[0]!.id)).toBe(false);
    expect(afterUpdate.unread).toBe(unreadBefore + 1);

    // Issued a third time further east, over the other member's farm alone: Jo's warning stands, replaced, and nobody is e-mailed again.
    const third = ingestResultSchema.parse((await post(bomWarning('IDW21037-update-test-3', [118.18, -31.55, 118.25, -31.45], { updates: 'IDW21037-update-test-2' })).expect(201)).body);
    expect(third.events[0]).toMatchObject({ outcome: 'stored', matchedMembers: 1 });
    const afterThird = await jos();
    expect(afterThird.alerts.find((alert) => alert.eventId === update.events[0]!.id)).toMatchObject({ cancelledAt: expect.any(String), replaced: true, earlierIssues: [{ eventId: first.events[0]!.id }] });
    expect(afterThird.alerts.some((alert) => alert.eventId === third.events[0]!.id)).toBe(false);
    await allMailSent(world.t);
    expect(alertSubjectsTo('grower@example.com')).toHaveLength(before.jo + 1);
    expect(alertSubjectsTo('broker2@example.com')).toHaveLength(before.other + 1);
    // Staff see the first two issues replaced by an update, the third standing, and whom each update newly covered.
    const staffSees = async (id: string) => adminEventResponseSchema.parse((await world.agents.admin.get(`/api/admin/events/${id}`).expect(200)).body).event;
    expect(await staffSees(first.events[0]!.id!)).toMatchObject({ cancelledAt: expect.any(String), replaced: true, updatesEarlier: false, matchedMembers: 1, newlyMatchedMembers: 1 });
    expect(await staffSees(update.events[0]!.id!)).toMatchObject({ cancelledAt: expect.any(String), replaced: true, updatesEarlier: true, matchedMembers: 2, newlyMatchedMembers: 1 });
    expect(await staffSees(third.events[0]!.id!)).toMatchObject({ cancelledAt: null, replaced: false, updatesEarlier: true, matchedMembers: 1, newlyMatchedMembers: 0 });
  });

  it('leaves the warning standing when its update cannot be stored, and replaces it when the update comes again', async () => {
    const post = (xml: string) => world.agents.admin.post('/api/admin/events').set('Content-Type', 'application/xml').send(xml);
    const overJo = [118.05, -31.55, 118.15, -31.45] as const;
    const first = ingestResultSchema.parse((await post(bomWarning('IDW21037-fault-1', overJo)).expect(201)).body).events[0]!;
    const update = () => ({ contentType: 'application/xml', body: bomWarning('IDW21037-fault-2', overJo, { updates: 'IDW21037-fault-1' }) });
    const jos = async () => memberAlertsResponseSchema.parse((await world.agents.member.get('/api/user/alerts').expect(200)).body).alerts;
    const lift = await refuseWritesOf(world.t.db, world.t.env.DATABASE_URL, 'AlertMatch', 'INSERT');
    try {
      await expect(ingestAlertMessage(world.t.context, update(), 'api')).rejects.toThrow('INSERT on AlertMatch refused');
    } finally {
      await lift();
    }
    // Nothing of the update was kept, so Jo's warning stands as it was: not ended, not replaced.
    expect((await jos()).find((alert) => alert.eventId === first.id)).toMatchObject({ cancelledAt: null, replaced: false });
    const again = (await ingestAlertMessage(world.t.context, update(), 'api')).events[0]!;
    expect(again).toMatchObject({ outcome: 'stored', matchedMembers: 1 });
    const afterUpdate = await jos();
    expect(afterUpdate.find((alert) => alert.eventId === again.id)).toMatchObject({ cancelledAt: null, replaced: false, earlierIssues: [{ eventId: first.id }] });
    expect(afterUpdate.some((alert) => alert.eventId === first.id)).toBe(false);
  });

  it('keeps no warning whose e-mails cannot be queued: posted again, it is stored and its member told', async () => {
    const post = (xml: string) => world.agents.admin.post('/api/admin/events').set('Content-Type', 'application/xml').send(xml);
    const before = alertSubjectsTo('grower@example.com').length;
    const warning = bomWarning('IDW21037-no-queue', [118.05, -31.55, 118.15, -31.45]);
    const lift = await refuseNewJobs(world.t.db, world.t.env.DATABASE_URL, ALERT_EMAIL_QUEUE);
    try {
      // The refusal reads differently through each database's driver (SQLite's as a constraint); what matters is what is left.
      await expect(ingestAlertMessage(world.t.context, { contentType: 'application/xml', body: warning }, 'api')).rejects.toThrow();
    } finally {
      await lift();
    }
    expect(await world.t.db.alertEvent.count({ where: { externalId: 'IDW21037-no-queue' } })).toBe(0);
    // Sent again once the queue takes jobs (staff post it again, or the feed's next poll lists it): stored, and Jo is told.
    expect(ingestResultSchema.parse((await post(warning).expect(201)).body).events[0]).toMatchObject({ outcome: 'stored', matchedMembers: 1 });
    await expect.poll(() => alertSubjectsTo('grower@example.com').length, { timeout: 20_000 }).toBe(before + 1);
  });

  it('e-mails again those an update raises (a higher level, bigger hail), saying what rose; an update no worse tells nobody again', async () => {
    const post = (xml: string) => world.agents.admin.post('/api/admin/events').set('Content-Type', 'application/xml').send(xml);
    const overJo = [118.05, -31.55, 118.15, -31.45] as const;
    const before = alertSubjectsTo('grower@example.com').length;
    await post(bomWarning('IDW21037-raise-1', overJo)).expect(201);
    await expect.poll(() => alertSubjectsTo('grower@example.com').length, { timeout: 20_000 }).toBe(before + 1);

    // The same level and hail over a redrawn area: Jo was told of no less.
    await post(bomWarning('IDW21037-raise-2', overJo, { updates: 'IDW21037-raise-1', hail: '3 cm' })).expect(201);
    await allMailSent(world.t);
    expect(alertSubjectsTo('grower@example.com')).toHaveLength(before + 1);

    // Raised to Extreme with hail up to 6 cm: Jo hears again, and what rose is said against the worst told (4 cm).
    const raised = ingestResultSchema.parse((await post(bomWarning('IDW21037-raise-3', overJo, { updates: 'IDW21037-raise-2', severity: 'Extreme', hail: '6 cm' })).expect(201)).body);
    await expect.poll(() => alertSubjectsTo('grower@example.com').length, { timeout: 20_000 }).toBe(before + 2);
    expect(alertSubjectsTo('grower@example.com').at(-1)).toMatch(/^\w+ alert raised over one paddock of yours$/);
    const mail = latestEmailTo(world.t.env.MAIL_OUTBOX_DIR, 'grower@example.com', 'has been raised');
    expect(mail.replace(/\s+/g, ' ')).toContain('has been raised: from Severe to Extreme, hail up to 6 cm (was up to 4 cm).');
    const staffSees = adminEventResponseSchema.parse((await world.agents.admin.get(`/api/admin/events/${raised.events[0]!.id}`).expect(200)).body).event;
    expect(staffSees).toMatchObject({ matchedMembers: 1, newlyMatchedMembers: 1 });
  });

  it('follows a fire through an incident feed’s polls: the footprint grown over a paddock tells its member, the level raised tells them again, a poll unchanged nobody', async () => {
    // One fire of the NSW RFS feed as published, moved to the Wheatbelt and issued three times.
    const fire = publishedIncident('/394701');
    const issue = (pubDate: string, level: string, west: number, east: number) => ({ type: 'FeatureCollection', features: [incidentIssue(fire, pubDate, level, west, east)] });
    const post = async (body: object, status = 201) =>
      ingestResultSchema.parse((await world.agents.admin.post('/api/admin/events').set('Content-Type', 'application/geo+json').send(JSON.stringify(body)).expect(status)).body).events[0]!;
    const before = alertSubjectsTo('grower@example.com').length;

    // West of Jo's paddocks: nobody told.
    const first = await post(issue('5/12/2026 1:00:00 AM', 'Advice', 117.9, 117.95));
    expect(first).toMatchObject({ outcome: 'stored', matchedMembers: 0 });
    // Grown east over Creek Flat: Jo is told.
    const grown = await post(issue('5/12/2026 2:00:00 AM', 'Advice', 117.9, 118.15));
    expect(grown).toMatchObject({ outcome: 'stored', matchedMembers: 1 });
    await expect.poll(() => alertSubjectsTo('grower@example.com').length, { timeout: 20_000 }).toBe(before + 1);
    // Polled again unchanged: the same issue, stored once.
    expect(await post(issue('5/12/2026 2:00:00 AM', 'Advice', 117.9, 118.15), 200)).toMatchObject({ outcome: 'duplicate' });
    // Raised to an Emergency Warning over the same ground: Jo is told again, and what rose.
    const raised = await post(issue('5/12/2026 3:00:00 AM', 'Emergency Warning', 117.9, 118.15));
    await expect.poll(() => alertSubjectsTo('grower@example.com').length, { timeout: 20_000 }).toBe(before + 2);
    await allMailSent(world.t);
    expect(alertSubjectsTo('grower@example.com').slice(before)).toEqual(['Fire alert over one paddock of yours', 'Fire alert raised over one paddock of yours']);
    expect(latestEmailTo(world.t.env.MAIL_OUTBOX_DIR, 'grower@example.com', 'has been raised').replace(/\s+/g, ' ')).toContain('has been raised: from Advice to Emergency Warning.');

    // An earlier issue arriving late (another poller's older snapshot) changes nothing.
    expect(await post(issue('5/12/2026 2:30:00 AM', 'Watch and Act', 117.9, 118.15), 200)).toMatchObject({ outcome: 'ignored', id: null });

    // Jo's list holds the fire once, its latest issue, with the one before under it; staff see the chain.
    const jos = memberAlertsResponseSchema.parse((await world.agents.member.get('/api/user/alerts').expect(200)).body);
    expect(jos.alerts.filter((alert) => alert.title === 'Bush Fire: Boyds Rd, Bobs Creek')).toMatchObject([
      { eventId: raised.id, severity: 'Emergency Warning', earlierIssues: [{ eventId: grown.id, severity: 'Advice' }] },
    ]);
    const staffSees = async (id: string | null) => adminEventResponseSchema.parse((await world.agents.admin.get(`/api/admin/events/${id}`).expect(200)).body).event;
    expect(await staffSees(first.id)).toMatchObject({ replaced: true, cancelledAt: expect.any(String) });
    expect(await staffSees(grown.id)).toMatchObject({ replaced: true, updatesEarlier: true, newlyMatchedMembers: 1 });
    expect(await staffSees(raised.id)).toMatchObject({ replaced: false, cancelledAt: null, updatesEarlier: true, matchedMembers: 1, newlyMatchedMembers: 1 });
  });

  it('ends a fire its feed no longer lists, tells its member it is over, lets it stand again when the feed lists it once more, and takes a quiet day’s answer for one', async () => {
    // Two fires of the NSW RFS feed as published, moved to the Wheatbelt: one over Jo's paddocks, one far west of them.
    const overJo = (pubDate: string, level = 'Advice') => incidentIssue(publishedIncident('/394714'), pubDate, level, 117.9, 118.15);
    const farWest = incidentIssue(publishedIncident('/394748'), '6/12/2026 1:00:00 AM', 'Advice', 116.0, 116.1);
    const env = { ...world.t.context.env, ALERT_FEED_BOM_URL: undefined, ALERT_FEED_DFES_URL: `http://127.0.0.1:${FEED_PORT}/fires` };
    const pollListing = async (at: string, ...incidents: object[]) => {
      firesListed = JSON.stringify({ type: 'FeatureCollection', features: incidents });
      await pollAlertFeeds({ ...world.t.context, env }, new Date(at));
    };
    const firesOf = async (title: string) => {
      const { alerts } = memberAlertsResponseSchema.parse((await world.agents.member.get('/api/user/alerts').expect(200)).body);
      return alerts.filter((alert) => alert.title === title);
    };
    const hannamVale = 'Bush Fire: Hannam Vale Rd, Hannam Vale';

    await pollListing('2026-12-06T01:05:00Z', overJo('6/12/2026 1:00:00 AM'), farWest);
    const [burning] = await firesOf(hannamVale);
    expect(burning).toMatchObject({ cancelledAt: null, leftFeed: false });

    // The next poll lists only the fire far west: the one over Jo's paddocks is over, when the poll found it gone.
    await pollListing('2026-12-06T01:10:00Z', farWest);
    expect(await firesOf(hannamVale)).toMatchObject([{ eventId: burning!.eventId, cancelledAt: '2026-12-06T01:10:00.000Z', leftFeed: true }]);
    expect(await world.t.db.alertEvent.findFirstOrThrow({ where: { receivedVia: 'feed:dfes', title: 'Bush Fire: Federal Dr, Federal' } })).toMatchObject({ cancelledAt: null });
    const kept = await world.t.db.alertFeedMessage.findFirstOrThrow({ where: { feed: 'dfes' }, orderBy: [{ receivedAt: 'desc' }, { id: 'desc' }] });
    expect(kept).toMatchObject({ stored: 0, duplicates: 1, ended: 1 });
    const staffSees = adminEventResponseSchema.parse((await world.agents.admin.get(`/api/admin/events/${burning!.eventId}`).expect(200)).body).event;
    expect(staffSees).toMatchObject({ leftFeed: true, replaced: false, cancelledAt: '2026-12-06T01:10:00.000Z' });

    // Listed again at the same issue (dropped from one poll by the agency's system): it stands again.
    await pollListing('2026-12-06T01:15:00Z', overJo('6/12/2026 1:00:00 AM'), farWest);
    expect(await firesOf(hannamVale)).toMatchObject([{ eventId: burning!.eventId, cancelledAt: null, leftFeed: false }]);

    // Gone again, then back with a new issue, raised: one fire in Jo's list, its new issue standing, the first under it.
    await pollListing('2026-12-06T01:20:00Z', farWest);
    await pollListing('2026-12-06T01:35:00Z', overJo('6/12/2026 1:30:00 AM', 'Watch and Act'), farWest);
    expect(await firesOf(hannamVale)).toMatchObject([{ severity: 'Watch and Act', cancelledAt: null, leftFeed: false, earlierIssues: [{ eventId: burning!.eventId }] }]);

    // A quiet day's answers, a hazard reduction and no fire, then nothing at all: no error, and every fire of the feed is over.
    await pollListing('2026-12-06T02:00:00Z', publishedIncident('/394730'));
    expect(await world.t.db.alertEvent.count({ where: { receivedVia: 'feed:dfes', cancelledAt: null, externalId: { contains: '|' } } })).toBe(0);
    await pollListing('2026-12-06T02:05:00Z');
    expect(await world.t.db.alertFeedStatus.findUniqueOrThrow({ where: { feed: 'dfes' } })).toMatchObject({ lastSuccessAt: new Date('2026-12-06T02:05:00Z'), lastStored: 0 });
    await allMailSent(world.t);
  });
  it('holds a polygon covering the world: nobody sees it or is e-mailed until staff confirm it; withdrawn, nobody ever is', async () => {
    const world_ = (identifier: string) =>
      fixture('bom-severe-thunderstorm-polygon.xml')
        .replace('urn:oid:2.49.0.1.36.0.IDW21037.20261114072000', identifier)
        .replace('-31.60,118.00 -31.40,118.00 -31.40,118.30 -31.60,118.30 -31.60,118.00', '-60,-170 60,-170 60,170 -60,170 -60,-170');
    const post = (xml: string) => world.agents.admin.post('/api/admin/events').set('Content-Type', 'application/xml').send(xml);
    await allMailSent(world.t);
    const mailsBefore = readdirSync(world.t.env.MAIL_OUTBOX_DIR).length;
    const seenBefore = memberAlertsResponseSchema.parse((await world.agents.member.get('/api/user/alerts').expect(200)).body).alerts.length;

    const held = ingestResultSchema.parse((await post(world_('world-sized-1')).expect(201)).body).events[0]!;
    expect(held).toMatchObject({ outcome: 'held', matchedMembers: 2 });
    const detail = adminEventResponseSchema.parse((await world.agents.admin.get(`/api/admin/events/${held.id}`).expect(200)).body).event;
    expect(detail).toMatchObject({ heldAt: expect.any(String), confirmedAt: null });
    expect(detail.areaKm2).toBeGreaterThan(HOLD_EVENT_AREA_KM2);
    // The member sees nothing of it, and cannot mark it read or claim from it.
    expect(memberAlertsResponseSchema.parse((await world.agents.member.get('/api/user/alerts').expect(200)).body).alerts).toHaveLength(seenBefore);
    const matchId = detail.matches.find((match) => match.memberEmail === 'grower@example.com')!.id;
    await world.agents.member.post(`/api/user/alerts/${matchId}/read`).expect(404);
    await world.agents.member.post(`/api/admin/events/${held.id}/confirm`).expect(403);

    const confirmed = adminEventResponseSchema.parse((await world.agents.admin.post(`/api/admin/events/${held.id}/confirm`).expect(200)).body).event;
    expect(confirmed.confirmedAt).not.toBeNull();
    expect((await world.agents.admin.post(`/api/admin/events/${held.id}/confirm`).expect(409)).body.message).toBe(
      'This event is not waiting for confirmation: it was confirmed or withdrawn already, or was never held.',
    );
    expect(memberAlertsResponseSchema.parse((await world.agents.member.get('/api/user/alerts').expect(200)).body).alerts).toHaveLength(seenBefore + 1);
    await expect.poll(() => readdirSync(world.t.env.MAIL_OUTBOX_DIR).length, { timeout: 20_000 }).toBeGreaterThan(mailsBefore);

    const second = ingestResultSchema.parse((await post(world_('world-sized-2')).expect(201)).body).events[0]!;
    expect(second.outcome).toBe('held');
    await allMailSent(world.t);
    const mailsAfterConfirm = readdirSync(world.t.env.MAIL_OUTBOX_DIR).length;
    const withdrawn = adminEventResponseSchema.parse((await world.agents.admin.post(`/api/admin/events/${second.id}/withdraw`).expect(200)).body).event;
    expect(withdrawn.cancelledAt).not.toBeNull();
    await world.agents.admin.post(`/api/admin/events/${second.id}/confirm`).expect(409);
    await allMailSent(world.t);
    expect(readdirSync(world.t.env.MAIL_OUTBOX_DIR)).toHaveLength(mailsAfterConfirm);
    expect(memberAlertsResponseSchema.parse((await world.agents.member.get('/api/user/alerts').expect(200)).body).alerts).toHaveLength(seenBefore + 1);
    expect(await world.t.db.auditLog.count({ where: { action: { in: ['alert_event.confirmed', 'alert_event.withdrawn'] } } })).toBe(2);
  });

  it('lets staff end a current event by hand, saying why, which its member reads; nobody is e-mailed, a fire its feed still lists stays over, and its next issue tells them afresh', async () => {
    const report = { kind: 'hail', title: 'Caller at Creek Flat: hail again, 4:40 pm', effective: '2026-11-21T16:40', hailSizeMm: 10, geometry: box(118.09, -31.51, 118.12, -31.48) };
    const drawnId = ingestResultSchema.parse((await world.agents.admin.post('/api/admin/events/drawn').send(report).expect(201)).body).events[0]!.id!;
    // Jo, her broker and her referrer are told of the report first.
    await expect.poll(() => world.t.db.alertEmail.count({ where: { eventId: drawnId } }), { timeout: 20_000 }).toBe(3);
    await allMailSent(world.t);
    // Who issued it, in words a grower reads: the mutual's staff, from the report, not the source's code.
    const told = alertEmailsTo('grower@example.com').at(-1)!;
    expect(told).toContain('A hail warning from a report to our staff covers one paddock');
    expect(told).toContain('Issued by: Our staff, from a report to us');
    expect(alertEmailsTo('broker@example.com').at(-1)).toContain('A hail warning from a report to our staff covers one paddock of your client Jo Grower');
    const mailsBefore = readdirSync(world.t.env.MAIL_OUTBOX_DIR).length;
    const reason = 'The caller rang back: it was heavy rain, not hail.';
    const alertOf = async (eventId: string) => memberAlertsResponseSchema.parse((await world.agents.member.get('/api/user/alerts').expect(200)).body).alerts.find((alert) => alert.eventId === eventId);

    await world.agents.member.post(`/api/admin/events/${drawnId}/end`).send({ reason }).expect(403);
    const refused = await world.agents.admin.post(`/api/admin/events/${drawnId}/end`).send({ reason: ' no ' }).expect(400);
    expect(refused.body.issues).toEqual([{ path: 'reason', message: 'Say in a few words why it is over: members read it on their alert.' }]);
    expect(await alertOf(drawnId)).toMatchObject({ cancelledAt: null, endedReason: null });

    const ended = adminEventResponseSchema.parse(
      (
        await world.agents.admin
          .post(`/api/admin/events/${drawnId}/end`)
          .send({ reason: `  ${reason} ` })
          .expect(200)
      ).body,
    ).event;
    expect(ended).toMatchObject({ cancelledAt: expect.any(String), endedReason: reason, endedBy: 'Test User', replaced: false, leftFeed: false });
    expect(await alertOf(drawnId)).toMatchObject({ cancelledAt: ended.cancelledAt, endedReason: reason, replaced: false, leftFeed: false });
    expect((await world.agents.admin.post(`/api/admin/events/${drawnId}/end`).send({ reason }).expect(409)).body.message).toBe(
      'This event is over already (ended or expired), or held: a held event is withdrawn instead.',
    );
    await world.agents.admin.post('/api/admin/events/no-such-event/end').send({ reason }).expect(404);
    expect(await world.t.db.auditLog.findFirstOrThrow({ where: { action: 'alert_event.ended' } })).toMatchObject({ actorId: world.users.admin.id, details: { eventId: drawnId, reason } });

    // A fire the incident feed lists, ended by staff (the agency had it wrong): the next poll, listing it still, does not bring it back.
    const env = { ...world.t.context.env, ALERT_FEED_BOM_URL: undefined, ALERT_FEED_DFES_URL: `http://127.0.0.1:${FEED_PORT}/fires` };
    firesListed = JSON.stringify({ type: 'FeatureCollection', features: [incidentIssue(publishedIncident('/394748'), '7/12/2026 1:00:00 AM', 'Advice', 118.09, 118.12)] });
    await pollAlertFeeds({ ...world.t.context, env }, new Date('2026-12-07T01:05:00Z'));
    const fire = await world.t.db.alertEvent.findFirstOrThrow({ where: { receivedVia: 'feed:dfes', title: 'Bush Fire: Federal Dr, Federal', cancelledAt: null } });
    await world.agents.admin.post(`/api/admin/events/${fire.id}/end`).send({ reason: 'The brigade says this was a permitted burn-off.' }).expect(200);
    await pollAlertFeeds({ ...world.t.context, env }, new Date('2026-12-07T01:10:00Z'));
    expect(await alertOf(fire.id)).toMatchObject({ cancelledAt: expect.any(String), endedReason: 'The brigade says this was a permitted burn-off.', leftFeed: false });

    // The only e-mails since are the fire's own three, from the poll that stored it: ending either event sent nothing.
    await expect.poll(() => world.t.db.alertEmail.count({ where: { eventId: fire.id } }), { timeout: 20_000 }).toBe(3);
    await allMailSent(world.t);
    expect(readdirSync(world.t.env.MAIL_OUTBOX_DIR).length - mailsBefore).toBe(3);

    // The agency issues the fire again, no worse: a new issue, current, and those staff had told it was over are told afresh.
    firesListed = JSON.stringify({ type: 'FeatureCollection', features: [incidentIssue(publishedIncident('/394748'), '7/12/2026 1:30:00 AM', 'Advice', 118.09, 118.12)] });
    await pollAlertFeeds({ ...world.t.context, env }, new Date('2026-12-07T01:35:00Z'));
    const again = await world.t.db.alertEvent.findFirstOrThrow({ where: { receivedVia: 'feed:dfes', title: 'Bush Fire: Federal Dr, Federal', cancelledAt: null } });
    expect(await alertOf(again.id)).toMatchObject({ cancelledAt: null, endedReason: null });
    expect(await alertOf(fire.id)).toMatchObject({ endedReason: 'The brigade says this was a permitted burn-off.' });
    await expect.poll(() => world.t.db.alertEmail.count({ where: { eventId: again.id } }), { timeout: 20_000 }).toBe(3);
  });

  it('lists the events as they stand when staff ask for one standing: current, held, waiting to be placed, ended or expired, as the shared rule calls each', async () => {
    const hourAgo = new Date(Date.now() - 3_600_000);
    const inAnHour = new Date(Date.now() + 3_600_000);
    const standing: Record<AlertEventStatus, object> = {
      current: { expiresAt: inAnHour },
      held: { expiresAt: inAnHour, heldAt: hourAgo },
      needs_placing: { expiresAt: inAnHour, geometry: Prisma.DbNull, areaCodes: ['WA_PW099'] },
      ended: { expiresAt: inAnHour, cancelledAt: hourAgo },
      expired: { expiresAt: hourAgo },
    };
    for (const [status, fields] of Object.entries(standing)) {
      await world.t.db.alertEvent.create({
        data: { source: 'bom', externalId: `standing-${status}`, kind: 'storm', title: `Standing: ${status}`, effectiveAt: hourAgo, receivedVia: 'api', geometry: box(118.0, -31.6, 118.1, -31.5), ...fields },
      });
    }
    // A held event staff confirmed stands as current; one withdrawn, as ended.
    await world.t.db.alertEvent.create({
      data: {
        source: 'bom',
        externalId: 'standing-confirmed',
        kind: 'storm',
        title: 'Standing: confirmed',
        effectiveAt: hourAgo,
        receivedVia: 'api',
        geometry: box(118.0, -31.6, 118.1, -31.5),
        heldAt: hourAgo,
        confirmedAt: hourAgo,
      },
    });
    const listed = async (status?: string) => {
      const events = [];
      for (let page = 1; ; page += 1) {
        const answer = adminEventsResponseSchema.parse(
          (
            await world.agents.admin
              .get('/api/admin/events')
              .query({ page, pageSize: 100, ...(status ? { status } : {}) })
              .expect(200)
          ).body,
        );
        events.push(...answer.events);
        if (events.length >= answer.total) return events;
      }
    };
    const everything = await listed();
    let counted = 0;
    for (const status of ALERT_EVENT_STATUSES) {
      const events = await listed(status);
      counted += events.length;
      expect(events.map((event) => alertEventStatus(event, new Date())).filter((other) => other !== status)).toEqual([]);
      expect(events.map((event) => event.title)).toContain(`Standing: ${status}`);
    }
    expect(counted).toBe(everything.length);
    expect((await listed('current')).map((event) => event.title)).toContain('Standing: confirmed');
    expect((await world.agents.admin.get('/api/admin/events?status=burning').expect(400)).body.issues).toEqual([
      { path: 'status', message: 'status must be one of current, held, needs_placing, ended, expired' },
    ]);
  });

  it('reads and places a heavy message off the request thread: the server answers its health check while it works', async () => {
    // Three warnings of 100 circles take seconds of merging; on the request thread they held every request that long.
    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    loopDelay.enable();
    let posted = false;
    const posting = world.agents.admin
      .post('/api/admin/events')
      .set('Content-Type', 'application/xml')
      .send(circleWarningsFeed('busy', 3))
      .then((response) => {
        posted = true;
        return response;
      });
    for (let check = 0; check < 5; check += 1) await request(world.t.app).get('/api/health').expect(200);
    expect(posted).toBe(false);
    const response = await posting;
    loopDelay.disable();
    expect([response.status, ingestResultSchema.parse(response.body).events.map((event) => event.outcome)]).toEqual([201, ['stored', 'stored', 'stored']]);
    expect(loopDelay.max / 1e6).toBeLessThan(500);
  });

  it('stops a message that takes longer than its time limit, stores nothing of it, and reads the next one', async () => {
    const hurried = { ...world.t.context, env: { ...world.t.env, ALERT_WORK_SECONDS: 0.2 } };
    await expect(ingestAlertMessage(hurried, { contentType: 'application/xml', body: circleWarningsFeed('slow', 3) }, 'api')).rejects.toMatchObject({
      status: 422,
      code: 'message_too_slow',
      message: 'Reading and placing the message took longer than 0.2 s, so it was stopped and nothing was stored; send fewer or simpler shapes at once.',
    });
    expect(await world.t.db.alertEvent.count({ where: { externalId: { startsWith: 'circles-slow' } } })).toBe(0);
    // The stopped thread is replaced: the next message is read as usual.
    const next = await ingestAlertMessage(world.t.context, { contentType: 'application/xml', body: circleWarningsFeed('after-slow', 1) }, 'api');
    expect(next.events.map((event) => event.outcome)).toEqual(['stored']);
  });

  it('places a warning named only by its districts on their boundaries, and tells the members under them', async () => {
    const result = ingestResultSchema.parse(
      (
        await world.agents.admin
          .post('/api/admin/events')
          .set('Content-Type', 'application/xml')
          .send(districtWarning('district-placed', ['WA_PW014']))
          .expect(201)
      ).body,
    );
    expect(result.events).toEqual([expect.objectContaining({ outcome: 'stored', matchedMembers: 2 })]);
    const event = adminEventResponseSchema.parse((await world.agents.admin.get(`/api/admin/events/${result.events[0]!.id}`).expect(200)).body).event;
    expect(event).toMatchObject({ areaCodes: ['WA_PW014'], placedAt: null, geometry: { type: 'Polygon' } });
    expect(event.areaKm2).toBeGreaterThan(2000);
    expect((await world.agents.admin.get('/api/admin/alert-districts').expect(200)).body).toEqual({ configured: true, districts: [{ code: 'WA_PW014', name: 'Central Wheat Belt' }] });
  });

  it('keeps a warning naming a district without a boundary for staff to place, tells nobody, and matches it once placed', async () => {
    const before = memberAlertsResponseSchema.parse((await world.agents.member.get('/api/user/alerts').expect(200)).body).alerts.length;
    const waiting = ingestResultSchema.parse(
      (
        await world.agents.admin
          .post('/api/admin/events')
          .set('Content-Type', 'application/xml')
          .send(districtWarning('district-unknown', ['WA_PW014', 'WA_PW099']))
          .expect(201)
      ).body,
    ).events[0]!;
    expect(waiting).toMatchObject({ outcome: 'needs_placing', matchedMembers: 0 });
    const listed = adminEventsResponseSchema.parse((await world.agents.admin.get('/api/admin/events?pageSize=100').expect(200)).body).events.find((event) => event.id === waiting.id)!;
    expect(listed).toMatchObject({ areaKm2: null, areaCodes: ['WA_PW014', 'WA_PW099'], areaDescription: expect.stringMatching(/^New South Wales: Mid North Coast, Hunter/) });
    expect(memberAlertsResponseSchema.parse((await world.agents.member.get('/api/user/alerts').expect(200)).body).alerts).toHaveLength(before);

    await world.agents.member
      .post(`/api/admin/events/${waiting.id}/place`)
      .send({ districts: ['WA_PW014'] })
      .expect(403);
    expect(
      (
        await world.agents.admin
          .post(`/api/admin/events/${waiting.id}/place`)
          .send({ districts: ['WA_PW099'] })
          .expect(400)
      ).body.message,
    ).toBe('No boundary is installed for WA_PW099: draw the area instead.');
    // An empty code was told "No boundary is installed for : draw the area instead."
    expect(
      (
        await world.agents.admin
          .post(`/api/admin/events/${waiting.id}/place`)
          .send({ districts: ['  '] })
          .expect(400)
      ).body.message,
    ).toBe('districts.0: A district is named by its code, such as WA_PW014');
    const placed = adminEventResponseSchema.parse(
      (
        await world.agents.admin
          .post(`/api/admin/events/${waiting.id}/place`)
          .send({ districts: ['WA_PW014'] })
          .expect(200)
      ).body,
    ).event;
    expect(placed).toMatchObject({ placedAt: expect.any(String), matchedMembers: 2, geometry: { type: 'Polygon' } });
    expect(
      (
        await world.agents.admin
          .post(`/api/admin/events/${waiting.id}/place`)
          .send({ districts: ['WA_PW014'] })
          .expect(409)
      ).body.message,
    ).toBe(EVENT_PLACED_ALREADY);
    expect(memberAlertsResponseSchema.parse((await world.agents.member.get('/api/user/alerts').expect(200)).body).alerts).toHaveLength(before + 1);
    expect(await world.t.db.auditLog.count({ where: { action: 'alert_event.placed' } })).toBe(1);

    // Without the districts, staff draw the area.
    const drawnLater = ingestResultSchema.parse(
      (
        await world.agents.admin
          .post('/api/admin/events')
          .set('Content-Type', 'application/xml')
          .send(districtWarning('district-drawn', ['WA_PW098']))
          .expect(201)
      ).body,
    ).events[0]!;
    const byDrawing = adminEventResponseSchema.parse(
      (
        await world.agents.admin
          .post(`/api/admin/events/${drawnLater.id}/place`)
          .send({ geometry: box(118.28, -31.51, 118.32, -31.48) })
          .expect(200)
      ).body,
    ).event;
    expect(byDrawing.matches.map((match) => match.memberEmail)).toEqual(['grower@example.com']);
  });

  it('places a storm’s next warning on the paddocks read for the last while none has changed, and reads them again once one has, whoever wrote it, or once it reaches beyond them', async () => {
    const { db } = world.t;
    const other = world.users.other.email;
    const theirFarm = (farmLongitude: number) => db.protectionApplication.updateMany({ where: { userId: world.users.other.id }, data: { farmLongitude } });
    const version = async () => (await db.livePaddocksVersion.findUniqueOrThrow({ where: { id: 1 } })).version;
    expect(await membersUnder('IDW21037-kept-1', overCreekFlat)).toEqual(['grower@example.com']);
    // The other member's farm (their paddocks entered by area) written as moved under the storm: the next warning finds them.
    await theirFarm(118.1);
    expect(await membersUnder('IDW21037-kept-2', overCreekFlat)).toEqual(['grower@example.com', other]);
    // Moved back, with the count put back by hand as no write does: the next warning is placed on the paddocks read for the last.
    const readAt = await version();
    await theirFarm(118.22);
    await db.livePaddocksVersion.update({ where: { id: 1 }, data: { version: readAt } });
    expect(await membersUnder('IDW21037-kept-3', overCreekFlat)).toEqual(['grower@example.com', other]);
    // Any write of a paddock, here one in plain SQL that changes nothing, counts: read again, the farm is where it was written.
    await db.$executeRaw`UPDATE "ProtectionPaddock" SET "sortOrder" = "sortOrder" WHERE "applicationId" = ${world.accepted.id}`;
    expect(await membersUnder('IDW21037-kept-4', overCreekFlat)).toEqual(['grower@example.com']);
    // Nothing written since, but a warning further east, over their farm, reaches beyond the paddocks read for Creek Flat.
    expect(await membersUnder('IDW21037-kept-5', [118.18, -31.55, 118.25, -31.45])).toEqual([other]);
  });

  it('writes each copy once when two runs of the e-mail job meet: a retry beside the first try, or two runners', async () => {
    const [stored] = ingestResultSchema.parse((await postXml('bom-severe-thunderstorm-polygon.xml').expect(200)).body).events;
    const eventId = stored!.id!;
    const matchIds = (await world.t.db.alertMatch.findMany({ where: { eventId }, select: { id: true } })).map((match) => match.id);
    const itsEmails = { OR: matchIds.map((id) => ({ key: { startsWith: `alert:${id}:` } })) };
    // As if the job had never run: its copies and their e-mails gone.
    const forget = async () => {
      await world.t.db.alertEmail.deleteMany({ where: { eventId } });
      await world.t.db.queuedEmail.deleteMany({ where: itsEmails });
    };
    await forget();
    const { queued: alone } = await sendAlertEmails(world.t.context, eventId);
    expect(alone).toBeGreaterThan(1);
    await forget();
    const runs = await Promise.all([sendAlertEmails(world.t.context, eventId), sendAlertEmails(world.t.context, eventId)]);
    expect(runs[0]!.queued + runs[1]!.queued).toBe(alone);
    expect(await world.t.db.alertEmail.count({ where: { eventId } })).toBe(alone);
    expect(await world.t.db.queuedEmail.count({ where: itsEmails })).toBe(alone);
  });

  it('places a warning on the paddocks under it when a paddock kept before outlines were checked has a corner a world away', async () => {
    const { db } = world.t;
    const stray = await createTestUser(db, { email: 'stray-corner@example.com' });
    const application = await createApplication(db, stray.id, { status: 'active' });
    // As a submission kept it before the outline rule: the outline, and the box it spans, which meets every warning.
    await db.protectionPaddock.updateMany({
      where: { applicationId: application.id },
      data: {
        geometry: outlineToAWorldAway(118.1, -31.5),
        boxWest: 118.1,
        boxSouth: -31.5,
        boxEast: 1e300,
        boxNorth: 1e300,
      },
    });
    try {
      expect(await membersUnder('IDW21037-stray-corner', overCreekFlat)).toEqual(['grower@example.com']);
    } finally {
      await db.protectionApplication.update({ where: { id: application.id }, data: { status: 'ended' } });
    }
  });

  it('lists the claims under a warning re-issued as it moved together, whichever of its issues staff open it by', async () => {
    const post = (xml: string) => world.agents.admin.post('/api/admin/events').set('Content-Type', 'application/xml').send(xml);
    // First over Jo's Creek Flat alone, then moved east over the other member's farm alone.
    const [first] = ingestResultSchema.parse((await post(bomWarning('IDW21037-chain-1', overCreekFlat)).expect(201)).body).events;
    const [moved] = ingestResultSchema.parse((await post(bomWarning('IDW21037-chain-2', [118.18, -31.55, 118.25, -31.45], { updates: 'IDW21037-chain-1' })).expect(201)).body).events;
    const today = perthToday();
    const creekFlat = world.accepted.paddocks.find((paddock) => paddock.name === 'Creek Flat')!;
    const claimOf = async (response: request.Test) => claimResponseSchema.parse((await response.expect(201)).body).claim.id;
    const jos = await claimOf(world.lodge(world.agents.member, world.claimFields({ eventDate: today, affectedPaddockIds: [creekFlat.id], alertEventId: first!.id! })));
    const theirPaddocks = theirs.paddocks.filter((paddock) => paddock.priced).map((paddock) => paddock.id);
    const theirClaim = await claimOf(world.lodge(world.agents.other, world.claimFields({ applicationId: theirs.id, eventDate: today, affectedPaddockIds: theirPaddocks })));

    for (const issue of [first!.id!, moved!.id!]) {
      const listed = adminClaimsResponseSchema.parse((await world.agents.admin.get(`/api/admin/claims?event=${issue}&pageSize=100`).expect(200)).body);
      expect(listed.event).toMatchObject({ id: issue, issues: 2 });
      expect(listed.claims.map((claim) => claim.id)).toEqual(expect.arrayContaining([jos, theirClaim]));
      expect(adminEventResponseSchema.parse((await world.agents.admin.get(`/api/admin/events/${issue}`).expect(200)).body).event).toMatchObject({ issues: 2, claimsUnder: listed.total });
    }
    // A warning never re-issued is one issue.
    const [alone] = ingestResultSchema.parse((await post(bomWarning('IDW21037-chain-alone', overCreekFlat)).expect(201)).body).events;
    expect(adminEventResponseSchema.parse((await world.agents.admin.get(`/api/admin/events/${alone!.id}`).expect(200)).body).event.issues).toBe(1);
  });
  it('sends a broker one e-mail naming every client of theirs the warning covers, each with what it means and a link to their alert', async () => {
    // The other member moves to Jo's broker: a warning over both farms is one e-mail to her, naming both.
    await world.t.db.user.update({ where: { id: world.users.other.id }, data: { brokerId: world.users.broker.id } });
    try {
      const posted = await world.agents.admin
        .post('/api/admin/events')
        .set('Content-Type', 'application/xml')
        .send(bomWarning('IDW21037-two-clients', [118.05, -31.55, 118.25, -31.45]));
      const stored = ingestResultSchema.parse(posted.body).events[0]!;
      expect(stored).toMatchObject({ outcome: 'stored', matchedMembers: 2 });
      const eventId = stored.id!;
      // The e-mails go from the job queue: the broker's names both clients.
      const subject = /^Subject: Hail alert: 2 of your clients, \d+ paddocks$/m;
      await expect.poll(() => alertEmailsTo('broker@example.com').some((text) => subject.test(text)), { timeout: 20_000 }).toBe(true);
      // One e-mail to her for both clients' copies, and none to the other member's former broker.
      const matchIds = (await world.t.db.alertMatch.findMany({ where: { eventId }, select: { id: true } })).map((match) => match.id);
      expect(await world.t.db.alertEmail.count({ where: { eventId, recipient: 'broker', recipientId: world.users.broker.id } })).toBe(2);
      expect(await world.t.db.alertEmail.count({ where: { eventId, recipientId: world.users.otherBroker.id } })).toBe(0);
      expect(await world.t.db.queuedEmail.count({ where: { toAddress: 'broker@example.com', OR: matchIds.map((id) => ({ key: { startsWith: `alert:${id}:` } })) } })).toBe(1);

      const other = await world.t.db.user.findUniqueOrThrow({ where: { id: world.users.other.id } });
      // Its plain-text part, which comes before the HTML one.
      const letter = alertEmailsTo('broker@example.com')
        .find((text) => subject.test(text))!
        .split(/Content-Type: text\/html/i)[0]!;
      for (const [name, id] of [
        ['Jo Grower', world.users.member.id],
        [`${other.firstName} ${other.lastName}`.trim(), other.id],
      ] as const) {
        expect(letter).toMatch(new RegExp(`^${name}: (one paddock|\\d+ paddocks)$`, 'm'));
        expect(letter).toContain(`See ${name}’s alert and the map: `);
        expect(letter).toContain(`/dashboard/alerts?member=${id}`);
      }
      // What the warning means, said of each client's hurdle; the example's note once for all.
      expect(letter).toContain('your client’s');
      expect(letter.split(LOSS_EXAMPLE_NOTE)).toHaveLength(2);
      // The job run again sends nothing.
      expect(await sendAlertEmails(world.t.context, eventId)).toEqual({ queued: 0 });
    } finally {
      await world.t.db.user.update({ where: { id: world.users.other.id }, data: { brokerId: world.users.otherBroker.id } });
    }
  });
});
