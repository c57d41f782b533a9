// Matching an alert to 50,000 paddocks: one storm polygon in under 100 ms, and a
// 500-vertex fire footprint (not convex) in under 1 s, each laid over the index the server builds
// once per batch of events (shared/domain/alerts/matching.ts on shared/domain/geo/area-index.ts).
// The index's build is printed on its own. Both events are also worked the brute-force way (every
// paddock on its own index) to check the R-tree loses no paddock.
//   npm run bench -- alert-matching
import type { AlertGeometry } from '@shared/contracts/alerts';
import { type AlertCandidatePaddock, indexAlertPaddocks, matchAlert } from '@shared/domain/alerts/matching';
import { ellipseFootprint } from '@shared/domain/risk/footprint';
import { seededRandom } from '@shared/domain/risk/random';
import { syntheticPaddock } from './_paddocks';

const PADDOCKS = 50_000;
const STORM_TARGET_MS = 100;
const FIRE_TARGET_MS = 1000;
// The grain belt from Geraldton to Esperance's north, about 600 km × 700 km.
const AREA = { west: 115.5, south: -34.0, east: 121.0, north: -28.0 };

const random = seededRandom(20261114);
function paddockAt(index: number): AlertCandidatePaddock {
  return {
    paddockId: `p${index}`,
    applicationId: `a${Math.floor(index / 8)}`,
    userId: `u${Math.floor(index / 8)}`,
    name: `Paddock ${index}`,
    areaHa: 100,
    geometry: syntheticPaddock(random, AREA),
    farmLocation: null,
  };
}
const paddocks = Array.from({ length: PADDOCKS }, (_, index) => paddockAt(index));

// A storm warning's polygon: 40 km × 25 km, the shape the Bureau draws (a few vertices).
const storm: AlertGeometry = {
  type: 'Polygon',
  coordinates: [
    [
      [117.0, -31.6],
      [117.45, -31.7],
      [117.5, -31.45],
      [117.1, -31.35],
      [117.0, -31.6],
    ],
  ],
};
// A fire footprint of 500 vertices: an ellipse 60 km × 25 km whose edge wanders in and out by up to 30%, so it is not convex.
const ellipse = ellipseFootprint({ lng: 118.5, lat: -31.0, lengthKm: 60, widthKm: 25, bearingDeg: 60 }).coordinates[0]!;
const centre = [118.5, -31.0];
const fireRing: [number, number][] = [];
for (let vertex = 0; vertex < 499; vertex += 1) {
  const angle = (2 * Math.PI * vertex) / 499;
  const along = ellipse[Math.floor((vertex * 36) / 499)]!;
  const wobble = 0.85 + 0.15 * Math.sin(angle * 23) + 0.05 * Math.sin(angle * 71);
  fireRing.push([centre[0]! + (along[0]! - centre[0]!) * wobble, centre[1]! + (along[1]! - centre[1]!) * wobble]);
}
fireRing.push(fireRing[0]!);
const fire: AlertGeometry = { type: 'Polygon', coordinates: [fireRing] };

const started = performance.now();
const index = indexAlertPaddocks(paddocks);
const indexedMs = performance.now() - started;

function timed(geometry: AlertGeometry) {
  const from = performance.now();
  const matches = matchAlert(index, geometry);
  return { ms: performance.now() - from, matches, paddocks: matches.reduce((sum, match) => sum + match.paddocks.length, 0) };
}
timed(storm); // warm the JIT as a running server is
const stormRun = timed(storm);
const fireRun = timed(fire);

function bruteForceCount(geometry: AlertGeometry): number {
  let count = 0;
  for (const paddock of paddocks) if (matchAlert(indexAlertPaddocks([paddock]), geometry).length > 0) count += 1;
  return count;
}
const stormChecked = bruteForceCount(storm);
const fireChecked = bruteForceCount(fire);

console.log(`${PADDOCKS.toLocaleString('en-AU')} paddocks indexed (Flatbush R-tree over bounding boxes) in ${indexedMs.toFixed(0)} ms (once per batch of events)`);
console.log(
  `storm polygon (5 vertices): ${stormRun.paddocks} paddocks of ${stormRun.matches.length} members in ${stormRun.ms.toFixed(1)} ms (target under ${STORM_TARGET_MS} ms); every paddock checked alone: ${stormChecked}`,
);
console.log(
  `fire footprint (500 vertices, not convex): ${fireRun.paddocks} paddocks of ${fireRun.matches.length} members in ${fireRun.ms.toFixed(1)} ms (target under ${FIRE_TARGET_MS} ms); every paddock checked alone: ${fireChecked}`,
);
const met = stormRun.ms < STORM_TARGET_MS && fireRun.ms < FIRE_TARGET_MS && stormChecked === stormRun.paddocks && fireChecked === fireRun.paddocks;
process.exit(met ? 0 : 1);
