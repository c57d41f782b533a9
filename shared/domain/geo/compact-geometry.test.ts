import { describe, expect, it } from 'vitest';
import { compactGeometry, compactSectionOutline, simplifyGeometry, vertexCount } from './compact-geometry';
import { geodesicAreaHectares } from './geometry';

describe('compact paddock outlines', () => {
  it('rounds positions to 6 decimals and drops positions that become repeats, keeping rings closed', () => {
    const geometry = compactGeometry({
      type: 'Polygon',
      coordinates: [
        [
          [118.123456789, -31.1],
          [118.1234567891, -31.1000000001],
          [118.2, -31.1],
          [118.2, -31.2],
          [118.123456789, -31.1],
        ],
      ],
    });
    expect(geometry).toEqual({
      type: 'Polygon',
      coordinates: [
        [
          [118.123457, -31.1],
          [118.2, -31.1],
          [118.2, -31.2],
          [118.123457, -31.1],
        ],
      ],
    });
  });

  it('simplifies a traced straight fence to its corners and keeps the area', () => {
    const ring: Array<[number, number]> = [];
    for (let step = 0; step <= 500; step += 1) ring.push([118 + step * 0.00002, -31 + (step % 2) * 0.000001]);
    ring.push([118.01, -31.005], [118, -31.005], [118, -31]);
    const traced = { type: 'Polygon' as const, coordinates: [ring] };
    const simplified = simplifyGeometry(traced, 0.5);
    expect(vertexCount(simplified)).toBeLessThanOrEqual(6);
    expect(Math.abs(geodesicAreaHectares(simplified) - geodesicAreaHectares(traced))).toBeLessThan(0.05);
  });

  it('rounds every outline field of a section and leaves the rest alone', () => {
    const section = compactSectionOutline({
      id: 'p1',
      name: 'Home',
      coordinates: [[118.1234567, -31.1234567]],
      centroid: { lat: -31.1234567, lng: 118.1234567 },
      boundingBox: [118.1234567, -31.1234567, 118.2234567, -31.0234567],
    });
    expect(section).toEqual({ id: 'p1', name: 'Home', coordinates: [[118.123457, -31.123457]], centroid: { lat: -31.123457, lng: 118.123457 }, boundingBox: [118.123457, -31.123457, 118.223457, -31.023457] });
  });
});
