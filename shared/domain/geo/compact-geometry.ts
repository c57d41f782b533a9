/**
 * Paddock outlines kept compactly, by one rule for the importer, the auto-save and the server:
 * positions rounded to COORDINATE_DECIMALS (6 decimals of a degree, about 0.1 m, far finer than any
 * fence) and, on import, outlines simplified with Douglas–Peucker so a GPS trace keeps only the
 * corners that change its shape. Rings stay closed and keep at least four positions.
 */
import { isPaddockGeometry, type PaddockGeometry } from '../../paddock-geometry';

export const COORDINATE_DECIMALS = 6;
const SCALE = 10 ** COORDINATE_DECIMALS;
const METRES_PER_DEGREE = 111_320;

type Position = [number, number];
type Ring = Position[];

export function roundCoordinate(value: number): number {
  return Math.round(value * SCALE) / SCALE;
}

function roundRing(ring: readonly (readonly number[])[]): Ring {
  const rounded: Ring = [];
  for (const position of ring) {
    const next: Position = [roundCoordinate(position[0] ?? 0), roundCoordinate(position[1] ?? 0)];
    const last = rounded[rounded.length - 1];
    if (!last || last[0] !== next[0] || last[1] !== next[1]) rounded.push(next);
  }
  return rounded;
}

function perpendicularDistanceMetres(point: Position, start: Position, end: Position, cosLat: number): number {
  const x = (point[0] - start[0]) * cosLat;
  const y = point[1] - start[1];
  const dx = (end[0] - start[0]) * cosLat;
  const dy = end[1] - start[1];
  const lengthSquared = dx * dx + dy * dy;
  const t = lengthSquared === 0 ? 0 : Math.max(0, Math.min(1, (x * dx + y * dy) / lengthSquared));
  return Math.hypot(x - t * dx, y - t * dy) * METRES_PER_DEGREE;
}

/** Douglas–Peucker of an open line, iterative (long traces would overflow a recursive one). */
function simplifyLine(points: Ring, toleranceMetres: number, cosLat: number): Ring {
  if (points.length <= 2) return points;
  const keep = new Uint8Array(points.length);
  keep[0] = 1;
  keep[points.length - 1] = 1;
  const stack: Array<[number, number]> = [[0, points.length - 1]];
  while (stack.length > 0) {
    const [first, last] = stack.pop()!;
    let farthest = -1;
    let distance = toleranceMetres;
    for (let index = first + 1; index < last; index += 1) {
      const candidate = perpendicularDistanceMetres(points[index]!, points[first]!, points[last]!, cosLat);
      if (candidate > distance) {
        distance = candidate;
        farthest = index;
      }
    }
    if (farthest !== -1) {
      keep[farthest] = 1;
      stack.push([first, farthest], [farthest, last]);
    }
  }
  return points.filter((_point, index) => keep[index] === 1);
}

/** A closed ring simplified: split at the point farthest from the start so both halves are lines. */
function simplifyRing(ring: Ring, toleranceMetres: number): Ring {
  if (ring.length <= 5) return ring;
  const open = ring.slice(0, -1);
  const cosLat = Math.cos(((open[0]![1] ?? 0) * Math.PI) / 180);
  let split = 1;
  let best = -1;
  for (let index = 1; index < open.length; index += 1) {
    const distance = Math.hypot((open[index]![0] - open[0]![0]) * cosLat, open[index]![1] - open[0]![1]);
    if (distance > best) {
      best = distance;
      split = index;
    }
  }
  const first = simplifyLine(open.slice(0, split + 1), toleranceMetres, cosLat);
  const second = simplifyLine([...open.slice(split), open[0]!], toleranceMetres, cosLat);
  const simplified = [...first, ...second.slice(1)];
  // Fewer than three distinct corners is no longer an area: keep the ring as it was.
  return simplified.length >= 4 ? simplified : ring;
}

function mapRings(geometry: PaddockGeometry, change: (ring: Ring) => Ring): PaddockGeometry {
  const polygon = (rings: readonly (readonly (readonly number[])[])[]) => rings.map((ring) => change(roundRing(ring))).filter((ring) => ring.length >= 4);
  if (geometry.type === 'Polygon') return { type: 'Polygon', coordinates: polygon(geometry.coordinates) };
  return { type: 'MultiPolygon', coordinates: geometry.coordinates.map(polygon).filter((rings) => rings.length > 0) };
}

/** Positions rounded to 6 decimals, repeated positions dropped. */
export function compactGeometry(geometry: PaddockGeometry): PaddockGeometry {
  return mapRings(geometry, (ring) => ring);
}

/** Rounded, then each ring simplified to within toleranceMetres of the original outline. */
export function simplifyGeometry(geometry: PaddockGeometry, toleranceMetres: number): PaddockGeometry {
  return mapRings(geometry, (ring) => simplifyRing(ring, toleranceMetres));
}

/** The positions of a geometry (closing positions counted, as they are stored). */
export function vertexCount(geometry: { type: string; coordinates?: unknown } | null | undefined): number {
  const count = (value: unknown): number => {
    if (!Array.isArray(value)) return 0;
    if (value.length > 0 && typeof value[0] === 'number') return 1;
    return value.reduce((total: number, item: unknown) => total + count(item), 0);
  };
  return geometry ? count(geometry.coordinates) : 0;
}

/** The outline fields of a paddock section (docs/behaviour.md §3): geometry, its outer ring, centroid and bounding box. */
export interface SectionOutline {
  geometry?: { type: string } | undefined;
  coordinates?: Array<[number, number]> | undefined;
  centroid?: { lat: number; lng: number } | undefined;
  boundingBox?: [number, number, number, number] | undefined;
}

/** A section with every outline field rounded to COORDINATE_DECIMALS; other fields as they were. */
export function compactSectionOutline<S extends SectionOutline>(section: S): S {
  const compact: S = { ...section };
  if (isPaddockGeometry(section.geometry)) compact.geometry = compactGeometry(section.geometry) as S['geometry'];
  if (section.coordinates) compact.coordinates = roundRing(section.coordinates);
  if (section.centroid) compact.centroid = { lat: roundCoordinate(section.centroid.lat), lng: roundCoordinate(section.centroid.lng) };
  if (section.boundingBox) compact.boundingBox = section.boundingBox.map(roundCoordinate) as [number, number, number, number];
  return compact;
}

/** Corners of the sections' outlines, the figure MAX_DRAFT_VERTICES limits (geometry only; its outer ring copy follows it). */
export function outlineVertexCount(sections: readonly SectionOutline[]): number {
  return sections.reduce((total, section) => total + vertexCount(section.geometry as { type: string; coordinates?: unknown } | undefined), 0);
}
