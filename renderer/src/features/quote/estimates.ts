/**
 * The estimate step's work (docs/behaviour.md §3 'estimates', 'hurdleComparison', §4 'Coverage selection', §8
 * 'Pricing', §9): price hail, fire and both together through POST /api/pricing/calculate, accept
 * partial results, build the hurdle comparisons (whose failure is only logged), and turn an
 * estimate into the lines the member reads. Every figure comes from ./shared; nothing here
 * re-derives a formula.
 */
import { COVERAGE_TYPE_DESCRIPTIONS, COVERAGE_TYPES, type CoverageType } from '@shared/constants';
import type { Estimate, HurdleComparison, PricingCalculateRequestInput, PricingCalculateResponse } from '@shared/contracts/pricing';
import type { HurdleComparison as QuoteHurdleComparison, QuoteStateInput } from '@shared/contracts/quote';
import {
  ALL_ESTIMATE_CALCULATIONS_FAILED_MESSAGE,
  buildEstimate,
  buildHurdleComparison,
  combineEstimateResults,
  FAILED_TO_CALCULATE_ALL_ESTIMATES_MESSAGE,
  hurdleComparisonScenarios,
  lossExamplesOf,
  moneyBreakdown,
  type MoneyLine,
  type EstimateFailure,
  type EstimateOutcome,
} from '@shared/domain/estimates';
import { preparePricingRequest, type PreparedPricingRequest } from '@shared/domain/pricing/allocations';
import { quotePricingInput } from '@shared/domain/pricing/quote-pricing';
import { yieldPriceModeOf } from '@shared/domain/quote/validation';
import { type CropRate, cropRatesOf } from '@shared/domain/protection/renewal-changes';
import type { LossExample } from '@shared/domain/risk/exposure';
import { formatMoney } from '@shared/format';

export type Calculate = (body: PricingCalculateRequestInput) => Promise<PricingCalculateResponse>;

/** coverage.hurdleComparisons is keyed by coverage type plus yield-price mode (docs/behaviour.md §3), e.g. 'both-crop'. */
export function hurdleComparisonKey(coverageType: CoverageType, yieldPriceMode: string): string {
  return `${coverageType}-${yieldPriceMode}`;
}

export interface EstimateRun {
  /** null when every calculation failed. */
  estimates: Partial<Record<CoverageType, Estimate>> | null;
  selectedCoverageType: CoverageType | null;
  /** docs/behaviour.md §8: 'Failed to calculate all estimates' when some failed, 'All estimate calculations failed' when all did. */
  message: string | null;
  failures: EstimateFailure[];
  /** In the quote's shape (coverage.hurdleComparisons): no maxHurdlePremium when the 20 % scenario is not priced. */
  comparisons: Record<string, QuoteHurdleComparison>;
  /** What a loss of 10, 30 and 60 % would put before the board, per coverage type priced. */
  lossExamples: Partial<Record<CoverageType, LossExample[]>>;
  /** Each crop's rate per coverage type priced, which a renewal sets beside last season's. */
  rates: Partial<Record<CoverageType, CropRate[]>>;
}

function toQuoteComparison({ maxHurdlePremium, ...rest }: HurdleComparison): QuoteHurdleComparison {
  return maxHurdlePremium === null ? rest : { ...rest, maxHurdlePremium };
}

/** Prices one coverage type; the docs/behaviour.md §5 preconditions are checked here first, with the docs/behaviour.md §8 texts. */
async function priceOne(
  quote: QuoteStateInput,
  coverageType: CoverageType,
  calculate: Calculate,
): Promise<{ outcome: EstimateOutcome; prepared: PreparedPricingRequest | null; lossExamples?: LossExample[]; rates?: CropRate[] }> {
  let prepared: PreparedPricingRequest | null = null;
  try {
    prepared = preparePricingRequest(quotePricingInput(quote), coverageType);
    const pricing = await calculate(prepared.request);
    const estimate = buildEstimate({
      coverageType,
      pricing,
      zoneCode: prepared.request.zone,
      coveredArea: prepared.extraction.coveredArea,
      coveredSectionsCount: prepared.extraction.coveredSectionsCount,
      totalSectionsProvided: prepared.extraction.totalSectionsProvided,
    });
    return { outcome: { coverageType, ok: true, estimate }, prepared, lossExamples: lossExamplesOf(pricing), rates: cropRatesOf(pricing) };
  } catch (error) {
    return { outcome: { coverageType, ok: false, error }, prepared };
  }
}

/** The comparison of docs/behaviour.md §9 for one coverage type: the same allocations at 0 % and, when no hurdle is set, at 20 %. */
async function compareOne(prepared: PreparedPricingRequest, actualApiPremium: number, calculate: Calculate): Promise<HurdleComparison> {
  const scenarios = hurdleComparisonScenarios(prepared.request.cropAllocations);
  const [noHurdle, maxHurdle] = await Promise.all([
    calculate({ ...prepared.request, cropAllocations: scenarios.noHurdle }),
    scenarios.maxHurdle === null ? Promise.resolve(null) : calculate({ ...prepared.request, cropAllocations: scenarios.maxHurdle }),
  ]);
  return buildHurdleComparison({
    actualApiPremium,
    noHurdleApiPremium: noHurdle.premium,
    maxHurdleApiPremium: maxHurdle === null ? null : maxHurdle.premium,
    hasHurdleSet: scenarios.hasHurdleSet,
  });
}

/** Fire, hail and both priced together, then the hurdle comparison of each one that was priced. */
export async function calculateEstimates(quote: QuoteStateInput, calculate: Calculate): Promise<EstimateRun> {
  const priced = await Promise.all(COVERAGE_TYPES.map((coverageType) => priceOne(quote, coverageType, calculate)));
  const combined = combineEstimateResults(
    priced.map((item) => item.outcome),
    quote.estimates?.selectedCoverageType ?? null,
  );
  if (!combined.ok) {
    return { estimates: null, selectedCoverageType: null, message: ALL_ESTIMATE_CALCULATIONS_FAILED_MESSAGE, failures: combined.failures, comparisons: {}, lossExamples: {}, rates: {} };
  }

  const mode = yieldPriceModeOf(quote);
  const comparisons: Record<string, QuoteHurdleComparison> = {};
  await Promise.all(
    priced.map(async ({ outcome, prepared }) => {
      if (!outcome.ok || prepared === null) return;
      try {
        comparisons[hurdleComparisonKey(outcome.coverageType, mode)] = toQuoteComparison(await compareOne(prepared, outcome.estimate.premiumBreakdown.basePremium, calculate));
      } catch (error) {
        // docs/behaviour.md §8: a failed hurdle comparison is logged only and does not fail the estimate.
        console.warn(`Hurdle comparison for ${outcome.coverageType} failed`, error);
      }
    }),
  );
  return {
    estimates: combined.estimates,
    selectedCoverageType: combined.selectedCoverageType,
    message: combined.failures.length > 0 ? FAILED_TO_CALCULATE_ALL_ESTIMATES_MESSAGE : null,
    failures: combined.failures,
    comparisons,
    lossExamples: Object.fromEntries(priced.flatMap(({ outcome, lossExamples }) => (lossExamples ? [[outcome.coverageType, lossExamples]] : []))),
    rates: Object.fromEntries(priced.flatMap(({ outcome, rates }) => (rates ? [[outcome.coverageType, rates]] : []))),
  };
}

// ---------------------------------------------------------------------------------------------
// What the member reads.

export interface EstimateView {
  coverageType: CoverageType;
  description: string;
  displayedPremium: number;
  membershipFee: number;
  totalPayable: number;
  insuredValue: number;
  coveredArea: number;
  /** '2 of 3 paddock sections'. */
  sectionsLine: string;
  /** From the API premium to the total payable; the amounts add up line by line. */
  breakdown: MoneyLine[];
  discounts: Array<{ name: string; description: string; amount: number }>;
  totalDiscountAmount: number;
  canolaCap: string | null;
  canolaIssues: string[];
}

/** The docs/behaviour.md §3 estimate as the member reads it (docs/behaviour.md §9 amounts, from the API premium in premiumBreakdown). */
export function estimateView(estimate: Estimate): EstimateView {
  const coverageType = estimate.coverageDetails.coverageType;
  return {
    coverageType,
    description: estimate.coverageDetails.coverageTypeDescription || COVERAGE_TYPE_DESCRIPTIONS[coverageType],
    displayedPremium: estimate.premium,
    membershipFee: estimate.membershipFee,
    totalPayable: estimate.totalPayable,
    insuredValue: estimate.insuredValue,
    coveredArea: estimate.coveredArea,
    sectionsLine: `${estimate.coveredSectionsCount} of ${estimate.totalSectionsProvided} paddock ${estimate.totalSectionsProvided === 1 ? 'section' : 'sections'}`,
    breakdown: moneyBreakdown(estimate.premiumBreakdown.basePremium),
    discounts: estimate.appliedDynamicDiscounts.filter((discount) => discount.amount > 0).map(({ name, description, amount }) => ({ name, description, amount })),
    totalDiscountAmount: estimate.totalDiscountAmount,
    canolaCap: estimate.canolaCapInfo?.message ?? null,
    canolaIssues: estimate.canolaValidationIssues.map((issue) => issue.message),
  };
}

export interface HurdleComparisonView {
  actualPremium: number;
  noHurdlePremium: number;
  /** The 20 % scenario, only when no hurdle is set. */
  maxHurdlePremium: number | null;
  /** One sentence on what the hurdle saves or could save. */
  summary: string;
}

/** docs/behaviour.md §9: savings when some hurdle is set, else the 20 % potential-savings scenario. */
export function hurdleComparisonView(comparison: QuoteHurdleComparison): HurdleComparisonView {
  const maxHurdlePremium = comparison.maxHurdlePremium ?? null;
  const potentialSavings = comparison.potentialSavings ?? 0;
  const summary =
    maxHurdlePremium === null
      ? `Your hurdles save you ${formatMoney(comparison.savings)} compared with no hurdle.`
      : potentialSavings > 0
        ? `You have no hurdle set. A 20% hurdle on every crop would save you ${formatMoney(potentialSavings)}.`
        : 'You have no hurdle set. On a quote this size a 20% hurdle would not lower the price.';
  return { actualPremium: comparison.actualPremium, noHurdlePremium: comparison.noHurdlePremium, maxHurdlePremium, summary };
}
