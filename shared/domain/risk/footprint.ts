/**
 * The ground an event covers. A hail swath is a long, narrow ellipse along the storm's track; a fire
 * footprint is a broader ellipse stretched downwind. Either is a convex polygon in [lng, lat]; staff
 * may also draw any polygon on the risk map.
 *
 * Shares are measured on a local flat projection around the event (kilometres east and north of a
 * reference point, the east scaled by cos(latitude)): at the size of a paddock or a storm the error
 * is far below a surveyor's, and a share is a ratio of two areas measured the same way.
 */
import type { Polygon, Position } from 'geojson';

const KM_PER_DEGREE = 111.32;
const ELLIPSE_VERTICES = 36;

export interface Plane {
  lng0: number;
  lat0: number;
  cosLat: number;
}

export type Point2 = [number, number];

export function planeAt(lng0: number, lat0: number): Plane {
  return { lng0, lat0, cosLat: Math.cos((lat0 * Math.PI) / 180) };
}

export function toPlane(plane: Plane, position: Position): Point2 {
  return [(Number(position[0]) - plane.lng0) * KM_PER_DEGREE * plane.cosLat, (Number(position[1]) - plane.lat0) * KM_PER_DEGREE];
}

function fromPlane(plane: Plane, [x, y]: Point2): [number, number] {
  return [plane.lng0 + x / (KM_PER_DEGREE * plane.cosLat), plane.lat0 + y / KM_PER_DEGREE];
}

export interface EllipseEvent {
  /** Centre of the event, degrees. */
  lng: number;
  lat: number;
  /** Length along the track and width across it, kilometres. */
  lengthKm: number;
  widthKm: number;
  /** Direction of the track, degrees clockwise from north. */
  bearingDeg: number;
}

/** The event's outline as a closed GeoJSON polygon (36 vertices), convex by construction. */
export function ellipseFootprint(event: EllipseEvent): Polygon {
  const plane = planeAt(event.lng, event.lat);
  const theta = (event.bearingDeg * Math.PI) / 180;
  // Unit vectors along the track (bearing from north) and across it.
  const along: Point2 = [Math.sin(theta), Math.cos(theta)];
  const across: Point2 = [Math.cos(theta), -Math.sin(theta)];
  const ring: [number, number][] = [];
  for (let index = 0; index < ELLIPSE_VERTICES; index += 1) {
    const angle = (2 * Math.PI * index) / ELLIPSE_VERTICES;
    const a = (event.lengthKm / 2) * Math.cos(angle);
    const b = (event.widthKm / 2) * Math.sin(angle);
    ring.push(fromPlane(plane, [a * along[0] + b * across[0], a * along[1] + b * across[1]]));
  }
  ring.push([ring[0]![0], ring[0]![1]]);
  return { type: 'Polygon', coordinates: [ring] };
}

/** Signed area of a ring on the plane (positive when anticlockwise), km². */
export function ringArea(ring: readonly Point2[]): number {
  let twice = 0;
  for (let index = 0; index < ring.length; index += 1) {
    const [x1, y1] = ring[index]!;
    const [x2, y2] = ring[(index + 1) % ring.length]!;
    twice += x1 * y2 - x2 * y1;
  }
  return twice / 2;
}

/** The ring without its closing repeat of the first position, anticlockwise. */
export function openRing(ring: readonly Point2[]): Point2[] {
  const first = ring[0];
  const last = ring[ring.length - 1];
  const open = first && last && first[0] === last[0] && first[1] === last[1] ? ring.slice(0, -1) : [...ring];
  return ringArea(open) < 0 ? open.reverse() : open;
}

/** True when the (open, anticlockwise) ring turns the same way at every vertex. */
export function isConvex(ring: readonly Point2[]): boolean {
  for (let index = 0; index < ring.length; index += 1) {
    const [ax, ay] = ring[index]!;
    const [bx, by] = ring[(index + 1) % ring.length]!;
    const [cx, cy] = ring[(index + 2) % ring.length]!;
    if ((bx - ax) * (cy - by) - (by - ay) * (cx - bx) < -1e-12) return false;
  }
  return ring.length >= 3;
}

/**
 * Sutherland–Hodgman: the part of a ring inside a convex, anticlockwise clip ring. The subject may be
 * any simple ring; for a convex clip window the area of the result is the area of the intersection.
 */
export function clipToConvex(subject: readonly Point2[], clip: readonly Point2[]): Point2[] {
  // Plain loops, no closures: this runs for every paddock under every simulated storm.
  let output: Point2[] = subject as Point2[];
  for (let edge = 0; edge < clip.length && output.length > 0; edge += 1) {
    const [ax, ay] = clip[edge]!;
    const [bx, by] = clip[(edge + 1) % clip.length]!;
    const ex = bx - ax;
    const ey = by - ay;
    const input = output;
    output = [];
    let previous = input[input.length - 1]!;
    let previousSide = ex * (previous[1] - ay) - ey * (previous[0] - ax);
    for (const current of input) {
      const side = ex * (current[1] - ay) - ey * (current[0] - ax);
      if (side >= 0 !== previousSide >= 0) {
        const t = previousSide / (previousSide - side);
        output.push([previous[0] + t * (current[0] - previous[0]), previous[1] + t * (current[1] - previous[1])]);
      }
      if (side >= 0) output.push(current);
      previous = current;
      previousSide = side;
    }
  }
  return output;
}
