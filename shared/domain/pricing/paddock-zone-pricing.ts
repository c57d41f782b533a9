import type { PaddockGeometry } from '../../paddock-geometry';
import { decidePaddockZones, type PlaceNamer } from '../geo/paddock-zones';
import type { FarmPoint, ZoneWithOutline } from '../geo/risk-zone';
import { PricingError, type PricedAllocationInput, type PricingErrorCode } from './types';

/** A pricing request as it arrives: allocations may carry their paddock's name and outline, and the farm location may be sent. */
export interface ZoneableRequest {
  zone?: string | null | undefined;
  farmLocation?: FarmPoint | null | undefined;
  cropAllocations?: ReadonlyArray<PricedAllocationInput & { paddock?: string | undefined; outline?: PaddockGeometry | undefined }> | null | undefined;
}

/**
 * The request with every allocation in the zone of its paddock (shared/domain/geo/paddock-zones.ts)
 * and the request's zone the farm's; outlines are dropped once they have decided. The pricing route,
 * saved estimates and submission all price through this, so the price shown is the price charged.
 * Throws PricingError (400) with a sentence naming the places when the paddocks and the pin disagree.
 */
export function zonePricingRequest<R extends ZoneableRequest>(
  request: R,
  zones: readonly ZoneWithOutline[],
  options: { placeNear?: PlaceNamer | undefined; farmLocationRequired?: boolean } = {},
): R & { cropAllocations: PricedAllocationInput[] } {
  const allocations = request.cropAllocations ?? [];
  const paddocks = allocations.map(({ paddock, outline }) => ({ name: paddock, outline }));
  const decision = decidePaddockZones(zones, { farmLocation: request.farmLocation, declaredZone: request.zone, paddocks, farmLocationRequired: options.farmLocationRequired === true }, options.placeNear);
  if (!decision.ok) throw new PricingError(decision.reason.toUpperCase() as PricingErrorCode, decision.message);
  const zoned = allocations.map(({ outline: _outline, ...allocation }, index) => {
    const zone = decision.paddockZones[index];
    return zone ? { ...allocation, zone } : allocation;
  });
  return { ...request, ...(decision.farmZone ? { zone: decision.farmZone } : {}), cropAllocations: zoned };
}
