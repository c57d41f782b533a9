/**
 * Warnings the Bureau places by its districts alone (AMOC-AreaCode geocodes, no polygon): their
 * ground is the districts' boundaries merged, from the boundaries the operator installed
 * (docs/alerts.md, "Warnings placed by district"). A code without a boundary leaves the warning for
 * staff to place: it is never placed on part of what it names.
 */
import type { AlertDistricts, AlertGeometry } from '../../contracts/alerts';
import type { Footprint } from '../../contracts/risk-simulation';
import { mergePolygons } from './geometry';

export interface AlertDistrict {
  code: string;
  name: string;
  geometry: Footprint;
}

export type DistrictBoundaries = ReadonlyMap<string, AlertDistrict>;

export function districtBoundaries(file: AlertDistricts): DistrictBoundaries {
  return new Map(file.features.map((feature) => [feature.properties.AAC, { code: feature.properties.AAC, name: feature.properties.DIST_NAME?.trim() || feature.properties.AAC, geometry: feature.geometry }]));
}

/** The districts' ground merged, or null when any code has no boundary. */
export function districtsArea(codes: readonly string[], districts: DistrictBoundaries): AlertGeometry | null {
  const found = codes.map((code) => districts.get(code));
  if (found.length === 0 || found.some((district) => !district)) return null;
  const polygons = found.flatMap((district) => (district!.geometry.type === 'Polygon' ? [district!.geometry.coordinates] : district!.geometry.coordinates));
  return mergePolygons(polygons);
}
