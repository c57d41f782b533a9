/**
 * A made-up farm district the alert worker places a warning over when it starts, a few times, so a
 * storm's first real warning finds the placing code compiled: cold, placing 1,000 members' paddocks
 * took 155–220 ms of a warning's post; warmed, 60–80 ms (docs/operations.md 'Storm day').
 */
import { circleRing, mergePolygons } from '@shared/domain/alerts/geometry';
import type { LiveApplication, LivePaddock } from '@shared/domain/alerts/matching';
import type { AlertGeometry } from '@shared/contracts/alerts';

const GRID = 20;
const STEP_DEGREES = 0.01;
const SIDE_DEGREES = 0.005;
const ORIGIN = { lng: 117, lat: -31.5 };
/** Enough rounds for the optimizing compiler to take the placing code, about 0.2 s of the worker's time. */
export const WARM_UP_ROUNDS = 15;

/** A paddock's outline: a box with a corner cut (convex) or an L (concave), the two ways shares are measured. */
function outline(lng: number, lat: number, concave: boolean): LivePaddock['geometry'] {
  const s = SIDE_DEGREES;
  const ring = concave
    ? [
        [lng, lat],
        [lng + s, lat],
        [lng + s, lat + s / 2],
        [lng + s / 2, lat + s / 2],
        [lng + s / 2, lat + s],
        [lng, lat + s],
        [lng, lat],
      ]
    : [
        [lng, lat],
        [lng + s, lat],
        [lng + s, lat + s * 0.8],
        [lng + s * 0.8, lat + s],
        [lng, lat + s],
        [lng, lat],
      ];
  return { type: 'Polygon', coordinates: [ring] };
}

/** 400 members of one paddock each on a grid, a third entered by area alone (placed by their farm's location), and a storm over part of them. */
export function warmUpDistrict(): { geometry: AlertGeometry; pages: string[] } {
  const applications: LiveApplication[] = [];
  const paddocks: LivePaddock[] = [];
  for (let position = 0; position < GRID * GRID; position += 1) {
    const lng = ORIGIN.lng + (position % GRID) * STEP_DEGREES;
    const lat = ORIGIN.lat + Math.floor(position / GRID) * STEP_DEGREES;
    applications.push({ id: `application-${position}`, userId: `member-${position}`, submittedAt: position, farmLocation: { lat, lng } });
    const geometry = position % 3 === 0 ? null : outline(lng, lat, position % 2 === 0);
    paddocks.push({ id: `paddock-${position}`, applicationId: `application-${position}`, name: 'Home paddock', areaHa: 25, sortOrder: 0, geometry });
  }
  const centre = [ORIGIN.lng + (GRID / 2) * STEP_DEGREES, ORIGIN.lat + (GRID / 2) * STEP_DEGREES];
  return { geometry: mergePolygons([[circleRing(centre, 6)]]), pages: [JSON.stringify({ applications, paddocks })] };
}
