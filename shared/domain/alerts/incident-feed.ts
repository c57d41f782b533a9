/**
 * Incident GeoJSON as the fire services publish it (NSW RFS `majorIncidents`; Emergency WA's feed is
 * of the same family): one feature per incident, with no `kind` of ours. The facts are packed into an
 * HTML `description` ("TYPE: Bush Fire <br />STATUS: Out of control <br />SIZE: 315512 ha"); a fire's
 * footprint is Polygons inside GeometryCollections beside the incident's Point; hazard reductions,
 * burn-offs, road crashes and floods come mixed in. Fires become events; the rest is left out.
 */
import type { Position } from 'geojson';
import type { IncidentFeature, IncidentGeometry, IncomingAlertEvent } from '../../contracts/alerts';
import { fireIncident } from './cap';
import { AlertMessageError, circleRing, MAX_SHAPES_PER_MESSAGE, mergePolygons, POINT_REPORT_RADIUS_KM } from './geometry';
import { perthInstant } from '../../perth-time';

/** GeometryCollections nest in the feeds (Point, then a collection of Polygons); deeper than this is refused. */
const MAX_COLLECTION_DEPTH = 5;

/** The description's "KEY: value" fields, split at its line breaks; keys upper-case, spaces collapsed. */
export function incidentFields(description: string | undefined): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const line of (description ?? '').split(/<br\s*\/?>|\r?\n/i)) {
    const match = /^\s*([A-Za-z][A-Za-z ]{0,40}?)\s*:\s*(.*)$/.exec(line);
    if (match) fields[match[1]!.toUpperCase()] = match[2]!.replace(/\s+/g, ' ').trim();
  }
  return fields;
}

/** The footprint's polygons (each as its rings) and the incident's point, from a geometry at any depth of collections. */
function shapesOf(geometry: IncidentGeometry, depth = 0): { polygons: Position[][][]; point: Position | undefined } {
  switch (geometry.type) {
    case 'Point':
      return { polygons: [], point: geometry.coordinates };
    case 'Polygon':
      return { polygons: [geometry.coordinates], point: undefined };
    case 'MultiPolygon':
      return { polygons: geometry.coordinates, point: undefined };
    case 'GeometryCollection': {
      if (depth >= MAX_COLLECTION_DEPTH) throw new AlertMessageError(`A GeometryCollection nests more than ${MAX_COLLECTION_DEPTH} deep.`);
      const parts = geometry.geometries.map((part) => shapesOf(part, depth + 1));
      return { polygons: parts.flatMap((part) => part.polygons), point: parts.find((part) => part.point)?.point };
    }
  }
}

/**
 * A feed's pubDate, "10/10/2020 8:47:00 AM": day first, with no zone, and in UTC (the RFS feed's is
 * 11 hours behind the "UPDATED" in its own description, Sydney summer time). Null when unreadable.
 */
export function incidentPubDate(value: string | undefined): string | null {
  const match = /^\s*(\d{1,2})\/(\d{1,2})\/(\d{4})\s+(\d{1,2}):(\d{2})(?::(\d{2}))?\s*(AM|PM)?\s*$/i.exec(value ?? '');
  if (!match) return null;
  const [, day, month, year, hour, minute, second = '0', half] = match;
  let hours = Number(hour) % (half ? 12 : 24);
  if (half?.toUpperCase() === 'PM') hours += 12;
  const at = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day), hours, Number(minute), Number(second)));
  return Number.isNaN(at.getTime()) || at.getUTCDate() !== Number(day) ? null : perthInstant(at);
}

/** Who published it, from the incident's address: incidents.rfs.nsw.gov.au is 'rfs.nsw.gov.au'. */
function sourceOf(feature: IncidentFeature): string {
  for (const address of [feature.properties.guid, feature.properties.link]) {
    try {
      if (address) return new URL(address).hostname.replace(/^(www|incidents)\./, '');
    } catch {
      // not an address; the next one, or the fallback
    }
  }
  return 'incident feed';
}

/**
 * A fire is one incident through the feed's polls: its guid names it, and each pubDate is an issue of
 * it. A newer issue (the footprint grown, the alert level raised) updates the issues before it, as a
 * warning's CAP Update does: stored as `<incident>|<pubDate>`, it references the incident, and the
 * ingest ends every stored issue of that incident before it (docs/alerts.md). The same issue polled
 * again is the same id, so it is stored once.
 */
export const INCIDENT_ISSUE_SEPARATOR = '|';
export const incidentIssueId = (incident: string, effectiveAt: string) => `${incident}${INCIDENT_ISSUE_SEPARATOR}${effectiveAt}`;

/** The incident an issue's id names (the id before its last separator: the time has none), or null for an id that is no incident's issue. */
export function incidentOfIssue(externalId: string): string | null {
  const at = externalId.lastIndexOf(INCIDENT_ISSUE_SEPARATOR);
  return at > 0 ? externalId.slice(0, at) : null;
}

/**
 * An incident feed lists the incidents current as it is read, and drops one that is over (the fire
 * out, or closed). Of the issues standing from a feed's earlier polls, those whose incident the
 * poll's reading no longer lists; a reading that lists no incident at all (a feed of fires with none
 * burning) ends them all.
 */
export function issuesNoLongerListed<S extends { externalId: string }>(standing: readonly S[], listed: readonly { externalId: string }[]): S[] {
  const incidents = new Set(listed.map((event) => incidentOfIssue(event.externalId)).filter((incident) => incident !== null));
  return standing.filter((issue) => {
    const incident = incidentOfIssue(issue.externalId);
    return incident !== null && !incidents.has(incident);
  });
}

export interface IncidentFeedReading {
  events: IncomingAlertEvent[];
  /** Incidents that are not fires (burn-offs, hazard reductions, road crashes, floods). */
  leftOut: number;
}

export function incidentAlertEvents(features: IncidentFeature[]): IncidentFeedReading {
  const shapes = features.reduce((sum, feature) => sum + shapesOf(feature.geometry).polygons.length, 0);
  if (shapes > MAX_SHAPES_PER_MESSAGE) throw new AlertMessageError(`The feed's incidents hold ${shapes} polygons; send at most ${MAX_SHAPES_PER_MESSAGE} at once.`);
  const events: IncomingAlertEvent[] = [];
  let leftOut = 0;
  for (const [index, feature] of features.entries()) {
    const { properties } = feature;
    const fields = incidentFields(properties.description);
    const type = fields['TYPE'] ?? '';
    if (fireIncident(type, properties.title, false) !== 'fire') {
      leftOut += 1;
      continue;
    }
    const { polygons, point } = shapesOf(feature.geometry);
    // A fire with no footprint yet is placed as a report at its point.
    const shapes = polygons.length > 0 ? polygons : point ? [[circleRing(point, POINT_REPORT_RADIUS_KM)]] : [];
    const effectiveAt = incidentPubDate(properties.pubDate);
    if (!effectiveAt) throw new AlertMessageError(`Incident ${index + 1} ("${properties.title}") has no pubDate in the feed's form (10/10/2020 8:47:00 AM).`);
    const incident = properties.guid ?? properties.link ?? properties.title;
    events.push({
      source: sourceOf(feature),
      externalId: incidentIssueId(incident, effectiveAt),
      action: 'update',
      references: [incident],
      kind: 'fire',
      title: type ? `${type}: ${properties.title}` : properties.title,
      severity: fields['ALERT LEVEL'] ?? properties.category ?? null,
      hailSizeMm: null,
      effectiveAt,
      expiresAt: null,
      geometry: mergePolygons(shapes),
      areaCodes: [],
      areaDescription: null,
    });
  }
  return { events, leftOut };
}
