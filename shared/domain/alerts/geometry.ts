/**
 * The ground an alert covers, from the shapes its message gives: CAP-AU polygons ("lat,lon" pairs)
 * and circles ("lat,lon radius-km"), GeoJSON polygons and points with a radius. Several shapes are
 * merged into one geometry (turf union), so that ground covered twice is counted once when a
 * paddock's share under the event is measured.
 */
import { featureCollection, polygon as turfPolygon } from '@turf/helpers';
import turfArea from '@turf/area';
import turfUnion from '@turf/union';
import type { Position } from 'geojson';
import type { AlertGeometry } from '../../contracts/alerts';
import { outlineBox } from '../../paddock-geometry';

/** A message the parsers cannot read; its text says what to fix, and the API answers it as a 400. */
export class AlertMessageError extends Error {}

const KM_PER_DEGREE = 111.32;
const CIRCLE_VERTICES = 64;
const MAX_CIRCLE_LATITUDE = 80;
/**
 * What one event may be made of: merging shapes is the costly step (2,000 circles once took 100 s),
 * and no warning or fire the agencies publish comes near these.
 */
export const MAX_SHAPES_PER_EVENT = 100;
export const MAX_VERTICES_PER_EVENT = 50_000;
/** Shapes one message (a feed or an envelope of alerts) may hold in all, so its work is bounded before it starts. */
export const MAX_SHAPES_PER_MESSAGE = 2_000;

function latLon(pair: string, where: string): Position {
  const [lat, lon, ...rest] = pair.split(',').map((part) => Number(part));
  if (rest.length > 0 || lat === undefined || lon === undefined || !Number.isFinite(lat) || !Number.isFinite(lon) || Math.abs(lat) > 90 || Math.abs(lon) > 180) {
    throw new AlertMessageError(`${where}: "${pair.slice(0, 60)}" is not a "latitude,longitude" pair.`);
  }
  return [lon, lat];
}

/** A CAP <polygon>: space-separated "lat,lon" pairs, at least four, the first repeated last. */
export function capPolygonRing(value: string): Position[] {
  const ring = value
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((pair) => latLon(pair, 'A <polygon>'));
  if (ring.length < 4) throw new AlertMessageError('A <polygon> needs at least four "lat,lon" pairs, the first repeated last.');
  const [first, last] = [ring[0]!, ring[ring.length - 1]!];
  if (first[0] !== last[0] || first[1] !== last[1]) throw new AlertMessageError('A <polygon> must end where it starts (CAP 1.2 §3.3.2.3).');
  return ring;
}

/** A circle as a 64-sided polygon on a flat plane around its centre (at a storm's size far finer than the warning). */
export function circleRing(center: Position, radiusKm: number): Position[] {
  const [lon, lat] = [Number(center[0]), Number(center[1])];
  // Near a pole a degree of longitude shrinks to nothing and the flat circle's longitudes run off to
  // ±10¹⁷; no storm or fire the mutual matches is there.
  if (Math.abs(lat) + radiusKm / KM_PER_DEGREE > MAX_CIRCLE_LATITUDE) throw new AlertMessageError(`A circle reaching beyond latitude ${MAX_CIRCLE_LATITUDE}° cannot be placed; give the area as a polygon.`);
  const kmPerDegreeLon = KM_PER_DEGREE * Math.cos((lat * Math.PI) / 180);
  const ring: Position[] = [];
  for (let index = 0; index < CIRCLE_VERTICES; index += 1) {
    const angle = (2 * Math.PI * index) / CIRCLE_VERTICES;
    ring.push([lon + (radiusKm * Math.cos(angle)) / kmPerDegreeLon, lat + (radiusKm * Math.sin(angle)) / KM_PER_DEGREE]);
  }
  ring.push([ring[0]![0]!, ring[0]![1]!]);
  return ring;
}

/**
 * A circle of radius 0 is a point (NSW RFS publishes every incident so): it is matched as the
 * ground within this many kilometres of it, so a paddock beside a reported fire is told.
 */
export const POINT_REPORT_RADIUS_KM = 1;

/** A CAP <circle>: "lat,lon radius", the radius in kilometres; 0 is a point (POINT_REPORT_RADIUS_KM around it). */
export function capCircleRing(value: string): Position[] {
  const [pair, radius, ...rest] = value.trim().split(/\s+/);
  const radiusKm = Number(radius);
  if (!pair || rest.length > 0 || !Number.isFinite(radiusKm) || radiusKm < 0 || radiusKm > 500) {
    throw new AlertMessageError(`A <circle> is "lat,lon radius" with the radius in kilometres (0 for a point, at most 500); "${value.slice(0, 60)}" is not.`);
  }
  return circleRing(latLon(pair, 'A <circle>'), radiusKm === 0 ? POINT_REPORT_RADIUS_KM : radiusKm);
}

/**
 * An event over more ground than this (about New South Wales, more than any storm warning or fire)
 * is held: members neither see it nor are e-mailed until staff confirm it. A polygon covering the
 * world, by mistake or malice, would otherwise alert every member.
 */
export const HOLD_EVENT_AREA_KM2 = 800_000;

export function eventAreaKm2(geometry: AlertGeometry): number {
  return turfArea(geometry) / 1_000_000;
}

/** [west, south, east, north] in degrees: how far the events of a batch reach. */
export type Reach = readonly [number, number, number, number];

/** The box that holds every geometry of a batch. */
export function reachOf(geometries: readonly AlertGeometry[]): Reach {
  const boxes = geometries.map(outlineBox);
  return [Math.min(...boxes.map((box) => box[0])), Math.min(...boxes.map((box) => box[1])), Math.max(...boxes.map((box) => box[2])), Math.max(...boxes.map((box) => box[3]))];
}

/** Whether the outer reach takes in the whole of the inner. */
export const reachTakesIn = ([west, south, east, north]: Reach, inner: Reach): boolean => west <= inner[0] && south <= inner[1] && east >= inner[2] && north >= inner[3];

/** Polygons (each as its rings, outline first) merged into one geometry. */
export function mergePolygons(polygons: Position[][][]): AlertGeometry {
  if (polygons.length === 0) throw new AlertMessageError('The message gives no polygon or circle, so it cannot be placed on the map.');
  if (polygons.length > MAX_SHAPES_PER_EVENT) throw new AlertMessageError(`An event may be made of at most ${MAX_SHAPES_PER_EVENT} polygons and circles; this one has ${polygons.length}.`);
  const vertices = polygons.reduce((sum, rings) => sum + rings.reduce((count, ring) => count + ring.length, 0), 0);
  if (vertices > MAX_VERTICES_PER_EVENT)
    throw new AlertMessageError(`An event may have at most ${MAX_VERTICES_PER_EVENT.toLocaleString('en-AU')} points in its outlines; this one has ${vertices.toLocaleString('en-AU')}.`);
  if (polygons.length === 1) return { type: 'Polygon', coordinates: polygons[0]! as [number, number][][] };
  const merged = turfUnion(featureCollection(polygons.map((rings) => turfPolygon(rings))));
  if (!merged) throw new AlertMessageError('The message’s polygons and circles cover no ground.');
  return merged.geometry as AlertGeometry;
}
