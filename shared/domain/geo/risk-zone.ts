/**
 * The farm's risk zone is a fact of where the farm is, not something the quote may declare: the zone
 * containing the farm location (farmData.farmLocation). The server prices and accepts a quote only in
 * that zone; a declared zone that disagrees is refused with both zones named, so a member who moved
 * the pin knows to look the zone up again. The same rule answers GET /api/agriculture-zones/lookup.
 */
import { booleanPointInPolygon } from '@turf/boolean-point-in-polygon';
import { point } from '@turf/helpers';
import type { MultiPolygon, Polygon } from 'geojson';

export interface ZoneWithOutline {
  code: string;
  name: string;
  /** GeoJSON Polygon or MultiPolygon, [longitude, latitude]. */
  boundary: { type: 'Polygon' | 'MultiPolygon'; coordinates: unknown };
}

export interface FarmPoint {
  lat: number;
  lng: number;
  /** The place the member chose ('Merredin WA 6415'), when they chose one by name. */
  label?: string | undefined;
}

/** The first zone (in the given order) whose outline contains the point. */
export function zoneAt<Z extends ZoneWithOutline>(zones: readonly Z[], location: FarmPoint): Z | undefined {
  const here = point([location.lng, location.lat]);
  return zones.find((zone) => booleanPointInPolygon(here, zone.boundary as Polygon | MultiPolygon));
}

export const FARM_LOCATION_REQUIRED_MESSAGE = 'Set your farm location on the farm map first: the risk zone, and so the price, comes from where the farm is.';
export const FARM_OUTSIDE_ZONES_MESSAGE =
  'The farm location is outside the grain belt zones we protect. Check the farm location on the map; if it is right, request a callback and we will work out your risk zone with you.';

/** How a person recognises the farm: the place they chose, or its coordinates. */
export function describeFarmPoint(location: FarmPoint): string {
  const label = location.label?.trim();
  return label ? label : `${location.lat.toFixed(4)}, ${location.lng.toFixed(4)}`;
}

function describeZone(zones: readonly ZoneWithOutline[], code: string): string {
  const zone = zones.find((candidate) => candidate.code.toLowerCase() === code.trim().toLowerCase());
  return zone ? `${zone.code} (${zone.name})` : `${code.trim()} (not a zone we price)`;
}

export function zoneMismatchMessage(zones: readonly ZoneWithOutline[], location: FarmPoint, actual: ZoneWithOutline, declaredCode: string): string {
  return (
    `The farm at ${describeFarmPoint(location)} is in zone ${actual.code} (${actual.name}); the quote says ${describeZone(zones, declaredCode)}. ` +
    'Open the farm map again so the risk zone is looked up from the farm location, then recalculate the estimate.'
  );
}

export type FarmZoneResult<Z> = { ok: true; zone: Z } | { ok: false; reason: 'farm_location_required' | 'outside_zones' | 'zone_mismatch'; message: string };

/**
 * The zone a quote is priced in: the one containing the farm location. A declared zone (the code the
 * quote carries) must be that zone, compared without regard to case; without a declared zone the
 * farm's zone is used.
 */
export function farmZone<Z extends ZoneWithOutline>(zones: readonly Z[], location: FarmPoint | null | undefined, declaredCode: string | null | undefined): FarmZoneResult<Z> {
  if (!location) return { ok: false, reason: 'farm_location_required', message: FARM_LOCATION_REQUIRED_MESSAGE };
  const zone = zoneAt(zones, location);
  if (!zone) return { ok: false, reason: 'outside_zones', message: FARM_OUTSIDE_ZONES_MESSAGE };
  const declared = declaredCode?.trim() ?? '';
  if (declared !== '' && declared.toLowerCase() !== zone.code.toLowerCase()) {
    return { ok: false, reason: 'zone_mismatch', message: zoneMismatchMessage(zones, location, zone, declared) };
  }
  return { ok: true, zone };
}
