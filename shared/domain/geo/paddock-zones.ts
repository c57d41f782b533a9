/**
 * Which risk zone each paddock is priced in (docs/pricing.md 'Who decides the zone'). The premium
 * follows the ground: a paddock with an outline is priced in the zone its outline lies in (the zone
 * with the largest share of it); a paddock entered by area only takes the zone of the farm location.
 * The farm pin must be near the drawn paddocks, so a pin moved to a cheaper district while the
 * outlines stay where they are is refused with both places named, never priced.
 */
import turfArea from '@turf/area';
import { booleanPointInPolygon } from '@turf/boolean-point-in-polygon';
import { feature, featureCollection, point } from '@turf/helpers';
import turfIntersect from '@turf/intersect';
import type { MultiPolygon, Polygon, Position } from 'geojson';
import type { PaddockGeometry } from '../../paddock-geometry';
import { describeFarmPoint, FARM_LOCATION_REQUIRED_MESSAGE, farmZone, type FarmPoint, type ZoneWithOutline } from './risk-zone';

/** The farthest a farm pin may be from the nearest drawn paddock before the quote is refused. */
export const MAX_PIN_DISTANCE_FROM_PADDOCKS_KM = 30;

const EARTH_RADIUS_KM = 6371.0088;

/** Great-circle distance in kilometres. */
export function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const radians = Math.PI / 180;
  const dLat = (b.lat - a.lat) * radians;
  const dLng = (b.lng - a.lng) * radians;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * radians) * Math.cos(b.lat * radians) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

function polygonsOf(outline: PaddockGeometry): Position[][][] {
  return outline.type === 'Polygon' ? [outline.coordinates] : outline.coordinates;
}

function corners(outline: PaddockGeometry): Position[] {
  return polygonsOf(outline).flatMap((rings) => rings[0] ?? []);
}

function contains(area: Polygon | MultiPolygon, position: Position): boolean {
  return booleanPointInPolygon(point([position[0]!, position[1]!]), area);
}

/**
 * The zone an outline lies in: when every corner is in one zone, that zone (the fast case, nearly
 * every paddock); otherwise the zone holding the largest part of its area. Undefined when no part
 * of it is in any zone.
 */
export function outlineZone<Z extends ZoneWithOutline>(zones: readonly Z[], outline: PaddockGeometry): Z | undefined {
  const positions = corners(outline);
  const first = positions[0];
  if (!first) return undefined;
  const firstZone = zones.find((zone) => contains(zone.boundary as Polygon | MultiPolygon, first));
  if (firstZone && positions.every((position) => contains(firstZone.boundary as Polygon | MultiPolygon, position))) return firstZone;
  let best: { zone: Z; area: number } | undefined;
  for (const zone of zones) {
    const overlap = turfIntersect(featureCollection([feature(outline), feature(zone.boundary as Polygon | MultiPolygon)]));
    const area = overlap ? turfArea(overlap) : 0;
    if (area > 0 && (!best || area > best.area)) best = { zone, area };
  }
  return best?.zone;
}

/** Distance from the pin to the nearest corner of the outline, 0 when the pin is inside it. */
export function distanceToOutlineKm(pin: FarmPoint, outline: PaddockGeometry): number {
  if (contains(outline, [pin.lng, pin.lat])) return 0;
  let nearest = Infinity;
  for (const [lng, lat] of corners(outline)) nearest = Math.min(nearest, distanceKm(pin, { lat: lat!, lng: lng! }));
  return nearest;
}

function middleOf(outline: PaddockGeometry): { lat: number; lng: number } {
  const positions = corners(outline);
  const sum = positions.reduce((total, [lng, lat]) => ({ lat: total.lat + lat!, lng: total.lng + lng! }), { lat: 0, lng: 0 });
  return { lat: sum.lat / positions.length, lng: sum.lng / positions.length };
}

/** Names a place from its coordinates ('Lake Grace WA 6353'); the server passes the gazetteer's nearest locality. */
export type PlaceNamer = (where: { lat: number; lng: number }) => string | undefined;

export interface PaddockToPrice {
  /** The paddock's name, for messages. */
  name?: string | undefined;
  outline?: PaddockGeometry | null | undefined;
}

export interface ZoneQuestion {
  /** farmData.farmLocation; absent in a bare docs/behaviour.md §7 pricing body. */
  farmLocation?: FarmPoint | null | undefined;
  /** The zone the request or quote declares (farmData.zone). */
  declaredZone?: string | null | undefined;
  paddocks: readonly PaddockToPrice[];
  /** A quote (saved or submitted) must say where the farm is; a bare pricing body need not. */
  farmLocationRequired?: boolean;
}

export type ZoneDecision =
  | { ok: true; farmZone: string; paddockZones: string[] }
  | { ok: false; reason: 'farm_location_required' | 'outside_zones' | 'zone_mismatch' | 'pin_far_from_paddocks' | 'paddock_outside_zones'; message: string };

function describePin(pin: FarmPoint, placeNear: PlaceNamer): string {
  if (pin.label?.trim()) return describeFarmPoint(pin);
  const near = placeNear(pin);
  return near ? `near ${near}` : describeFarmPoint(pin);
}

function pinFarFromPaddocksMessage(pin: FarmPoint, distance: number, paddocksNear: string | undefined, placeNear: PlaceNamer): string {
  const where = paddocksNear ? ` near ${paddocksNear}` : '';
  return (
    `The farm pin (${describePin(pin, placeNear)}) is ${Math.round(distance)} km from the nearest paddock drawn on the map${where}; ` +
    `they must be within ${MAX_PIN_DISTANCE_FROM_PADDOCKS_KM} km of each other. Put the pin where the farm is, or draw the paddocks where they are, then recalculate.`
  );
}

/**
 * The sentence refusing a pin more than MAX_PIN_DISTANCE_FROM_PADDOCKS_KM from the nearest drawn
 * paddock, or null when it is near one (or none is drawn). The farm map says it as soon as it is so.
 */
export function pinFarFromPaddocksProblem(pin: FarmPoint, paddocks: readonly PaddockToPrice[], placeNear: PlaceNamer = () => undefined): string | null {
  let nearest: { outline: PaddockGeometry; distance: number } | undefined;
  for (const { outline } of paddocks) {
    if (!outline) continue;
    const distance = distanceToOutlineKm(pin, outline);
    if (!nearest || distance < nearest.distance) nearest = { outline, distance };
  }
  if (!nearest || nearest.distance <= MAX_PIN_DISTANCE_FROM_PADDOCKS_KM) return null;
  return pinFarFromPaddocksMessage(pin, nearest.distance, placeNear(middleOf(nearest.outline)), placeNear);
}

/**
 * What an imported file's preview says of shapes far from the farm pin, before they become paddocks,
 * or null when every shape is near it (or there is no pin): the same distance pricing refuses.
 */
export function boundariesFarFromPinMessage(pin: FarmPoint | null | undefined, outlines: readonly PaddockGeometry[], placeNear: PlaceNamer = () => undefined): string | null {
  if (!pin) return null;
  const far = outlines.map((outline) => distanceToOutlineKm(pin, outline)).filter((distance) => distance > MAX_PIN_DISTANCE_FROM_PADDOCKS_KM);
  if (far.length === 0) return null;
  const nearest = Math.round(Math.min(...far));
  const which = far.length === outlines.length ? (far.length === 1 ? 'This area is' : `All ${far.length} areas are`) : `${far.length} of these ${outlines.length} areas ${far.length === 1 ? 'is' : 'are'}`;
  return (
    `${which} more than ${MAX_PIN_DISTANCE_FROM_PADDOCKS_KM} km from your farm pin (${describePin(pin, placeNear)})${far.length > 1 ? `, the nearest of them ${nearest} km away` : `: ${nearest} km away`}. ` +
    'Check that the file is of this farm: a quote is priced only with its paddocks near the pin.'
  );
}

export function paddockOutsideZonesMessage(name: string | undefined, near: string | undefined): string {
  const which = name?.trim() ? `The paddock '${name.trim()}'` : 'A paddock';
  return `${which}${near ? ` near ${near}` : ''} lies outside the grain belt zones we protect. Check its outline on the farm map; if it is right, request a callback and we will work out its risk zone with you.`;
}

/**
 * The zone of the farm and of each paddock, in the paddocks' order. With a farm location the
 * declared zone must be the farm's (risk-zone.ts) and the pin must lie within
 * MAX_PIN_DISTANCE_FROM_PADDOCKS_KM of the nearest outline. Without one (a bare pricing body, never a
 * quote) the declared zone stands for the paddocks entered by area; outlines still decide their own.
 */
export function decidePaddockZones<Z extends ZoneWithOutline>(zones: readonly Z[], question: ZoneQuestion, placeNear: PlaceNamer = () => undefined): ZoneDecision {
  const declared = question.declaredZone?.trim() ?? '';
  let farmZoneCode = declared;
  const pin = question.farmLocation;
  if (!pin && question.farmLocationRequired) return { ok: false, reason: 'farm_location_required', message: FARM_LOCATION_REQUIRED_MESSAGE };
  if (pin) {
    const farm = farmZone(zones, pin, declared);
    if (!farm.ok) return farm;
    farmZoneCode = farm.zone.code;
    const far = pinFarFromPaddocksProblem(pin, question.paddocks, placeNear);
    if (far) return { ok: false, reason: 'pin_far_from_paddocks', message: far };
  }
  const paddockZones: string[] = [];
  for (const paddock of question.paddocks) {
    if (!paddock.outline) {
      paddockZones.push(farmZoneCode);
      continue;
    }
    const zone = outlineZone(zones, paddock.outline);
    if (!zone) return { ok: false, reason: 'paddock_outside_zones', message: paddockOutsideZonesMessage(paddock.name, placeNear(middleOf(paddock.outline))) };
    paddockZones.push(zone.code);
  }
  return { ok: true, farmZone: farmZoneCode, paddockZones };
}
