import type { HurdleComparison, PricingModel } from '../../contracts/pricing';
import { buildHurdleComparison, hurdleComparisonScenarios } from '../estimates';
import { calculatePremium } from './engine';
import type { PricingContext, PricingEngineRequest } from './types';

/**
 * The hurdle comparison priced with the engine: the request as entered, the same at 0% hurdle and,
 * when no allocation has a hurdle set, the same at 20%. Preconditions fail as in calculatePremium.
 */
export function compareHurdles(request: PricingEngineRequest, model: PricingModel, context: PricingContext): HurdleComparison {
  const actual = calculatePremium(request, model, context);
  const scenarios = hurdleComparisonScenarios(request.cropAllocations ?? []);
  const noHurdle = calculatePremium({ ...request, cropAllocations: scenarios.noHurdle }, model, context);
  const maxHurdle = scenarios.maxHurdle ? calculatePremium({ ...request, cropAllocations: scenarios.maxHurdle }, model, context) : null;
  return buildHurdleComparison({
    actualApiPremium: actual.premium,
    noHurdleApiPremium: noHurdle.premium,
    maxHurdleApiPremium: maxHurdle ? maxHurdle.premium : null,
    hasHurdleSet: scenarios.hasHurdleSet,
  });
}
