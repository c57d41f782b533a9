/**
 * What arrives (POST /api/admin/events, or a feed's answer) turned into events: CAP-AU 1.2 XML or a
 * GeoJSON FeatureCollection. The XML parser is fast-xml-parser, with no DOCTYPE accepted at all:
 * a CAP alert has none, and a DOCTYPE is how entity expansion (the "billion laughs") and external
 * entities get in. Only XML's own five entities and character references are decoded.
 */
import { storableText } from '../../lib/stored-text';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { alertFeatureCollectionSchema, capAlertSchema, incidentFeatureCollectionSchema, type IncomingAlertEvent } from '@shared/contracts/alerts';
import { capAlertEvent } from '@shared/domain/alerts/cap';
import { geoJsonAlertEvents } from '@shared/domain/alerts/geojson';
import { AlertMessageError, MAX_SHAPES_PER_MESSAGE } from '@shared/domain/alerts/geometry';
import { incidentAlertEvents } from '@shared/domain/alerts/incident-feed';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { GEOJSON_CONTENT_TYPES, XML_CONTENT_TYPES } from './incoming-message';

/** Elements CAP (and the envelopes it is published in) let repeat: always read as arrays, so one and many look alike. */
const REPEATING = new Set(['info', 'category', 'responseType', 'eventCode', 'parameter', 'resource', 'area', 'polygon', 'circle', 'geocode', 'contentObject', 'entry', 'item']);

const readingOptions = {
  removeNSPrefix: true,
  parseTagValue: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  // Refused before parsing anyway (below); the parser's own limits stand behind that.
  processEntities: { enabled: true, maxEntityCount: 0, maxTotalExpansions: 100, maxExpandedLength: 10_000 },
  htmlEntities: false,
  maxNestedTags: 20,
};

const parser = new XMLParser({ ...readingOptions, ignoreAttributes: true, isArray: (name) => REPEATING.has(name) });

/** Alerts one envelope may carry (an RFS distribution has about 60): each becomes an event matched to every paddock. */
const MAX_ALERTS_PER_MESSAGE = 500;

const invalid = (code: string, message: string) => new AppError(400, code, message);

function issuesSentence(error: z.ZodError, what: string): string {
  const [first] = error.issues;
  const where = first?.path.filter((part) => typeof part !== 'number' || part > 0).join(' › ');
  return `${what}: ${first?.message ?? 'not readable'}${where ? ` (at ${where})` : ''}.`;
}

type Envelope = 'EDXL-DE distribution' | 'Atom feed' | 'RSS feed';
type Record_ = Record<string, unknown>;
const asRecord = (value: unknown): Record_ => (value && typeof value === 'object' ? (value as Record_) : {});
const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined ? [] : [value]);

/**
 * Where the alerts are in a document as the agencies publish them: a bare <alert>; each
 * <contentObject>'s embedded alert in an EDXL-DE distribution; each <entry>'s content in an Atom
 * feed; each <item> in an RSS feed. Undefined when the document is none of these.
 */
function envelopedAlerts(document: Record_): { envelope: Envelope; entries: number; alerts: unknown[] } | undefined {
  if ('EDXLDistribution' in document) {
    const objects = asList(asRecord(document.EDXLDistribution).contentObject);
    return { envelope: 'EDXL-DE distribution', entries: objects.length, alerts: objects.map((object) => asRecord(asRecord(asRecord(object).xmlContent).embeddedXMLContent).alert).filter(Boolean) };
  }
  if ('feed' in document) {
    const entries = asList(asRecord(document.feed).entry);
    return { envelope: 'Atom feed', entries: entries.length, alerts: entries.map((entry) => asRecord(asRecord(entry).content).alert).filter(Boolean) };
  }
  if ('rss' in document) {
    const items = asList(asRecord(asRecord(document.rss).channel).item);
    return { envelope: 'RSS feed', entries: items.length, alerts: items.map((item) => asRecord(item).alert ?? asRecord(asRecord(item).content).alert).filter(Boolean) };
  }
  return undefined;
}

/**
 * CAP 1.2 (and CAP-AU) alerts as text: bare, or each alert of an EDXL-DE distribution, an Atom
 * or an RSS feed on its own. A bare alert is read strictly (what is wrong with it is the answer);
 * in an envelope, an alert that is not a weather or fire event (a road crash, a park closure), or
 * that cannot be read, is left out, and the envelope is refused only when none of its alerts can be
 * stored.
 */
export function readCapXml(text: string): IncomingAlertEvent[] {
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) {
    throw invalid('xml_doctype_refused', 'The XML declares a DOCTYPE or entities, which alerts never need and which are refused (entity expansion); send the CAP alert without them.');
  }
  const valid = XMLValidator.validate(text);
  if (valid !== true) throw invalid('malformed_xml', `The XML is not well formed: ${valid.err.msg} (line ${valid.err.line}, column ${valid.err.col}).`);
  let document: Record_;
  try {
    document = asRecord(parser.parse(text));
  } catch (error) {
    throw invalid('malformed_xml', `The XML could not be read: ${(error as Error).message}`);
  }
  const enveloped = envelopedAlerts(document);
  if (!enveloped) return [readOneAlert(document)];
  const { envelope, entries, alerts } = enveloped;
  if (alerts.length > MAX_ALERTS_PER_MESSAGE) throw invalid('too_many_alerts', `The ${envelope} carries ${alerts.length} alerts; send at most ${MAX_ALERTS_PER_MESSAGE} at once.`);
  if (entries === 0) throw invalid('nothing_listed', `The ${envelope} lists no alert: there is nothing in it to store.`);
  if (alerts.length === 0) {
    throw invalid('feed_without_alerts', `The ${envelope} has ${entries} entr${entries === 1 ? 'y' : 'ies'} but carries no CAP alert in them (it lists alerts by link): post the linked alerts themselves.`);
  }
  const shapes = alerts.reduce<number>((sum, alert) => sum + shapesIn(alert), 0);
  if (shapes > MAX_SHAPES_PER_MESSAGE) throw invalid('too_many_shapes', `The ${envelope}'s alerts hold ${shapes} polygons and circles; send at most ${MAX_SHAPES_PER_MESSAGE} at once.`);
  const events: IncomingAlertEvent[] = [];
  let firstProblem = '';
  for (const alert of alerts) {
    try {
      events.push(readOneAlert({ alert }));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      firstProblem ||= error.message;
    }
  }
  if (events.length === 0) throw invalid('no_usable_alerts', `None of the ${alerts.length} alerts in the ${envelope} is a weather or fire event that can be placed: ${firstProblem}`);
  return events;
}

/** The same reading with attributes kept: an Atom index names its alerts in `<link href>`. */
const indexParser = new XMLParser({ ...readingOptions, ignoreAttributes: false, attributeNamePrefix: '', isArray: (name) => name === 'entry' || name === 'item' || name === 'link' });

/**
 * The addresses of the alerts an index feed lists (the Bureau's CAP feed through the WMO, NWS's
 * Atom index), in the feed's order: each RSS `<item>`'s `<link>`, each Atom `<entry>`'s link to it
 * (`rel="alternate"` or none). Read only for a feed whose answer was refused as `feed_without_alerts`.
 */
export function alertLinksOfIndex(text: string): string[] {
  const document = asRecord(indexParser.parse(text));
  const linkOf = (links: unknown[]): string | undefined => {
    for (const link of links) {
      if (typeof link === 'string' && link.trim()) return link.trim();
      const { href, rel } = asRecord(link);
      if (typeof href === 'string' && (rel === undefined || rel === 'alternate')) return href.trim();
    }
    return undefined;
  };
  const entries = 'feed' in document ? asList(asRecord(document.feed).entry) : asList(asRecord(asRecord(document.rss).channel).item);
  return entries.map((entry) => linkOf(asList(asRecord(entry).link))).filter((link): link is string => Boolean(link));
}

/** The polygons and circles of one alert as parsed, counted before any is drawn or merged. */
function shapesIn(alert: unknown): number {
  return asList(asRecord(alert).info).reduce<number>(
    (sum, info) => sum + asList(asRecord(info).area).reduce<number>((count, area) => count + asList(asRecord(area).polygon).length + asList(asRecord(area).circle).length, 0),
    0,
  );
}

function readOneAlert(document: Record_): IncomingAlertEvent {
  const parsed = capAlertSchema.safeParse(document);
  if (!parsed.success) throw invalid('invalid_cap_alert', issuesSentence(parsed.error, 'The CAP alert is not valid'));
  return withReadableErrors(() => capAlertEvent(parsed.data.alert));
}

/**
 * A GeoJSON FeatureCollection (already parsed JSON). Features that carry our own `kind` are events
 * as written (one each); a fire service's incident feed, whose features carry none, is read as it
 * is published (shared/domain/alerts/incident-feed.ts): its fires become events, the rest is left out.
 */
export function readGeoJson(body: unknown): IncomingAlertEvent[] {
  const features = (body as { features?: unknown } | null)?.features;
  if (Array.isArray(features) && features.length === 0) throw invalid('nothing_listed', 'The collection has no features: there is no event or incident in it to store.');
  const ours = Array.isArray(features) && features.every((feature) => typeof (feature as { properties?: { kind?: unknown } } | null)?.properties?.kind === 'string');
  if (!ours) {
    const incidents = incidentFeatureCollectionSchema.safeParse(body);
    if (!incidents.success) throw invalid('invalid_geojson', issuesSentence(incidents.error, 'The GeoJSON is not a collection of events or incidents'));
    const { events, leftOut } = withReadableErrors(() => incidentAlertEvents(incidents.data.features));
    if (events.length === 0) {
      throw invalid('no_fire_incidents', `None of the ${leftOut} incidents in the feed is a fire: burn-offs, hazard reductions, road crashes and other incidents are not matched to paddocks.`);
    }
    return events;
  }
  const parsed = alertFeatureCollectionSchema.safeParse(body);
  if (!parsed.success) throw invalid('invalid_geojson', issuesSentence(parsed.error, 'The GeoJSON is not a collection of events'));
  return withReadableErrors(() => geoJsonAlertEvents(parsed.data));
}

function withReadableErrors<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof AlertMessageError) throw invalid('invalid_alert', error.message);
    throw error;
  }
}

/**
 * The events of a message, their text as the database keeps it (storableText); what is
 * wrong with it is thrown as a 400 (415 for a type not read).
 */
export function readAlertMessage(contentType: string | undefined, body: unknown): IncomingAlertEvent[] {
  return storableText(messageEvents(contentType, body));
}

function messageEvents(contentType: string | undefined, body: unknown): IncomingAlertEvent[] {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (XML_CONTENT_TYPES.includes(type)) {
    if (typeof body !== 'string' || body.trim() === '') throw invalid('empty_body', 'Send the CAP alert as the body of the request.');
    return readCapXml(body);
  }
  if (GEOJSON_CONTENT_TYPES.includes(type)) {
    if (typeof body !== 'string') return readGeoJson(body);
    try {
      return readGeoJson(JSON.parse(body));
    } catch (error) {
      if (error instanceof SyntaxError) throw invalid('malformed_json', `The GeoJSON is not valid JSON: ${error.message}`);
      throw error;
    }
  }
  throw new AppError(415, 'unsupported_media_type', `Send a CAP-AU alert as application/xml or a GeoJSON FeatureCollection as application/geo+json; ${type || 'no Content-Type'} is not read.`);
}
