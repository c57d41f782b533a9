/**
 * Storm and fire alerts (docs/alerts.md): the messages the Bureau of Meteorology and DFES
 * send (CAP-AU 1.2 XML, GeoJSON), the events stored from them, each member's alerts, and the
 * administrators' list of events and feeds.
 */
import { z } from 'zod';
import { instantText, latitude, longitude, recordId as id, typedText } from './fields';
import { footprintSchema } from './risk-simulation';
import { ALERT_KINDS, type AlertKind } from './alert-kinds';
import { isPlausibleInstant, perthWallClockTime } from '../perth-time';
import { pageParam, pageSizeParam } from './paging';

/** How an event stands now (alertEventStatus, shared/domain/alerts/event-status.ts): ended by a cancellation, expired by its own time, held for staff to confirm, waiting for staff to place it, or current. */
export const ALERT_EVENT_STATUSES = ['current', 'held', 'needs_placing', 'ended', 'expired'] as const;
export type AlertEventStatus = (typeof ALERT_EVENT_STATUSES)[number];

export const ALERT_KIND_LABELS: Record<AlertKind, string> = { hail: 'Hail', storm: 'Storm', fire: 'Fire', lightning: 'Lightning' };

const instant = (name: string) => instantText(`${name} must be a date and time with its offset, e.g. 2026-11-14T15:20:00+08:00`, { offset: true });
const text = (name: string, max: number) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .min(1, { error: `${name} is required` })
    .max(max, { error: `${name} must be at most ${max} characters` });

/* ---------- CAP-AU 1.2, as fast-xml-parser reads it (repeating elements always arrays) ---------- */

const CAP_SEVERITIES = ['Extreme', 'Severe', 'Moderate', 'Minor', 'Unknown'] as const;

export const capParameterSchema = z.object({ valueName: z.coerce.string(), value: z.coerce.string() });

export const capAreaSchema = z.object({
  areaDesc: z.coerce.string().default(''),
  /** Each polygon: space-separated "lat,lon" pairs, the first repeated last. */
  polygon: z.array(z.coerce.string()).default([]),
  /** Each circle: "lat,lon radius", the radius in kilometres. */
  circle: z.array(z.coerce.string()).default([]),
  /** Codes of named areas: the Bureau's districts as AMOC-AreaCode (WA_PW014 is the Central Wheat Belt). */
  geocode: z.array(z.object({ valueName: z.coerce.string(), value: z.coerce.string() })).default([]),
});
export type CapArea = z.infer<typeof capAreaSchema>;

export const capInfoSchema = z.object({
  language: z.coerce.string().optional(),
  category: z.array(z.coerce.string()).default([]),
  event: text('The <event> of an <info>', 200),
  severity: z.enum(CAP_SEVERITIES, { error: `<severity> must be one of ${CAP_SEVERITIES.join(', ')}` }),
  effective: instant('<effective>').optional(),
  onset: instant('<onset>').optional(),
  expires: instant('<expires>').optional(),
  headline: z.coerce.string().max(500).optional(),
  parameter: z.array(capParameterSchema).default([]),
  area: z.array(capAreaSchema).default([]),
});
export type CapInfo = z.infer<typeof capInfoSchema>;

export const CAP_MESSAGE_TYPES = ['Alert', 'Update', 'Cancel', 'Ack', 'Error'] as const;

export const capAlertSchema = z.object({
  alert: z.object(
    {
      identifier: text('<identifier>', 200),
      sender: text('<sender>', 200),
      sent: instant('<sent>'),
      status: z.coerce.string(),
      msgType: z.enum(CAP_MESSAGE_TYPES, { error: `<msgType> must be one of ${CAP_MESSAGE_TYPES.join(', ')}` }),
      /** Earlier messages this one updates or cancels: space-separated "sender,identifier,sent" triples. */
      references: z.coerce.string().optional(),
      info: z.array(capInfoSchema).default([]),
    },
    { error: 'The document is not a CAP alert: its root element must be <alert>, or an EDXL-DE <EDXLDistribution>, an Atom <feed> or an RSS <rss> that carries alerts' },
  ),
});
export type CapAlert = z.infer<typeof capAlertSchema>['alert'];

/* ---------- GeoJSON (DFES incidents, or any source sending the same properties) ---------- */

const pointSchema = z.object({ type: z.literal('Point'), coordinates: z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]) });

export const alertFeaturePropertiesSchema = z.looseObject({
  kind: z.enum(ALERT_KINDS, { error: `kind must be one of ${ALERT_KINDS.join(', ')}` }),
  source: text('source', 50),
  externalId: text('externalId', 200),
  title: text('title', 300),
  effective: instant('effective'),
  expires: instant('expires').nullish(),
  severity: z.string().trim().max(50).nullish(),
  hailSizeMm: z.number().positive().max(300).nullish(),
  /** For a Point: the radius around it that the event covers, kilometres. */
  radiusKm: z.number().positive().max(200).nullish(),
  /** 'cancelled' ends the stored event of the same source and externalId. */
  status: z.enum(['active', 'cancelled']).nullish(),
});

export const alertFeatureSchema = z.object({
  type: z.literal('Feature', { error: 'Each feature must have type Feature' }),
  geometry: z.union([footprintSchema, pointSchema], { error: 'A feature’s geometry must be a Polygon, a MultiPolygon, or a Point with radiusKm' }),
  properties: alertFeaturePropertiesSchema,
});

export const alertFeatureCollectionSchema = z.object({
  type: z.literal('FeatureCollection', { error: 'A GeoJSON body must be a FeatureCollection' }),
  features: z.array(alertFeatureSchema).min(1, { error: 'The collection has no features' }).max(500, { error: 'Send at most 500 features at once' }),
});
export type AlertFeatureCollection = z.infer<typeof alertFeatureCollectionSchema>;

/* ---------- Incident GeoJSON as the fire services publish it (NSW RFS majorIncidents, Emergency WA) ---------- */

const position = z.tuple([longitude, latitude]).rest(z.number());

/** Any GeoJSON geometry an incident feed uses: the incident's Point, its footprint's Polygons, and GeometryCollections of them, nested. */
export type IncidentGeometry =
  | { type: 'Point'; coordinates: number[] }
  | { type: 'Polygon'; coordinates: number[][][] }
  | { type: 'MultiPolygon'; coordinates: number[][][][] }
  | { type: 'GeometryCollection'; geometries: IncidentGeometry[] };
export const incidentGeometrySchema: z.ZodType<IncidentGeometry> = z.lazy(() =>
  z.discriminatedUnion(
    'type',
    [
      z.object({ type: z.literal('Point'), coordinates: position }),
      z.object({
        type: z.literal('Polygon'),
        coordinates: z
          .array(z.array(position).min(4, { error: 'A polygon ring needs at least four positions' }).max(20_000))
          .min(1)
          .max(100),
      }),
      z.object({
        type: z.literal('MultiPolygon'),
        coordinates: z
          .array(
            z
              .array(z.array(position).min(4, { error: 'A polygon ring needs at least four positions' }).max(20_000))
              .min(1)
              .max(100),
          )
          .min(1)
          .max(100),
      }),
      z.object({ type: z.literal('GeometryCollection'), geometries: z.array(incidentGeometrySchema).max(100) }),
    ],
    { error: 'A geometry must be a Point, Polygon, MultiPolygon or GeometryCollection' },
  ),
);

/** An incident as the feed gives it: its facts in the properties, or packed into the description ("TYPE: Bush Fire <br />SIZE: 315512 ha"). */
export const incidentFeatureSchema = z.object({
  type: z.literal('Feature', { error: 'Each feature must have type Feature' }),
  geometry: incidentGeometrySchema,
  properties: z.looseObject({
    title: text('title', 300),
    guid: z.coerce.string().max(500).optional(),
    link: z.coerce.string().max(500).optional(),
    category: z.coerce.string().max(100).optional(),
    pubDate: z.coerce.string().max(100).optional(),
    description: z.coerce.string().max(20_000).optional(),
  }),
});
export type IncidentFeature = z.infer<typeof incidentFeatureSchema>;

export const incidentFeatureCollectionSchema = z.object({
  type: z.literal('FeatureCollection', { error: 'A GeoJSON body must be a FeatureCollection' }),
  features: z.array(incidentFeatureSchema).min(1, { error: 'The collection has no features' }).max(2000, { error: 'A feed may have at most 2,000 incidents' }),
});

/* ---------- The event as stored: what either format becomes ---------- */

export const alertGeometrySchema = footprintSchema;
export type AlertGeometry = z.infer<typeof alertGeometrySchema>;

export const incomingAlertEventSchema = z.object({
  /** Who issued it: 'bom', 'dfes', or the sender as given. With externalId, what makes it once only. */
  source: z.string().min(1).max(200),
  externalId: z.string().min(1).max(200),
  /** 'alert' is new; 'update' replaces the events it references; 'cancel' ends them. */
  action: z.enum(['alert', 'update', 'cancel']),
  /** externalIds of earlier events of the same source this one updates or cancels. */
  references: z.array(z.string()),
  kind: z.enum(ALERT_KINDS),
  title: z.string().min(1).max(300),
  severity: z.string().nullable(),
  hailSizeMm: z.number().nullable(),
  effectiveAt: instant('effectiveAt'),
  expiresAt: instant('expiresAt').nullable(),
  /** Null for a cancellation, and for a warning placed only by district codes the product has no boundary for (it needs placing by staff). */
  geometry: alertGeometrySchema.nullable(),
  /** The Bureau's district codes (AMOC-AreaCode) of a warning placed by district, and their description as the message gives it. */
  areaCodes: z.array(z.string()),
  areaDescription: z.string().nullable(),
});
export type IncomingAlertEvent = z.infer<typeof incomingAlertEventSchema>;

/** A Bureau area code (AMOC AreaCode): the state, the kind of district, its number, as WA_PW014. */
const BUREAU_AREA_CODE = /^[A-Z]{2,3}_[A-Z]{2}\d{3}$/;

/**
 * The Bureau's warning districts as the operator installs them (ALERT_DISTRICTS_FILE): a GeoJSON
 * FeatureCollection of the Bureau's boundaries (IDM00017 public warning districts, IDM00007 fire
 * weather districts), each feature's AAC its code and DIST_NAME its name, as the Bureau's shapefiles have them.
 */
export const alertDistrictsSchema = z.object({
  type: z.literal('FeatureCollection', { error: 'The districts file must be a GeoJSON FeatureCollection' }),
  features: z
    .array(
      z.object({
        type: z.literal('Feature'),
        properties: z.looseObject({ AAC: z.string().regex(BUREAU_AREA_CODE, { error: 'AAC must be a Bureau area code such as WA_PW014' }), DIST_NAME: z.string().optional() }),
        geometry: footprintSchema,
      }),
    )
    .min(1, { error: 'The districts file has no districts' })
    .max(5_000),
});
export type AlertDistricts = z.infer<typeof alertDistrictsSchema>;

/* ---------- The API ---------- */

export const alertParamsSchema = z.object({ id });

/** One paddock under an event: by its boundary (share and hectares), or by its farm's location (neither known). */
export const alertPaddockSchema = z.object({
  paddockId: z.string(),
  applicationId: z.string(),
  name: z.string(),
  areaHa: z.number(),
  placedBy: z.enum(['boundary', 'farm_location']),
  /** Share of the paddock inside the event, 0–1; null when placed by the farm's location. */
  share: z.number().min(0).max(1).nullable(),
  hectaresAffected: z.number().nullable(),
});
export type AlertPaddock = z.infer<typeof alertPaddockSchema>;

/** POST /api/admin/events as multipart/form-data (the admin page's upload or paste): the message's text, CAP XML or GeoJSON. */
export const ALERT_MESSAGE_MAX_CHARACTERS = 2_000_000;
export const alertMessageFormSchema = z.object({
  message: z
    .string({ error: 'Choose a file or paste a CAP alert or GeoJSON' })
    .trim()
    .min(1, { error: 'Choose a file or paste a CAP alert or GeoJSON' })
    .max(ALERT_MESSAGE_MAX_CHARACTERS, { error: 'The message is longer than 2 MB; send a smaller one' }),
});
export type AlertMessageForm = z.infer<typeof alertMessageFormSchema>;

/** POST /api/admin/events: what became of each message or feature. */
export const ingestResultSchema = z.object({
  events: z.array(
    z.object({
      source: z.string(),
      externalId: z.string(),
      /** stored (new), held (new, over more ground than staff must confirm), needs_placing (new, named only by districts the product has no boundary for), duplicate (already stored: nothing done), cancelled (ended earlier events), ignored (a cancel of nothing stored). */
      outcome: z.enum(['stored', 'held', 'needs_placing', 'duplicate', 'cancelled', 'ignored']),
      id: z.string().nullable(),
      matchedMembers: z.number().int(),
      matchedPaddocks: z.number().int(),
    }),
  ),
});
export type IngestResult = z.infer<typeof ingestResultSchema>;

/** GET /api/user/alerts: the signed-in member's alerts, newest event first. */
export const memberAlertSchema = z.object({
  id: z.string(),
  eventId: z.string(),
  kind: z.enum(ALERT_KINDS),
  title: z.string(),
  severity: z.string().nullable(),
  hailSizeMm: z.number().nullable(),
  effectiveAt: z.iso.datetime(),
  expiresAt: z.iso.datetime().nullable(),
  cancelledAt: z.iso.datetime().nullable(),
  /** Ended by the agency's update of the warning rather than a cancellation (the update's area then did not cover the member's paddocks: else the alert is folded into the update's). */
  replaced: z.boolean(),
  /** A fire service's incident its feed stopped listing: over, at `cancelledAt`. */
  leftFeed: z.boolean(),
  /** Ended by the mutual's staff by hand, at `cancelledAt`: why, in their words. */
  endedReason: z.string().nullable(),
  geometry: alertGeometrySchema,
  paddocks: z.array(alertPaddockSchema),
  read: z.boolean(),
  readAt: z.iso.datetime().nullable(),
});
export type MemberAlert = z.infer<typeof memberAlertSchema>;
/** One warning in the member's list: its newest issue, with the member's alerts for the issues before it (shared/domain/alerts/reissued-alerts.ts). */
export const memberAlertListItemSchema = memberAlertSchema.extend({
  earlierIssues: z.array(memberAlertSchema.pick({ id: true, eventId: true, effectiveAt: true, severity: true, hailSizeMm: true, paddocks: true })),
});
export type MemberAlertListItem = z.infer<typeof memberAlertListItemSchema>;
/** `unread` counts the warnings whose newest issue is unread. */
export const memberAlertsResponseSchema = z.object({ alerts: z.array(memberAlertListItemSchema), unread: z.number().int() });
export const memberAlertResponseSchema = z.object({ alert: memberAlertSchema });

export const adminEventsQuerySchema = z.object({
  page: pageParam,
  pageSize: pageSizeParam(20),
  kind: z.enum(ALERT_KINDS, { error: `kind must be one of ${ALERT_KINDS.join(', ')}` }).optional(),
  /** How the event stands now (shared/domain/alerts/event-status.ts): staff on a storm day look at what is current. */
  status: z.enum(ALERT_EVENT_STATUSES, { error: `status must be one of ${ALERT_EVENT_STATUSES.join(', ')}` }).optional(),
  /** 'effective' (default): newest warning first, as staff read them; 'received': newest arrival first, as the console's notifier reads them. */
  order: z.enum(['effective', 'received'], { error: 'order must be effective or received' }).default('effective'),
});

export const adminEventSummarySchema = z.object({
  id: z.string(),
  source: z.string(),
  externalId: z.string(),
  kind: z.enum(ALERT_KINDS),
  title: z.string(),
  severity: z.string().nullable(),
  hailSizeMm: z.number().nullable(),
  effectiveAt: z.iso.datetime(),
  expiresAt: z.iso.datetime().nullable(),
  cancelledAt: z.iso.datetime().nullable(),
  /** Ended by the agency's update of the warning (a later event) rather than a cancellation. */
  replaced: z.boolean(),
  /** A fire service's incident its feed stopped listing: over, at `cancelledAt`. */
  leftFeed: z.boolean(),
  /** Ended by staff by hand, at `cancelledAt`: why, as members read it. */
  endedReason: z.string().nullable(),
  /** The agency's update of an earlier event: the same warning issued again. */
  updatesEarlier: z.boolean(),
  /** Held for staff to confirm (over more ground than HOLD_EVENT_AREA_KM2), and when they did. */
  heldAt: z.iso.datetime().nullable(),
  confirmedAt: z.iso.datetime().nullable(),
  /** Null while the event needs placing (named only by districts the product has no boundary for). */
  areaKm2: z.number().nullable(),
  areaCodes: z.array(z.string()),
  areaDescription: z.string().nullable(),
  placedAt: z.iso.datetime().nullable(),
  receivedAt: z.iso.datetime(),
  /** 'api' (posted by staff) or 'feed:<name>'. */
  receivedVia: z.string(),
  matchedMembers: z.number().int(),
  /** Of those, the ones it told: not under the event it updates, or raised by it (all of them for an event that updates none). */
  newlyMatchedMembers: z.number().int(),
  matchedPaddocks: z.number().int(),
  emailsSent: z.number().int(),
});
export type AdminEventSummary = z.infer<typeof adminEventSummarySchema>;

export const ALERT_FEEDS = ['bom', 'dfes'] as const;
export type AlertFeed = (typeof ALERT_FEEDS)[number];

export const ALERT_FEED_LABELS: Record<AlertFeed, string> = { bom: 'Bureau of Meteorology warnings', dfes: 'DFES incidents' };
/** The environment variable that sets each feed's URL (server/src/config/env.ts). */
export const ALERT_FEED_ENV_VARS: Record<AlertFeed, string> = { bom: 'ALERT_FEED_BOM_URL', dfes: 'ALERT_FEED_DFES_URL' };

/** A feed's answer as it came, and what became of it: counts of its events, or why it could not be read. */
export const alertFeedMessageSummarySchema = z.object({
  id: z.string(),
  receivedAt: z.iso.datetime(),
  characters: z.number().int(),
  stored: z.number().int(),
  duplicates: z.number().int(),
  ended: z.number().int(),
  held: z.number().int(),
  /** An index feed's: alerts it links to that were fetched and could not be read, and the first's link and reason. */
  unreadable: z.number().int(),
  unreadableReason: z.string().nullable(),
  error: z.string().nullable(),
});
export type AlertFeedMessageSummary = z.infer<typeof alertFeedMessageSummarySchema>;
/** The feed messages shown per feed, newest first (10 are kept). */
export const FEED_MESSAGES_SHOWN = 5;

/** GET /api/admin/alert-feed-messages/:id: the message's text as the feed sent it. */
export const alertFeedMessageResponseSchema = z.object({
  message: alertFeedMessageSummarySchema.extend({ feed: z.enum(ALERT_FEEDS), contentType: z.string().nullable(), body: z.string() }),
});
export type AlertFeedMessage = z.infer<typeof alertFeedMessageResponseSchema>['message'];

export const alertFeedStatusSchema = z.object({
  feed: z.enum(ALERT_FEEDS),
  /** Whether the feed's URL is set in the environment; an unset feed is never polled. */
  configured: z.boolean(),
  lastPolledAt: z.iso.datetime().nullable(),
  lastSuccessAt: z.iso.datetime().nullable(),
  lastError: z.string().nullable(),
  lastErrorAt: z.iso.datetime().nullable(),
  /** New events stored by the last poll that succeeded. */
  lastStored: z.number().int(),
  /** Its last messages, newest first (FEED_MESSAGES_SHOWN). */
  recentMessages: z.array(alertFeedMessageSummarySchema),
});
export type AlertFeedStatus = z.infer<typeof alertFeedStatusSchema>;

export const adminEventsResponseSchema = z.object({
  events: z.array(adminEventSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  feeds: z.array(alertFeedStatusSchema),
});

/**
 * POST /api/admin/events/drawn: an event staff draw on the map, for a report that comes by phone
 * (a grower or an agronomist saw hail fall). Its times are Perth wall-clock times as typed
 * (2026-11-14T15:20); an empty "until when" or hail size is none.
 */
const perthMinute = (name: string) =>
  z
    .string({ error: `${name} is required` })
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, { error: `${name} must be a date and time, e.g. 2026-11-14T15:20` })
    .refine((value) => isPlausibleInstant(perthWallClockTime(value)), { error: `${name} is not a real date and time` });
const noneWhenEmpty = (value: unknown) => (value === '' || (typeof value === 'number' && Number.isNaN(value)) ? null : value);
export const drawnEventFormSchema = z
  .object({
    kind: z.enum(ALERT_KINDS, { error: `Choose the kind: ${ALERT_KINDS.join(', ')}` }),
    title: text('What was reported', 300),
    effective: perthMinute('When it happened'),
    expires: z.preprocess(noneWhenEmpty, perthMinute('Until when').nullish()),
    hailSizeMm: z.preprocess(
      noneWhenEmpty,
      z.number({ error: 'Hail size is a number of millimetres' }).positive({ error: 'Hail size is a number of millimetres' }).max(300, { error: 'Hail size is at most 300 mm' }).nullish(),
    ),
    geometry: footprintSchema.nullable().refine((area) => area !== null, { error: 'Draw the area on the map' }),
  })
  // Both are "YYYY-MM-DDTHH:MM" in Perth time, so they compare as text.
  .refine((event) => !event.expires || event.expires > event.effective, { error: 'Until when must be after when it happened', path: ['expires'] });
export type DrawnEventForm = z.output<typeof drawnEventFormSchema>;

const perthInstant = (minute: string) => new Date(perthWallClockTime(minute)).toISOString();
export const drawnEventSchema = drawnEventFormSchema.transform((event) => ({
  ...event,
  geometry: event.geometry!,
  effective: perthInstant(event.effective),
  expires: event.expires ? perthInstant(event.expires) : null,
}));
export type DrawnEvent = z.output<typeof drawnEventSchema>;

/** GET /api/admin/alert-districts: the districts staff can place a warning on (none until ALERT_DISTRICTS_FILE is set). */
export const alertDistrictsResponseSchema = z.object({ configured: z.boolean(), districts: z.array(z.object({ code: z.string(), name: z.string() })) });
export type AlertDistrictOption = z.infer<typeof alertDistrictsResponseSchema>['districts'][number];

/** POST /api/admin/events/:id/place: a warning that needs placing, placed on districts picked or an area drawn. */
const districtCode = z.string().trim().regex(BUREAU_AREA_CODE, { error: 'A district is named by its code, such as WA_PW014' });
export const placeEventSchema = z.union([z.object({ districts: z.array(districtCode).min(1, { error: 'Pick at least one district' }).max(100) }), z.object({ geometry: footprintSchema })], {
  error: 'Pick the districts or draw the area on the map',
});
export type PlaceEventInput = z.infer<typeof placeEventSchema>;

const END_EVENT_REASON_MAX = 300;
/** POST /api/admin/events/:id/end: a current event ended by staff, with why, which members read on their alert. */
export const endEventSchema = z.object({
  reason: typedText(END_EVENT_REASON_MAX).min(5, { error: 'Say in a few words why it is over: members read it on their alert.' }),
});
export type EndEventInput = z.infer<typeof endEventSchema>;

/** A paddock's outline as the application stores it (an import may hold more parts or vertices than a drawn footprint may). */
const boundaryRing = z.array(z.array(z.number()).min(2));
const paddockBoundarySchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('Polygon'), coordinates: z.array(boundaryRing) }),
  z.object({ type: z.literal('MultiPolygon'), coordinates: z.array(z.array(boundaryRing)) }),
]);

export const adminEventDetailSchema = adminEventSummarySchema.extend({
  /** Who of staff ended it by hand (their name), when they did. */
  endedBy: z.string().nullable(),
  geometry: alertGeometrySchema.nullable(),
  /** How many claims staff's list shows under its warning (`GET /api/admin/claims?event=`). */
  claimsUnder: z.number().int().nonnegative(),
  /** How many issues its warning (or fire) has, this one among them: 1 when it updates none and none updates it. */
  issues: z.number().int().positive(),
  matches: z.array(
    z.object({
      id: z.string(),
      memberId: z.string(),
      memberName: z.string(),
      memberEmail: z.string().nullable(),
      /** Each paddock with its outline for the map (the application's stored boundary), null when it has none. */
      paddocks: z.array(alertPaddockSchema.extend({ boundary: paddockBoundarySchema.nullable() })),
      /** Copies sent for this match: the member's, their broker's, their referrer's. */
      emails: z.array(z.object({ recipient: z.enum(['member', 'broker', 'referrer']), sentAt: z.iso.datetime() })),
      readAt: z.iso.datetime().nullable(),
    }),
  ),
});
export const adminEventResponseSchema = z.object({ event: adminEventDetailSchema });
export type AdminEventDetail = z.infer<typeof adminEventDetailSchema>;

/* ---------- The system's own alerts (GET /api/admin/system-alerts, shared/domain/alerts/system-alerts.ts) ---------- */

export const SYSTEM_ALERT_KINDS = ['job_failures', 'error_spike', 'sign_in_failures', 'sign_in_failures_address', 'sign_in_failures_email'] as const;
export type SystemAlertKind = (typeof SYSTEM_ALERT_KINDS)[number];

export const systemAlertSchema = z.object({
  /** Stable while the condition lasts (kind and what it is about), so the console announces it once. */
  id: z.string(),
  kind: z.enum(SYSTEM_ALERT_KINDS),
  severity: z.enum(['warning', 'critical']),
  /** One sentence saying what happened. */
  title: z.string(),
  detail: z.string(),
  /** When the condition began: the first failure or report counted. */
  since: z.iso.datetime(),
  /** The admin page where staff act on it. */
  link: z.string(),
});
export type SystemAlert = z.infer<typeof systemAlertSchema>;

export const systemAlertsResponseSchema = z.object({ alerts: z.array(systemAlertSchema), checkedAt: z.iso.datetime() });
export type SystemAlertsResponse = z.infer<typeof systemAlertsResponseSchema>;
