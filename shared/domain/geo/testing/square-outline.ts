/**
 * Test data only (API, unit and browser tests, benchmarks), never imported by the product.
 *
 * A square paddock outline as the farm map stores it (a GeoJSON Polygon), `size` degrees on a side,
 * with its south-west corner at lng, lat.
 */
export function squareOutline(lng: number, lat: number, size: number) {
  const ring: [number, number][] = [
    [lng, lat],
    [lng + size, lat],
    [lng + size, lat + size],
    [lng, lat + size],
    [lng, lat],
  ];
  return { type: 'Polygon' as const, coordinates: [ring] };
}

/**
 * An outline as a crafted submission may send one: from lng, lat east and north to a corner a world
 * away (10^300 degrees), and back. Its box meets every other outline's.
 */
export function outlineToAWorldAway(lng: number, lat: number) {
  return {
    type: 'Polygon' as const,
    coordinates: [
      [
        [lng, lat],
        [1e300, lat],
        [1e300, 1e300],
        [lng, lat],
      ],
    ],
  };
}
