/**
 * Pure paddock geometry: geodesic area, centroid, bounding box, overlap detection and the turning
 * of a GeoJSON polygon into a docs/behaviour.md §3 paddock section. Positions are GeoJSON [longitude, latitude]
 * (WGS84); bounding boxes are [minLng, minLat, maxLng, maxLat]; areas are hectares.
 */
import turfArea from '@turf/area';
import turfBbox from '@turf/bbox';
import turfCentroid from '@turf/centroid';
import { featureCollection, feature } from '@turf/helpers';
import turfIntersect from '@turf/intersect';
import turfKinks from '@turf/kinks';
import type { Position } from 'geojson';
import { DEFAULT_PADDOCK_NAME } from '../../constants';
import { isOnTheGlobe, isPaddockGeometry, type PaddockGeometry } from '../../paddock-geometry';
import type { PaddockSection } from '../../contracts/quote';

export { isPaddockGeometry, type PaddockGeometry };
export type LngLat = [number, number];
export type BoundingBox = [number, number, number, number];

const SQUARE_METRES_PER_HECTARE = 10_000;

/** Hectares rounded to 0.01 ha (100 m²), the precision a paddock area is stored and shown with. */
export function roundHectares(hectares: number): number {
  return Math.round(hectares * 100) / 100;
}

/** The polygons of a geometry, each as its rings (outline first, then holes). */
export function polygonsOf(geometry: PaddockGeometry): Position[][][] {
  return geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
}

function closeRing(ring: Position[]): LngLat[] {
  const positions = ring.map((position) => [Number(position[0]), Number(position[1])] as LngLat);
  const first = positions[0];
  const last = positions[positions.length - 1];
  if (first && last && (first[0] !== last[0] || first[1] !== last[1])) positions.push([first[0], first[1]]);
  return positions;
}

/**
 * The geometry with altitudes dropped (KML carries them), every ring closed, rings of fewer than
 * four positions removed and a MultiPolygon of one part turned into a Polygon. Null when nothing
 * usable is left.
 */
export function normaliseGeometry(geometry: PaddockGeometry): PaddockGeometry | null {
  const polygons = polygonsOf(geometry)
    .map((rings) => rings.map(closeRing).filter((ring) => ring.length >= 4))
    .filter((rings) => rings.length > 0);
  if (polygons.length === 0) return null;
  if (polygons.length === 1) return { type: 'Polygon', coordinates: polygons[0] as LngLat[][] };
  return { type: 'MultiPolygon', coordinates: polygons };
}

/** True when every position lies within longitude −180…180 and latitude −90…90. */
export function hasGeographicCoordinates(geometry: PaddockGeometry): boolean {
  return polygonsOf(geometry).every((rings) => rings.every((ring) => ring.every((position) => isOnTheGlobe(Number(position[0]), Number(position[1])))));
}

/** Geodesic area in hectares (holes subtracted), unrounded. */
export function geodesicAreaHectares(geometry: PaddockGeometry): number {
  return turfArea(geometry) / SQUARE_METRES_PER_HECTARE;
}

/** The mean of the geometry's vertices, as { lat, lng }. */
export function geometryCentroid(geometry: PaddockGeometry): { lat: number; lng: number } {
  const [lng, lat] = turfCentroid(geometry).geometry.coordinates as LngLat;
  return { lat, lng };
}

/** [minLng, minLat, maxLng, maxLat]. */
export function geometryBoundingBox(geometry: PaddockGeometry): BoundingBox {
  const [minLng, minLat, maxLng, maxLat] = turfBbox(geometry);
  return [minLng, minLat, maxLng, maxLat];
}

/** The outline of the geometry's largest polygon, [lng, lat] positions, closed. */
export function outlineCoordinates(geometry: PaddockGeometry): LngLat[] {
  let best: Position[] = [];
  let bestArea = -1;
  for (const rings of polygonsOf(geometry)) {
    const outline = rings[0];
    if (!outline) continue;
    const area = turfArea({ type: 'Polygon', coordinates: [outline] });
    if (area > bestArea) {
      best = outline;
      bestArea = area;
    }
  }
  return closeRing(best);
}

/** Number of places where the geometry's edges cross themselves (a bow-tie drawn by mistake). */
export function selfIntersectionCount(geometry: PaddockGeometry): number {
  return turfKinks(geometry).features.length;
}

function boxesTouch(a: BoundingBox, b: BoundingBox): boolean {
  return a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3];
}

export interface OverlapCandidate {
  id: string;
  name: string;
  geometry: PaddockGeometry;
}

export interface PaddockOverlap {
  firstId: string;
  firstName: string;
  secondId: string;
  secondName: string;
  /** Shared area in hectares, rounded to 0.01 ha. */
  overlapHectares: number;
}

/** Overlaps smaller than this (about 10 m × 10 m) are digitising noise along a shared fence. */
export const OVERLAP_TOLERANCE_HECTARES = 0.01;

/**
 * Every pair of paddocks whose shapes share more than the tolerance, so the grower can be warned
 * that the same ground would be counted twice. Pairs are checked by bounding box first.
 */
export function findOverlaps(paddocks: readonly OverlapCandidate[], toleranceHectares = OVERLAP_TOLERANCE_HECTARES): PaddockOverlap[] {
  const boxes = paddocks.map((paddock) => geometryBoundingBox(paddock.geometry));
  const overlaps: PaddockOverlap[] = [];
  for (let i = 0; i < paddocks.length; i += 1) {
    for (let j = i + 1; j < paddocks.length; j += 1) {
      const first = paddocks[i] as OverlapCandidate;
      const second = paddocks[j] as OverlapCandidate;
      if (!boxesTouch(boxes[i] as BoundingBox, boxes[j] as BoundingBox)) continue;
      let shared: PaddockGeometry | null;
      try {
        shared = turfIntersect(featureCollection([feature(first.geometry), feature(second.geometry)]))?.geometry ?? null;
      } catch {
        // A self-intersecting ring can defeat the clipper; such shapes are flagged separately.
        shared = null;
      }
      if (!shared) continue;
      const hectares = geodesicAreaHectares(shared);
      if (hectares <= toleranceHectares) continue;
      overlaps.push({ firstId: first.id, firstName: first.name, secondId: second.id, secondName: second.name, overlapHectares: roundHectares(hectares) });
    }
  }
  return overlaps;
}

/** The geometry-derived fields of a paddock section. */
export function geometryFields(geometry: PaddockGeometry): Pick<PaddockSection, 'area' | 'geometry' | 'coordinates' | 'centroid' | 'boundingBox'> {
  return {
    area: roundHectares(geodesicAreaHectares(geometry)),
    geometry: geometry as unknown as PaddockSection['geometry'],
    coordinates: outlineCoordinates(geometry),
    centroid: geometryCentroid(geometry),
    boundingBox: geometryBoundingBox(geometry),
  };
}

/** A new paddock section (docs/behaviour.md §3) from a drawn or imported shape. */
export function polygonToPaddockSection(geometry: PaddockGeometry, options: { id: string; name?: string }): PaddockSection {
  return {
    id: options.id,
    name: options.name?.trim() || DEFAULT_PADDOCK_NAME,
    ...geometryFields(geometry),
    variant: 'standard',
    riskZone: 'moderate',
    isExcluded: false,
    status: 'active',
    isGroup: false,
    podguardApplied: false,
    swathApplied: false,
  };
}

/** The section's stored geometry, when it is a usable polygon. */
export function sectionGeometry(section: { geometry?: unknown }): PaddockGeometry | null {
  return isPaddockGeometry(section.geometry) ? section.geometry : null;
}
