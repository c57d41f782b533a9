import type { PricingCalculateRequest } from '@shared/contracts/pricing';
import { COVERAGE_TYPE_REQUIRED_MESSAGE, NO_VALID_CROP_SECTIONS_MESSAGE, pricingCalculateRequestSchema, RISK_ZONE_REQUIRED_MESSAGE } from '@shared/contracts/pricing';
import { isPricingError, type PricingErrorCode } from '@shared/domain/pricing/types';
import { AppError } from '../../lib/app-error';
import { storableInput, validationErrorOf } from '../../lib/validate';

/** The docs/behaviour.md §8 precondition texts, answered word for word (no field path in front). */
const PRECONDITIONS: ReadonlyArray<[string, PricingErrorCode]> = [
  [COVERAGE_TYPE_REQUIRED_MESSAGE, 'COVERAGE_TYPE_REQUIRED'],
  [NO_VALID_CROP_SECTIONS_MESSAGE, 'NO_VALID_ALLOCATIONS'],
  [RISK_ZONE_REQUIRED_MESSAGE, 'ZONE_REQUIRED'],
];

/**
 * Parses the docs/behaviour.md §7 body. A failed precondition answers 400 with its docs/behaviour.md §8 text as `message`
 * and the engine's code as `error`; any other problem (a NUL character among them) is the usual 400 with every issue listed.
 */
export function parsePricingRequest(body: unknown): PricingCalculateRequest {
  const result = pricingCalculateRequestSchema.safeParse(storableInput(body ?? {}));
  if (result.success) return result.data;
  for (const [message, code] of PRECONDITIONS) {
    if (result.error.issues.some((issue) => issue.message === message)) throw new AppError(400, code, message);
  }
  throw validationErrorOf(result.error);
}

/** PricingError → 400 with the engine's code and its exact message; anything else is passed on. */
export function pricingErrorToAppError(error: unknown): unknown {
  return isPricingError(error) ? new AppError(400, error.code, error.message) : error;
}
