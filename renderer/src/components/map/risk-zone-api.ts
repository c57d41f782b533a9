/**
 * The farm's risk zone from its location: `GET /api/agriculture-zones/lookup?lat=&lng=` answers the
 * zone containing the point (404 with a message when the point is outside every zone), and
 * `GET /api/agriculture-zones` lists them (docs/behaviour.md §7). Only the fields the map shows are required,
 * so the rest of the server's answer (rates, boundary) passes through unchecked.
 */
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { pricingEndpoints } from '@shared/endpoints/pricing';
import { apiRequest, endpointUrl } from '../../lib/api-client';

export const mapZoneSchema = z.looseObject({
  code: z.string().min(1),
  name: z.string(),
  riskLevel: z.string().optional(),
});
export type MapZone = z.infer<typeof mapZoneSchema>;

/** The zone containing a point, read to the sixth decimal (about 10 cm), the precision the address carries; kept for the session, as zones change once a season. */
export const agricultureZoneQueryOptions = (lat: number, lng: number) => {
  const point = { lat: lat.toFixed(6), lng: lng.toFixed(6) };
  return queryOptions({
    queryKey: ['agriculture-zone', point.lat, point.lng],
    queryFn: () => apiRequest('GET', endpointUrl(pricingEndpoints.zoneAt, { query: point }), { schema: mapZoneSchema }),
    staleTime: Infinity,
  });
};
