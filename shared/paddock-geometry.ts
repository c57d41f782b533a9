/**
 * What counts as a paddock's outline, on its own so that code which only checks or stores outlines
 * (the quote's draft, the auto-save) does not carry the geometry library of geometry.ts.
 */
import type { MultiPolygon, Polygon, Position } from 'geojson';

export type PaddockGeometry = Polygon | MultiPolygon;

/**
 * True for a GeoJSON Polygon or MultiPolygon with at least one ring of four or more positions, each
 * on the globe. Readers of kept outlines ask this too: one corner a world away (kept before
 * submissions were checked) would otherwise stretch every map and index it is laid on.
 */
export function isPaddockGeometry(value: unknown): value is PaddockGeometry {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as { type?: unknown; coordinates?: unknown };
  if (!Array.isArray(candidate.coordinates)) return false;
  if (candidate.type === 'Polygon') return isPolygonRings(candidate.coordinates);
  if (candidate.type === 'MultiPolygon') return candidate.coordinates.length > 0 && candidate.coordinates.every(isPolygonRings);
  return false;
}

/** True when a [longitude, latitude] lies on the globe: −180…180 and −90…90 (NaN does not). */
export const isOnTheGlobe = (longitude: number, latitude: number) => Math.abs(longitude) <= 180 && Math.abs(latitude) <= 90;

function isPosition(value: unknown): value is Position {
  return Array.isArray(value) && value.length >= 2 && typeof value[0] === 'number' && typeof value[1] === 'number' && isOnTheGlobe(value[0], value[1]);
}

function isPolygonRings(rings: unknown): boolean {
  return Array.isArray(rings) && rings.length > 0 && rings.every((ring) => Array.isArray(ring) && ring.length >= 4 && ring.every(isPosition));
}

/**
 * [west, south, east, north]: the longitudes and latitudes an outline spans, from its outer rings
 * (a hole lies inside its outline). What the alert index and a paddock's stored box are made of.
 */
export function outlineBox(geometry: PaddockGeometry): [number, number, number, number] {
  let [west, south, east, north] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const rings of geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates) {
    for (const [lng, lat] of rings[0] ?? []) {
      west = Math.min(west, Number(lng));
      east = Math.max(east, Number(lng));
      south = Math.min(south, Number(lat));
      north = Math.max(north, Number(lat));
    }
  }
  return [west, south, east, north];
}
