import type { MultiPolygon, Polygon } from 'geojson';
import { describe, expect, it } from 'vitest';
import { paddockSectionSchema } from '../../contracts/quote';
import {
  findOverlaps,
  geodesicAreaHectares,
  geometryBoundingBox,
  geometryCentroid,
  hasGeographicCoordinates,
  isPaddockGeometry,
  normaliseGeometry,
  outlineCoordinates,
  polygonToPaddockSection,
  selfIntersectionCount,
} from './geometry';

const EARTH_RADIUS_M = 6_378_137;
const MERREDIN = { lat: -31.4813, lng: 118.279 };

/** A square of `sideM` metres with its south-west corner at (lat, lng), as a closed GeoJSON ring. */
function square(lat: number, lng: number, sideM: number): Array<[number, number]> {
  const dLat = ((sideM / EARTH_RADIUS_M) * 180) / Math.PI;
  const dLng = dLat / Math.cos(((lat + dLat / 2) * Math.PI) / 180);
  return [
    [lng, lat],
    [lng + dLng, lat],
    [lng + dLng, lat + dLat],
    [lng, lat + dLat],
    [lng, lat],
  ];
}

const merredinSquare: Polygon = { type: 'Polygon', coordinates: [square(MERREDIN.lat, MERREDIN.lng, 1000)] };

describe('geodesic area', () => {
  it('a 1 km × 1 km square near Merredin is 100 ha within 0.5 %', () => {
    const hectares = geodesicAreaHectares(merredinSquare);
    expect(Math.abs(hectares - 100) / 100).toBeLessThan(0.005);
  });

  it('subtracts a hole', () => {
    const withHole: Polygon = { type: 'Polygon', coordinates: [square(MERREDIN.lat, MERREDIN.lng, 1000), square(MERREDIN.lat + 0.002, MERREDIN.lng + 0.002, 200).reverse()] };
    expect(geodesicAreaHectares(withHole)).toBeCloseTo(geodesicAreaHectares(merredinSquare) - 4, 1);
  });

  it('adds the parts of a multipolygon', () => {
    const two: MultiPolygon = { type: 'MultiPolygon', coordinates: [[square(MERREDIN.lat, MERREDIN.lng, 1000)], [square(MERREDIN.lat + 0.1, MERREDIN.lng, 500)]] };
    expect(geodesicAreaHectares(two)).toBeCloseTo(125, 0);
  });
});

describe('centroid and bounding box', () => {
  it('the centroid of a square is its middle', () => {
    const ring = merredinSquare.coordinates[0]!;
    const centroid = geometryCentroid(merredinSquare);
    expect(centroid.lng).toBeCloseTo((ring[0]![0]! + ring[1]![0]!) / 2, 6);
    expect(centroid.lat).toBeCloseTo((ring[0]![1]! + ring[2]![1]!) / 2, 6);
  });

  it('the bounding box is [minLng, minLat, maxLng, maxLat]', () => {
    const ring = merredinSquare.coordinates[0]!;
    const [minLng, minLat, maxLng, maxLat] = geometryBoundingBox(merredinSquare);
    expect(minLng).toBe(ring[0]![0]);
    expect(minLat).toBe(ring[0]![1]);
    expect(maxLng).toBe(ring[1]![0]);
    expect(maxLat).toBe(ring[2]![1]);
    expect(minLng).toBeLessThan(maxLng);
    expect(minLat).toBeLessThan(maxLat);
  });
});

describe('overlap detection', () => {
  const a = { id: 'a', name: 'North', geometry: merredinSquare };
  it('finds two paddocks that share ground, with the shared hectares', () => {
    const shifted: Polygon = { type: 'Polygon', coordinates: [square(MERREDIN.lat + 0.0045, MERREDIN.lng + 0.0053, 1000)] };
    const overlaps = findOverlaps([a, { id: 'b', name: 'South', geometry: shifted }]);
    expect(overlaps).toHaveLength(1);
    expect(overlaps[0]).toMatchObject({ firstId: 'a', secondId: 'b', firstName: 'North', secondName: 'South' });
    expect(overlaps[0]!.overlapHectares).toBeGreaterThan(20);
    expect(overlaps[0]!.overlapHectares).toBeLessThan(30);
  });

  it('ignores neighbours that only share a fence line', () => {
    const ring = merredinSquare.coordinates[0]!;
    const east: Polygon = { type: 'Polygon', coordinates: [square(ring[0]![1]!, ring[1]![0]!, 1000)] };
    expect(findOverlaps([a, { id: 'b', name: 'East', geometry: east }])).toEqual([]);
  });

  it('ignores paddocks far apart', () => {
    const far: Polygon = { type: 'Polygon', coordinates: [square(-33.86, 121.89, 500)] };
    expect(findOverlaps([a, { id: 'c', name: 'Esperance', geometry: far }])).toEqual([]);
  });
});

describe('polygon → paddock section', () => {
  it('carries docs/behaviour.md §3 fields and parses with the quote contract', () => {
    const section = polygonToPaddockSection(merredinSquare, { id: 'p1' });
    expect(section).toMatchObject({ id: 'p1', name: 'Main Paddock', variant: 'standard', riskZone: 'moderate', status: 'active', isExcluded: false });
    expect(section.area).toBeCloseTo(100, 0);
    expect(section.geometry).toEqual(merredinSquare);
    expect(section.coordinates).toEqual(merredinSquare.coordinates[0]);
    expect(section.centroid?.lat).toBeCloseTo(MERREDIN.lat + 0.0045, 3);
    expect(section.boundingBox).toHaveLength(4);
    expect(paddockSectionSchema.parse(section)).toEqual(section);
  });

  it('keeps a given name', () => {
    expect(polygonToPaddockSection(merredinSquare, { id: 'p2', name: ' Dam paddock ' }).name).toBe('Dam paddock');
  });
});

describe('geometry checks', () => {
  it('normalise drops altitudes, closes rings and unwraps a one-part multipolygon', () => {
    const open: MultiPolygon = {
      type: 'MultiPolygon',
      coordinates: [
        [
          [
            [118, -31, 250],
            [118.01, -31, 250],
            [118.01, -31.01, 250],
            [118, -31.01, 250],
          ],
        ],
      ],
    };
    expect(normaliseGeometry(open)).toEqual({
      type: 'Polygon',
      coordinates: [
        [
          [118, -31],
          [118.01, -31],
          [118.01, -31.01],
          [118, -31.01],
          [118, -31],
        ],
      ],
    });
  });

  it('recognises paddock geometry and projected coordinates', () => {
    expect(isPaddockGeometry(merredinSquare)).toBe(true);
    expect(isPaddockGeometry({ type: 'Point', coordinates: [118, -31] })).toBe(false);
    expect(
      hasGeographicCoordinates({
        type: 'Polygon',
        coordinates: [
          [
            [500000, 6500000],
            [501000, 6500000],
            [501000, 6501000],
            [500000, 6500000],
          ],
        ],
      }),
    ).toBe(false);
  });

  it('counts a bow-tie crossing', () => {
    const bowTie: Polygon = {
      type: 'Polygon',
      coordinates: [
        [
          [118, -31],
          [118.01, -31.01],
          [118.01, -31],
          [118, -31.01],
          [118, -31],
        ],
      ],
    };
    expect(selfIntersectionCount(bowTie)).toBeGreaterThan(0);
    expect(selfIntersectionCount(merredinSquare)).toBe(0);
  });

  it('outline of a multipolygon is the largest part', () => {
    const small = square(MERREDIN.lat + 0.1, MERREDIN.lng, 100);
    const big = square(MERREDIN.lat, MERREDIN.lng, 1000);
    expect(outlineCoordinates({ type: 'MultiPolygon', coordinates: [[small], [big]] })).toEqual(big);
  });
});
