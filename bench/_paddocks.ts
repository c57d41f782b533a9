import type { Polygon } from 'geojson';
import { type Random, uniform } from '@shared/domain/risk/random';

export interface BenchArea {
  west: number;
  south: number;
  east: number;
  north: number;
}

/**
 * A made-up paddock outline somewhere in `area`: 50 ha to 300 ha, a little out of square, with a
 * fifth of one corner cut off so the outlines are not all boxes. The benchmarks' stand-in for the
 * paddocks members draw.
 */
export function syntheticPaddock(random: Random, area: BenchArea): Polygon {
  const lng = uniform(random, area.west, area.east);
  const lat = uniform(random, area.south, area.north);
  const side = Math.sqrt(uniform(random, 0.5, 3)) / 111.32;
  const width = side / Math.cos((lat * Math.PI) / 180);
  return {
    type: 'Polygon',
    coordinates: [
      [
        [lng, lat],
        [lng + width, lat],
        [lng + width, lat + side * 0.8],
        [lng + width * 0.8, lat + side],
        [lng, lat + side],
        [lng, lat],
      ],
    ],
  };
}
