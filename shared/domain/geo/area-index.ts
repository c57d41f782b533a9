/**
 * Which outlines an event covers, and how much of each: the one spatial index of the product, used
 * by the risk simulation (shared/domain/risk/exposure.ts) and by storm and fire alerts
 * (shared/domain/alerts/matching.ts).
 *
 * Candidates come from a Flatbush R-tree (packed Hilbert R-tree, npm `flatbush`) over the outlines'
 * bounding boxes on one flat plane, so an event tests only the outlines whose boxes meet its own.
 * The share under the event is then measured on the plane: a convex event clips the outline, a
 * convex outline clips the event (Sutherland–Hodgman is exact for a convex window), and anything
 * else goes through turf's polygon intersection.
 */
import turfArea from '@turf/area';
import { feature, featureCollection } from '@turf/helpers';
import turfIntersect from '@turf/intersect';
import Flatbush from 'flatbush';
import type { MultiPolygon, Polygon } from 'geojson';
import { outlineBox } from '../../paddock-geometry';
import { clipToConvex, isConvex, openRing, type Plane, planeAt, type Point2, ringArea, toPlane } from '../risk/footprint';

export type AreaGeometry = Polygon | MultiPolygon;

/** An outline on the index's plane, measured the first time an event's box meets its own. */
interface PlanarShape {
  /** Each part's rings on the index's plane, outline first, all anticlockwise. */
  parts: Point2[][][];
  areaKm2: number;
  /** The outline as a convex window, when it is one ring without holes that is convex. */
  convexRing: Point2[] | null;
}

interface IndexedArea<T> {
  item: T;
  /**
   * Left unmeasured until an event reaches the outline's box: nearly every outline of a district
   * is never under a given storm, and measuring them all was most of building the index (50,000
   * paddocks indexed in 0.7 s so, 0.2 s by their boxes alone: docs/alerts.md 'Matching').
   */
  shape?: PlanarShape;
}

export interface AreaIndex<T> {
  plane: Plane;
  items: readonly IndexedArea<T>[];
  tree: Flatbush | null;
}

function partsOf(geometry: AreaGeometry): number[][][][] {
  return (geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates) as number[][][][];
}

function planarParts(plane: Plane, geometry: AreaGeometry): Point2[][][] {
  // Loops rather than callbacks: this runs for every paddock and every simulated storm.
  const parts: Point2[][][] = [];
  for (const rings of partsOf(geometry)) {
    const planar: Point2[][] = [];
    for (const ring of rings) {
      const points: Point2[] = [];
      for (const position of ring) points.push(toPlane(plane, position));
      planar.push(openRing(points));
    }
    parts.push(planar);
  }
  return parts;
}

/** Area of the parts on the plane, each outline less its holes; clipped to a convex ring first when one is given. */
function partsArea(parts: readonly Point2[][][], clip?: readonly Point2[]): number {
  let area = 0;
  for (const rings of parts) {
    for (let index = 0; index < rings.length; index += 1) {
      const ring = clip ? clipToConvex(rings[index]!, clip) : rings[index]!;
      area += index === 0 ? ringArea(ring) : -ringArea(ring);
    }
  }
  return area;
}

function boxOf(parts: readonly Point2[][][]): [number, number, number, number] {
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [outline] of parts) {
    for (const [x, y] of outline ?? []) {
      minX = Math.min(minX, x);
      minY = Math.min(minY, y);
      maxX = Math.max(maxX, x);
      maxY = Math.max(maxY, y);
    }
  }
  return [minX, minY, maxX, maxY];
}

function onlyConvexRing(parts: readonly Point2[][][]): Point2[] | null {
  const ring = parts.length === 1 && parts[0]!.length === 1 ? parts[0]![0]! : null;
  return ring && isConvex(ring) ? ring : null;
}

function planarShape(plane: Plane, geometry: AreaGeometry): PlanarShape {
  const parts = planarParts(plane, geometry);
  return { parts, areaKm2: partsArea(parts), convexRing: onlyConvexRing(parts) };
}

/**
 * Builds the R-tree of the outlines' boxes on one plane, centred on their middle. The plane is
 * linear in longitude and latitude, so a box in degrees maps onto the plane's box exactly; the
 * outlines themselves are projected and measured only when an event reaches them (`shape`).
 */
export function indexAreas<T>(items: readonly T[], geometryOf: (item: T) => AreaGeometry): AreaIndex<T> {
  const boxes = new Float64Array(items.length * 4);
  let [minLng, minLat, maxLng, maxLat] = [Infinity, Infinity, -Infinity, -Infinity];
  items.forEach((item, position) => {
    const [west, south, east, north] = outlineBox(geometryOf(item));
    boxes.set([west, south, east, north], position * 4);
    [minLng, minLat, maxLng, maxLat] = [Math.min(minLng, west), Math.min(minLat, south), Math.max(maxLng, east), Math.max(maxLat, north)];
  });
  const plane = items.length > 0 ? planeAt((minLng + maxLng) / 2, (minLat + maxLat) / 2) : planeAt(0, 0);
  const indexed = items.map((item) => ({ item }));
  if (indexed.length === 0) return { plane, items: indexed, tree: null };
  const tree = new Flatbush(indexed.length);
  for (let start = 0; start < boxes.length; start += 4) {
    tree.add(...toPlane(plane, [boxes[start]!, boxes[start + 1]!]), ...toPlane(plane, [boxes[start + 2]!, boxes[start + 3]!]));
  }
  tree.finish();
  return { plane, items: indexed, tree };
}

/** Below a millionth of an outline (a few square metres of a paddock) a touch is rounding along a shared edge, not a hit. */
const MIN_SHARE = 1e-6;

interface PreparedEvent {
  geometry: AreaGeometry;
  parts: Point2[][][];
  convexRing: Point2[] | null;
}

function shareUnder(shape: PlanarShape, geometry: AreaGeometry, event: PreparedEvent): number {
  if (shape.areaKm2 <= 0) return 0;
  let overlapKm2: number;
  if (event.convexRing) overlapKm2 = partsArea(shape.parts, event.convexRing);
  else if (shape.convexRing) overlapKm2 = partsArea(event.parts, shape.convexRing);
  else {
    const overlap = turfIntersect(featureCollection([feature(geometry), feature(event.geometry)]));
    return overlap ? Math.min(1, turfArea(overlap) / turfArea(geometry)) : 0;
  }
  return Math.min(1, Math.max(0, overlapKm2 / shape.areaKm2));
}

export interface AreaShare<T> {
  item: T;
  /** Share of the outline's area inside the event, 0–1. */
  share: number;
}

/**
 * Every indexed outline the event covers, with the share of its area inside, in the order of the
 * index. Outlines merely touching the edge (no shared area) are left out. The event's parts must not
 * overlap each other (the alert parsers merge them: shared/domain/alerts/geometry.ts).
 */
export function sharesUnder<T>(index: AreaIndex<T>, geometry: AreaGeometry, geometryOf: (item: T) => AreaGeometry, include: (item: T) => boolean = () => true): AreaShare<T>[] {
  if (!index.tree) return [];
  const parts = planarParts(index.plane, geometry);
  const event: PreparedEvent = { geometry, parts, convexRing: onlyConvexRing(parts) };
  const shares: AreaShare<T>[] = [];
  const candidates = index.tree.search(...boxOf(parts)).sort((a, b) => a - b);
  for (const position of candidates) {
    const entry = index.items[position]!;
    if (!include(entry.item)) continue;
    const outline = geometryOf(entry.item);
    entry.shape ??= planarShape(index.plane, outline);
    const share = shareUnder(entry.shape, outline, event);
    if (share > MIN_SHARE) shares.push({ item: entry.item, share });
  }
  return shares;
}
