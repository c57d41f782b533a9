import { farmZone, type FarmPoint } from '@shared/domain/geo/risk-zone';
import { AppError } from '../../lib/app-error';
import type { ZoneArea } from './pricing-model.repository';

/**
 * The zone a quote is priced in, decided on the server from the farm location (shared/domain/geo/risk-zone.ts):
 * 400 with both zones named when the declared zone is another one, or when the farm has no location
 * or lies outside every zone.
 */
export function requireFarmZone(zones: readonly ZoneArea[], location: FarmPoint | null | undefined, declaredCode: string): ZoneArea {
  const result = farmZone(zones, location, declaredCode);
  if (!result.ok) throw new AppError(400, result.reason, result.message);
  return result.zone;
}
