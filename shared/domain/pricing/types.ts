import type { CoverageType } from '../../constants';
import type { CoveragePreferences, CropAllocation } from '../../contracts/pricing';

/**
 * What the engine needs besides the request and the model, passed in so the engine stays pure.
 * The server fills it from the clock (in Australia/Perth), the member record and the referrer table.
 */
export interface PricingContext {
  /** The quote date as a calendar date in Western Australia, 'YYYY-MM-DD'. */
  quoteDate: string;
  /** Seasons the member has already been covered by the mutual (0 for a new member). */
  priorMemberSeasons: number;
  /** True when the request's referrerCode belongs to an active referrer. */
  referrerCodeIsValid: boolean;
}

/**
 * An allocation as the engine prices it: with the zone the server decided for its paddock
 * (shared/domain/geo/paddock-zones.ts); without one, the request's zone. Never read from a request body.
 */
export type PricedAllocationInput = CropAllocation & { zone?: string | undefined };

/**
 * The request as the engine accepts it: the parsed POST body, or one the client assembles. Fields
 * may be missing so that the docs/behaviour.md §5 preconditions are checked here too, with the docs/behaviour.md §8 texts.
 */
export interface PricingEngineRequest {
  coverageType?: CoverageType | null | undefined;
  cropAllocations?: readonly PricedAllocationInput[] | null | undefined;
  zone?: string | null | undefined;
  referrerCode?: string | null | undefined;
  coveragePreferences?: Partial<CoveragePreferences> | null | undefined;
}

export const PRICING_ERROR_CODES = [
  'COVERAGE_TYPE_REQUIRED',
  'NO_VALID_ALLOCATIONS',
  'ZONE_REQUIRED',
  'UNKNOWN_ZONE',
  'UNKNOWN_CROP',
  'HURDLE_NOT_OFFERED',
  'INVALID_ALLOCATION',
  'INVALID_CONTEXT',
  // Where the paddocks are (shared/domain/geo/paddock-zones.ts).
  'FARM_LOCATION_REQUIRED',
  'OUTSIDE_ZONES',
  'ZONE_MISMATCH',
  'PIN_FAR_FROM_PADDOCKS',
  'PADDOCK_OUTSIDE_ZONES',
] as const;
export type PricingErrorCode = (typeof PRICING_ERROR_CODES)[number];

/** The one error the pricing domain throws; the server maps it to a 400 with { error: code, message }. */
export class PricingError extends Error {
  readonly code: PricingErrorCode;

  constructor(code: PricingErrorCode, message: string) {
    super(message);
    this.name = 'PricingError';
    this.code = code;
  }
}

export function isPricingError(error: unknown): error is PricingError {
  return error instanceof PricingError;
}

const PADDOCK_PLACE_CODES: ReadonlySet<PricingErrorCode> = new Set(['FARM_LOCATION_REQUIRED', 'OUTSIDE_ZONES', 'ZONE_MISMATCH', 'PIN_FAR_FROM_PADDOCKS', 'PADDOCK_OUTSIDE_ZONES']);

/** True for a refusal about where the farm and paddocks are, which no choice of cover changes. */
export function isPaddockPlaceError(error: PricingError): boolean {
  return PADDOCK_PLACE_CODES.has(error.code);
}
