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
