// 1,000 simulated storms over 10,000 protected paddocks must finish in under 5 s. The
// paddocks are found through a Flatbush R-tree over their bounding boxes (shared/domain/risk/
// exposure.ts), not by testing every paddock against every storm; the first 50 storms are also
// worked the brute-force way (every paddock against the storm) to check both give the same claims.
//   npm run bench -- risk-simulation
import { ellipseFootprint } from '@shared/domain/risk/footprint';
import { indexPaddocks, paddocksHit, type ProtectedPaddock } from '@shared/domain/risk/exposure';
import { seededRandom, triangular, uniform } from '@shared/domain/risk/random';
import { syntheticPaddock } from './_paddocks';

const TARGET_MS = 5000;
const PADDOCKS = 10_000;
const STORMS = 1000;
const CHECKED_STORMS = 50;
// The central grain belt, about 190 km × 220 km: some 0.24 protected paddocks per km².
const AREA = { west: 116.5, south: -32.5, east: 118.5, north: -30.5 };

const random = seededRandom(20261123);
function paddockAt(index: number): ProtectedPaddock {
  return {
    id: `p${index}`,
    name: `Paddock ${index}`,
    zoneCode: 'CWB',
    perils: index % 5 === 0 ? ['fire'] : ['hail', 'fire'],
    valueCents: Math.round(uniform(random, 50_000, 400_000)) * 100,
    hurdlePercentage: [0, 5, 10, 15, 20][index % 5]!,
    geometry: syntheticPaddock(random, AREA),
  };
}
const paddocks = Array.from({ length: PADDOCKS }, (_, index) => paddockAt(index));
const storms = Array.from({ length: STORMS }, () => ({
  geometry: ellipseFootprint({
    lng: uniform(random, AREA.west, AREA.east),
    lat: uniform(random, AREA.south, AREA.north),
    bearingDeg: uniform(random, 0, 180),
    lengthKm: triangular(random, { min: 5, mode: 15, max: 40 }),
    widthKm: triangular(random, { min: 1, mode: 4, max: 10 }),
  }),
  severityPercent: triangular(random, { min: 10, mode: 40, max: 90 }),
}));

const started = performance.now();
const index = indexPaddocks(paddocks);
const indexed = performance.now();
let hits = 0;
let claims = 0;
const claimsByStorm: number[] = [];
for (const storm of storms) {
  const stormHits = paddocksHit(index, storm.geometry, 'hail', storm.severityPercent);
  hits += stormHits.length;
  const stormClaims = stormHits.reduce((sum, hit) => sum + hit.expectedClaimCents, 0);
  claimsByStorm.push(stormClaims);
  claims += stormClaims;
}
const finished = performance.now();
const totalMs = finished - started;

// The brute-force way for the first storms: every paddock against the storm (a one-paddock index each).
const singleIndexes = paddocks.map((paddock) => indexPaddocks([paddock]));
let mismatches = 0;
for (let stormIndex = 0; stormIndex < CHECKED_STORMS; stormIndex += 1) {
  const storm = storms[stormIndex]!;
  const stormClaims = singleIndexes.reduce((sum, single) => sum + (paddocksHit(single, storm.geometry, 'hail', storm.severityPercent)[0]?.expectedClaimCents ?? 0), 0);
  if (Math.abs(stormClaims - claimsByStorm[stormIndex]!) > PADDOCKS) mismatches += 1;
}

const dollars = (cents: number) => `$${Math.round(cents / 100).toLocaleString('en-AU')}`;
console.log(`${PADDOCKS.toLocaleString('en-AU')} paddocks indexed (Flatbush R-tree over bounding boxes) in ${(indexed - started).toFixed(0)} ms`);
console.log(
  `${STORMS.toLocaleString('en-AU')} storms in ${(finished - indexed).toFixed(0)} ms: ${hits.toLocaleString('en-AU')} paddock hits (${(hits / STORMS).toFixed(1)} a storm), expected claims ${dollars(claims)}`,
);
console.log(`total ${totalMs.toFixed(0)} ms (target under ${TARGET_MS} ms)`);
console.log(`checked against every paddock (no index) for the first ${CHECKED_STORMS} storms: ${mismatches} storms disagree`);
process.exit(totalMs < TARGET_MS && mismatches === 0 ? 0 : 1);
