import { describe, expect, it } from 'vitest';
import { zoneOutlinePath } from './zone-outline';

describe('zoneOutlinePath', () => {
  it('fits a polygon into the box, north up, centred along the shorter side', () => {
    const square = {
      type: 'Polygon' as const,
      coordinates: [
        [
          [116, -31],
          [117, -31],
          [117, -32],
          [116, -32],
          [116, -31],
        ] as Array<[number, number]>,
      ],
    };
    const path = zoneOutlinePath(square, 100, 100, 0);
    const numbers = [...path.matchAll(/-?\d+(\.\d+)?/g)].map((match) => Number(match[0]));
    const xs = numbers.filter((_, i) => i % 2 === 0);
    const ys = numbers.filter((_, i) => i % 2 === 1);
    expect(path.startsWith('M')).toBe(true);
    expect(path.endsWith('Z')).toBe(true);
    expect(Math.min(...ys)).toBe(0);
    expect(Math.max(...ys)).toBe(100);
    // A degree of longitude at 31.5° S is about 0.85 of a degree of latitude.
    expect(Math.max(...xs) - Math.min(...xs)).toBeCloseTo(85.3, 0);
    expect((Math.max(...xs) + Math.min(...xs)) / 2).toBeCloseTo(50, 5);
    // The northern edge (-31) is at the top.
    expect(ys[0]).toBe(0);
  });

  it('draws each part of a multipolygon and nothing for an empty one', () => {
    const two = {
      type: 'MultiPolygon' as const,
      coordinates: [
        [
          [
            [116, -31],
            [116.5, -31],
            [116.5, -31.5],
            [116, -31],
          ],
        ],
        [
          [
            [117, -32],
            [117.5, -32],
            [117.5, -32.5],
            [117, -32],
          ],
        ],
      ] as Array<Array<Array<[number, number]>>>,
    };
    expect(zoneOutlinePath(two, 60, 40).match(/M/g)).toHaveLength(2);
    expect(zoneOutlinePath({ type: 'Polygon', coordinates: [] }, 60, 40)).toBe('');
  });
});
