import type { CoverageType } from '../../constants';
import type { Estimate, PricingCalculateResponse, PricingModel } from '../../contracts/pricing';
import type { QuoteStateInput } from '../../contracts/quote';
import { perthCalendarDate } from '../../format';
import { buildEstimate } from '../estimates';
import { yieldPriceModeOf } from '../quote/validation';
import type { AllocationExtraction, PreparedPricingRequest, QuotePricingInput } from './allocations';
import { preparePricingRequest } from './allocations';
import type { PlaceNamer } from '../geo/paddock-zones';
import type { ZoneWithOutline } from '../geo/risk-zone';
import { calculatePremium } from './engine';
import { zonePricingRequest } from './paddock-zone-pricing';
import type { PricingContext } from './types';

/**
 * Pricing a whole quote (docs/behaviour.md §3 quote state): which sections become allocations, the engine's
 * figures and the docs/behaviour.md §3 estimate. The server uses it to re-price a saved estimate or a submitted
 * quote, so the figures stored are always its own.
 */

/** The quote state as the allocation rules read it: each section's figures from the one source its mode names. */
export function quotePricingInput(quote: QuoteStateInput): QuotePricingInput {
  const mode = yieldPriceModeOf(quote);
  return {
    paddockSections: (quote.farmData?.paddockSections ?? []).map((section) => ({
      id: section.id,
      name: section.name ?? null,
      area: section.area ?? null,
      userDefinedArea: section.userDefinedArea ?? null,
      crop: section.crop ?? null,
      expectedYield: section.expectedYield ?? null,
      pricePerTonne: section.pricePerTonne ?? null,
      hurdlePercentage: section.hurdlePercentage ?? null,
      isExcluded: section.isExcluded ?? null,
      groupId: section.groupId ?? null,
      isGroup: section.isGroup ?? null,
      geometry: section.geometry,
    })),
    cropDetails: mode === 'crop' ? (quote.cropDetails?.byCrop ?? {}) : {},
    groupDetails: quote.cropDetails?.groupDetails ?? {},
    yieldPriceMode: mode,
    zone: quote.farmData?.zone ?? null,
    farmLocation: quote.farmData?.farmLocation ?? null,
    referrerCode: quote.personalDetails?.referrerCode ?? null,
    // docs/behaviour.md §9: the web quote sends every coverage preference as false.
    coveragePreferences: null,
  };
}

export interface PricedQuote {
  coverageType: CoverageType;
  /** The request priced: the POST /api/pricing/calculate body the quote amounts to, each allocation in its paddock's zone. */
  request: PreparedPricingRequest['request'];
  pricing: PricingCalculateResponse;
  estimate: Estimate;
  extraction: AllocationExtraction;
}

/**
 * Prices the quote for one coverage type, each paddock in the zone it lies in (paddock-zone-pricing.ts);
 * precondition failures throw PricingError (docs/behaviour.md §8 texts, or a sentence naming the places).
 */
export function priceQuote(
  quote: QuoteStateInput,
  coverageType: CoverageType | null | undefined,
  model: PricingModel,
  context: PricingContext,
  zones: readonly ZoneWithOutline[],
  placeNear?: PlaceNamer,
): PricedQuote {
  const prepared = preparePricingRequest(quotePricingInput(quote), coverageType);
  const { extraction } = prepared;
  const request = zonePricingRequest(prepared.request, zones, { placeNear, farmLocationRequired: true });
  const pricing = calculatePremium(request, model, context);
  const estimate = buildEstimate({
    coverageType: request.coverageType,
    pricing,
    zoneCode: request.zone,
    coveredArea: extraction.coveredArea,
    coveredSectionsCount: extraction.coveredSectionsCount,
    totalSectionsProvided: extraction.totalSectionsProvided,
  });
  return { coverageType: request.coverageType, request, pricing, estimate, extraction };
}

// ---------------------------------------------------------------------------------------------

export interface CropMinimumHurdle {
  cropType: string;
  minimumHurdlePercentage: number;
}

/**
 * docs/behaviour.md §5 hurdle table: a crop is never protected below its minimum hurdle. Returns one sentence per
 * allocation below its crop's minimum (empty when all are fine). Crops are matched case-insensitively.
 */
export function hurdlesBelowMinimum(allocations: ReadonlyArray<{ type: string; hurdlePercentage: number }>, minimums: readonly CropMinimumHurdle[]): string[] {
  const byCrop = new Map(minimums.map((entry) => [entry.cropType.trim().toLowerCase(), entry.minimumHurdlePercentage]));
  const problems: string[] = [];
  for (const allocation of allocations) {
    const minimum = byCrop.get(allocation.type.trim().toLowerCase());
    if (minimum !== undefined && allocation.hurdlePercentage < minimum) {
      problems.push(`${allocation.type} needs a hurdle of at least ${minimum}% (it has ${allocation.hurdlePercentage}%); choose ${minimum}% or more.`);
    }
  }
  return [...new Set(problems)];
}

/** Hurdle options offered for a crop: the active options at or above the crop's minimum. */
export function hurdleOptionsForCrop<T extends { percentage: number }>(options: readonly T[], minimumHurdlePercentage: number | undefined): T[] {
  const minimum = minimumHurdlePercentage ?? 0;
  return options.filter((option) => option.percentage >= minimum).sort((a, b) => a.percentage - b.percentage);
}

// ---------------------------------------------------------------------------------------------

/** The calendar date in Western Australia of an instant, 'YYYY-MM-DD' (the engine's quote date). */
export function waCalendarDate(instant: Date): string {
  return perthCalendarDate(instant);
}
