import { describe, expect, it } from 'vitest';
import type { AlertGeometry } from '../../contracts/alerts';
import { circleRing, mergePolygons } from './geometry';
import { type AlertCandidatePaddock, alertCandidates, indexAlertPaddocks, type LiveApplication, type LivePaddock, matchAlert } from './matching';

/** A square paddock with its south-west corner at (lng, lat), `side` degrees of latitude high and as wide on the ground. */
function square(lng: number, lat: number, side: number): AlertGeometry {
  const width = side / Math.cos((lat * Math.PI) / 180);
  return {
    type: 'Polygon',
    coordinates: [
      [
        [lng, lat],
        [lng + width, lat],
        [lng + width, lat + side],
        [lng, lat + side],
        [lng, lat],
      ],
    ],
  };
}
const paddock = (id: string, userId: string, geometry: AlertGeometry | null, areaHa = 100, farmLocation: { lat: number; lng: number } | null = null): AlertCandidatePaddock => ({
  paddockId: id,
  applicationId: `app-${userId}`,
  userId,
  name: `Paddock ${id}`,
  areaHa,
  geometry,
  farmLocation,
});

// A swath whose western edge is the meridian 118.30 (a rectangle, so convex).
const swath: AlertGeometry = {
  type: 'Polygon',
  coordinates: [
    [
      [118.3, -31.6],
      [118.5, -31.6],
      [118.5, -31.4],
      [118.3, -31.4],
      [118.3, -31.6],
    ],
  ],
};

describe('matching an event to paddocks', () => {
  it('gives half a paddock straddling the swath’s edge a share of 0.5, a paddock inside 1, one outside nothing', () => {
    const half: AlertGeometry = {
      type: 'Polygon',
      coordinates: [
        [
          [118.29, -31.5],
          [118.31, -31.5],
          [118.31, -31.49],
          [118.29, -31.49],
          [118.29, -31.5],
        ],
      ],
    };
    const matches = matchAlert(indexAlertPaddocks([paddock('half', 'jo', half, 180), paddock('in', 'jo', square(118.4, -31.5, 0.01), 120), paddock('out', 'sam', square(118.1, -31.5, 0.01))]), swath);
    expect(matches).toEqual([
      {
        userId: 'jo',
        paddocks: [
          { paddockId: 'half', applicationId: 'app-jo', name: 'Paddock half', areaHa: 180, placedBy: 'boundary', share: 0.5, hectaresAffected: 90 },
          { paddockId: 'in', applicationId: 'app-jo', name: 'Paddock in', areaHa: 120, placedBy: 'boundary', share: 1, hectaresAffected: 120 },
        ],
      },
    ]);
  });

  it('measures a quarter under an L-shaped (not convex) fire footprint as 0.25, the way turf does', () => {
    // The paddock is the square 118.00–118.02 × −31.50…−31.48 (on the plane); the L covers only its north-east quarter.
    const width = 0.02;
    const box: AlertGeometry = {
      type: 'Polygon',
      coordinates: [
        [
          [118, -31.5],
          [118 + width, -31.5],
          [118 + width, -31.48],
          [118, -31.48],
          [118, -31.5],
        ],
      ],
    };
    const l: AlertGeometry = {
      type: 'Polygon',
      coordinates: [
        [
          [118.01, -31.49],
          [118.1, -31.49],
          [118.1, -31.3],
          [117.9, -31.3],
          [117.9, -31.4],
          [118.01, -31.4],
          [118.01, -31.49],
        ],
      ],
    };
    const [match] = matchAlert(indexAlertPaddocks([paddock('p', 'jo', box, 40)]), l);
    expect(match!.paddocks[0]!.share).toBeCloseTo(0.25, 3);
    expect(match!.paddocks[0]!.hectaresAffected).toBeCloseTo(10, 1);
    // A paddock that is not convex either goes through turf's intersection and agrees.
    const notched: AlertGeometry = {
      type: 'Polygon',
      coordinates: [
        [
          [118, -31.5],
          [118.02, -31.5],
          [118.02, -31.48],
          [118.015, -31.48],
          [118.015, -31.495],
          [118, -31.495],
          [118, -31.5],
        ],
      ],
    };
    // Its column 118.015–118.02 × −31.49…−31.48 lies under the L: 0.00005 of its 0.000175 square degrees, 2/7.
    const [turfMatch] = matchAlert(indexAlertPaddocks([paddock('n', 'jo', notched)]), l);
    expect(turfMatch!.paddocks[0]!.share).toBeCloseTo(2 / 7, 3);
  });

  it('places a paddock entered by area alone by its farm’s location, with no share', () => {
    const matches = matchAlert(
      indexAlertPaddocks([paddock('inside', 'kim', null, 250, { lat: -31.5, lng: 118.4 }), paddock('elsewhere', 'lee', null, 250, { lat: -31.5, lng: 117.4 }), paddock('nowhere', 'lee', null)]),
      swath,
    );
    expect(matches).toEqual([
      { userId: 'kim', paddocks: [{ paddockId: 'inside', applicationId: 'app-kim', name: 'Paddock inside', areaHa: 250, placedBy: 'farm_location', share: null, hectaresAffected: null }] },
    ]);
  });

  it('counts ground covered by two overlapping circles once', () => {
    const geometry = mergePolygons([[circleRing([118.4, -31.5], 5)], [circleRing([118.4, -31.5], 3)]]);
    const [match] = matchAlert(indexAlertPaddocks([paddock('p', 'jo', square(118.4, -31.5, 0.005))]), geometry);
    expect(match!.paddocks[0]!.share).toBe(1);
  });

  it('finds a paddock of two parts far apart by the part under the event, among paddocks across the grain belt, and one only near it by its box not at all', () => {
    type Part = Extract<AlertGeometry, { type: 'MultiPolygon' }>['coordinates'][number];
    const partOf = (geometry: AlertGeometry) => (geometry as { coordinates: Part }).coordinates;
    // Half its area under the swath, the other half 300 km to the west, so its box spans both.
    const split: AlertGeometry = { type: 'MultiPolygon', coordinates: [partOf(square(118.4, -31.5, 0.01)), partOf(square(115.6, -31.5, 0.01))] };
    // An L whose box meets the swath's while its arms stay south and west of it.
    const ell: AlertGeometry = {
      type: 'Polygon',
      coordinates: [
        [
          [118.2, -31.65],
          [118.35, -31.65],
          [118.35, -31.61],
          [118.21, -31.61],
          [118.21, -31.5],
          [118.2, -31.5],
          [118.2, -31.65],
        ],
      ],
    };
    const belt = Array.from({ length: 400 }, (_, index) => paddock(`far-${index}`, `far-${index}`, square(115.5 + (index % 20) * 0.1, -33.9 + Math.floor(index / 20) * 0.1, 0.01)));
    const matches = matchAlert(indexAlertPaddocks([...belt, paddock('split', 'jo', split, 200), paddock('ell', 'sam', ell)]), swath);
    expect(matches).toEqual([{ userId: 'jo', paddocks: [{ paddockId: 'split', applicationId: 'app-jo', name: 'Paddock split', areaHa: 200, placedBy: 'boundary', share: 0.5, hectaresAffected: 100 }] }]);
  });

  it('does not let a copy without an outline stand in for a paddock whose outline lies beyond the event, nor place it by the farm', () => {
    // Jo's farm pin is under the swath; her Creek paddock, drawn last season, lies 20 km west of it.
    const farmLocation = { lat: -31.5, lng: 118.4 };
    const applications: LiveApplication[] = [
      { id: 'last-season', userId: 'jo', submittedAt: 1, farmLocation },
      { id: 'this-season', userId: 'jo', submittedAt: 2, farmLocation },
    ];
    const creek = (applicationId: string, outline: Partial<LivePaddock>): LivePaddock => ({ id: `creek-${applicationId}`, applicationId, name: 'Creek', areaHa: 100, sortOrder: 0, geometry: null, ...outline });
    const matched = (paddocks: LivePaddock[]) => matchAlert(indexAlertPaddocks(alertCandidates(applications, paddocks)), swath);

    expect(matched([creek('last-season', { outlineOutOfReach: true }), creek('this-season', {})])).toEqual([]);
    expect(matched([creek('last-season', { geometry: square(118.1, -31.5, 0.01) }), creek('this-season', {})])).toEqual([]);
    // Entered by area alone in both seasons: placed by the farm, as ever.
    expect(matched([creek('last-season', {}), creek('this-season', {})])).toEqual([
      { userId: 'jo', paddocks: [{ paddockId: 'creek-this-season', applicationId: 'this-season', name: 'Creek', areaHa: 100, placedBy: 'farm_location', share: null, hectaresAffected: null }] },
    ]);
  });
});
