/**
 * The farm's risk zone from its location: `GET /api/agriculture-zones/lookup?lat=&lng=` answers the
 * zone containing the point (404 with a message when the point is outside every zone), and
 * `GET /api/agriculture-zones` lists them (SPEC §7). Only the fields the map shows are required,
 * so the rest of the server's answer (rates, boundary) passes through unchecked.
 */
import { z } from 'zod';
import { apiRequest } from '../../lib/api-client';

export const mapZoneSchema = z.looseObject({
  code: z.string().min(1),
  name: z.string(),
  riskLevel: z.string().optional(),
});
export type MapZone = z.infer<typeof mapZoneSchema>;

export function lookupAgricultureZone(lat: number, lng: number): Promise<MapZone> {
  const query = new URLSearchParams({ lat: lat.toFixed(6), lng: lng.toFixed(6) });
  return apiRequest('GET', `/api/agriculture-zones/lookup?${query.toString()}`, { schema: mapZoneSchema });
}
