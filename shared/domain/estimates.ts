import type { CoverageType } from '../constants';
import { COVERAGE_TYPE_DESCRIPTIONS, DISPLAYED_PREMIUM_LOADING, MEMBERSHIP_FEE, POTENTIAL_SAVINGS_HURDLE_PERCENTAGE, TOTAL_PAYABLE_FIXED_CHARGE } from '../constants';
import type { CropAllocation, Estimate, HurdleComparison, PricingCalculateResponse } from '../contracts/pricing';
import { formatMoney, formatMoneyInSentence, formatWholeDollars } from '../format';
import { fromCents, toCents } from './pricing/money';
import { isPricingError, PRICING_ERROR_CODES, type PricingErrorCode } from './pricing/types';
import { type LossExample, lossExamples } from './risk/exposure';

/**
 * What the member is shown, built from the API premium (docs/behaviour.md §9): displayed premium, total payable,
 * the estimate record of docs/behaviour.md §3, the hurdle comparison, coverage selection and combining results.
 * All sums are done in whole cents so the parts on screen add up to the totals on screen.
 */

// docs/behaviour.md §8 texts (exact).
export const FAILED_TO_CALCULATE_ESTIMATE_MESSAGE = 'Failed to calculate estimate';
export const FAILED_TO_CALCULATE_ALL_ESTIMATES_MESSAGE = 'Failed to calculate all estimates';
export const ALL_ESTIMATE_CALCULATIONS_FAILED_MESSAGE = 'All estimate calculations failed';
export const API_ERROR_PREFIX = 'API Error: ';

export interface DisplayAmounts {
  /** The premium the pricing API returned. */
  apiPremium: number;
  /** 10% of the API premium (added twice: once to the displayed premium, once more to the total payable). */
  loading: number;
  /** API premium + 10% of it. */
  displayedPremium: number;
  membershipFee: number;
  fixedCharge: number;
  /** Displayed premium + membership fee + a further 10% of the API premium + the fixed charge. */
  totalPayable: number;
}

export function displayAmounts(apiPremium: number): DisplayAmounts {
  if (!Number.isFinite(apiPremium) || apiPremium < 0) {
    throw new RangeError(`The API premium must be a number of dollars, 0 or more (got ${apiPremium})`);
  }
  const premiumCents = toCents(apiPremium);
  const loadingCents = toCents(fromCents(premiumCents) * DISPLAYED_PREMIUM_LOADING);
  const displayedCents = premiumCents + loadingCents;
  const feeCents = toCents(MEMBERSHIP_FEE);
  const fixedCents = toCents(TOTAL_PAYABLE_FIXED_CHARGE);
  return {
    apiPremium: fromCents(premiumCents),
    loading: fromCents(loadingCents),
    displayedPremium: fromCents(displayedCents),
    membershipFee: MEMBERSHIP_FEE,
    fixedCharge: TOTAL_PAYABLE_FIXED_CHARGE,
    totalPayable: fromCents(displayedCents + feeCents + loadingCents + fixedCents),
  };
}

/**
 * The one breakdown of what a member pays, in the mutual's words (it is not insurance: no premium,
 * no insured value), shown the same on the estimate, the quote PDF, the protection summary and the
 * confirmation e-mail, and matching the invoices line for line: the contribution invoice bills the
 * contribution with its GST, the membership invoice the fee with its GST (shared/domain/billing/
 * invoice.ts). docs/behaviour.md §9's amounts exactly: the further 10% of the API premium is the contribution's
 * GST and the fixed 50 is the fee's (docs/pricing.md, "What a member pays"). GST is charged on the
 * calculated contribution and the fee, not on the mutual's loading: the part GST applies to and the
 * GST-free loading are lines of their own, and each GST line names the amount it is 10% of, so no
 * line reads as GST of 9.09% on the contribution.
 */
export const MONEY_LINE_LABELS = {
  calculated: 'Contribution (GST applies)',
  loading: 'Mutual loading, 10% (GST-free)',
  /** SPEC's displayed premium: the contribution with the loading, before GST. */
  contribution: 'Contribution (ex GST)',
  contributionGst: 'GST on the contribution',
  membershipFee: 'Membership fee (GST applies)',
  membershipGst: 'GST on the membership fee',
  total: 'Total payable (incl. GST)',
} as const;

/** What docs/behaviour.md §3 calls insuredValue, in the mutual's words: the value of the crops under protection. */
export const CROP_VALUE_LABEL = 'Crop value protected';

export interface MoneyLine {
  key: keyof typeof MONEY_LINE_LABELS;
  label: string;
  amount: number;
  /** A subtotal or the total, drawn as such. */
  total?: boolean;
}

export function moneyBreakdown(apiPremium: number): MoneyLine[] {
  const amounts = displayAmounts(apiPremium);
  const line = (key: MoneyLine['key'], amount: number, total = false, label: string = MONEY_LINE_LABELS[key]): MoneyLine => ({ key, label, amount, ...(total ? { total } : {}) });
  /** A GST line says what it is 10% of: 'GST on the contribution, 10% of $5,857.32'. */
  const gstOf = (key: 'contributionGst' | 'membershipGst', base: number, gst: number) => line(key, gst, false, `${MONEY_LINE_LABELS[key]}, 10% of ${formatMoney(base)}`);
  return [
    line('calculated', amounts.apiPremium),
    line('loading', amounts.loading),
    line('contribution', amounts.displayedPremium, true),
    gstOf('contributionGst', amounts.apiPremium, amounts.loading),
    line('membershipFee', amounts.membershipFee),
    gstOf('membershipGst', amounts.membershipFee, amounts.fixedCharge),
    line('total', amounts.totalPayable, true),
  ];
}

export function displayedPremium(apiPremium: number): number {
  return displayAmounts(apiPremium).displayedPremium;
}

export function totalPayable(apiPremium: number): number {
  return displayAmounts(apiPremium).totalPayable;
}

/** The premium figure the hurdle comparison works with: API premium + 10% + the membership fee. */
export function comparisonPremium(apiPremium: number): number {
  const amounts = displayAmounts(apiPremium);
  return fromCents(toCents(amounts.displayedPremium) + toCents(MEMBERSHIP_FEE));
}

// ---------------------------------------------------------------------------------------------

export type EstimatePricing = Pick<PricingCalculateResponse, 'premium' | 'insuredValue' | 'totalDiscountAmount' | 'appliedDynamicDiscounts' | 'canolaCapInfo' | 'canolaValidationIssues'>;

export interface EstimateInput {
  coverageType: CoverageType;
  pricing: EstimatePricing;
  /** The pricing zone's code (farmData.zone), e.g. 'CWB'; the estimate carries it as `riskZone`. */
  zoneCode: string;
  coveredArea: number;
  coveredSectionsCount: number;
  totalSectionsProvided: number;
}

/** The docs/behaviour.md §3 estimate for one coverage type. premium is the displayed premium; premiumBreakdown.basePremium the API premium. */
export function buildEstimate(input: EstimateInput): Estimate {
  const amounts = displayAmounts(input.pricing.premium);
  return {
    premium: amounts.displayedPremium,
    membershipFee: amounts.membershipFee,
    totalPayable: amounts.totalPayable,
    insuredValue: input.pricing.insuredValue,
    coveredArea: input.coveredArea,
    riskZone: input.zoneCode,
    coveredSectionsCount: input.coveredSectionsCount,
    totalSectionsProvided: input.totalSectionsProvided,
    premiumBreakdown: { basePremium: amounts.apiPremium, membershipFee: amounts.membershipFee },
    coverageDetails: { coverageType: input.coverageType, coverageTypeDescription: COVERAGE_TYPE_DESCRIPTIONS[input.coverageType] },
    totalDiscountAmount: input.pricing.totalDiscountAmount,
    appliedDynamicDiscounts: input.pricing.appliedDynamicDiscounts,
    canolaCapInfo: input.pricing.canolaCapInfo,
    canolaValidationIssues: input.pricing.canolaValidationIssues,
  };
}

// ---------------------------------------------------------------------------------------------
// Hurdle comparison (docs/behaviour.md §3 hurdleComparison, §9).

export interface HurdleScenarios {
  hasHurdleSet: boolean;
  /** The same allocations at a 0% hurdle. */
  noHurdle: CropAllocation[];
  /** The same allocations at a 20% hurdle, only when no allocation has a hurdle set; otherwise null. */
  maxHurdle: CropAllocation[] | null;
}

export function hurdleComparisonScenarios(allocations: readonly CropAllocation[]): HurdleScenarios {
  const hasHurdleSet = allocations.some((allocation) => allocation.hurdlePercentage > 0);
  return {
    hasHurdleSet,
    noHurdle: allocations.map((allocation) => ({ ...allocation, hurdlePercentage: 0 })),
    maxHurdle: hasHurdleSet ? null : allocations.map((allocation) => ({ ...allocation, hurdlePercentage: POTENTIAL_SAVINGS_HURDLE_PERCENTAGE })),
  };
}

export interface HurdleComparisonInput {
  /** API premium of the allocations as entered. */
  actualApiPremium: number;
  /** API premium with every allocation at a 0% hurdle. */
  noHurdleApiPremium: number;
  /** API premium with every allocation at 20%; required when no hurdle is set, ignored otherwise. */
  maxHurdleApiPremium: number | null;
  hasHurdleSet: boolean;
}

/**
 * Every premium here is API premium + 10% + membership fee. With some hurdle set, savings = the
 * no-hurdle premium − the actual premium. With none set, the 20% scenario shows what a hurdle
 * could save (potentialSavings).
 */
export function buildHurdleComparison(input: HurdleComparisonInput): HurdleComparison {
  const actualPremium = comparisonPremium(input.actualApiPremium);
  const noHurdlePremium = comparisonPremium(input.noHurdleApiPremium);
  if (input.hasHurdleSet) {
    return { actualPremium, noHurdlePremium, maxHurdlePremium: null, savings: centsDifference(noHurdlePremium, actualPremium), potentialSavings: 0 };
  }
  if (input.maxHurdleApiPremium === null) {
    throw new RangeError(`The ${POTENTIAL_SAVINGS_HURDLE_PERCENTAGE}% hurdle premium is needed when no allocation has a hurdle set`);
  }
  const maxHurdlePremium = comparisonPremium(input.maxHurdleApiPremium);
  return { actualPremium, noHurdlePremium, maxHurdlePremium, savings: 0, potentialSavings: centsDifference(actualPremium, maxHurdlePremium) };
}

function centsDifference(a: number, b: number): number {
  return fromCents(toCents(a) - toCents(b));
}

// ---------------------------------------------------------------------------------------------
// Coverage selection (docs/behaviour.md §4) and combining the three estimates (docs/behaviour.md §8).

export type EstimatesByCoverage = Partial<Record<CoverageType, Estimate | null | undefined>>;

/** If none is selected once all estimates are calculated and a 'both' estimate exists, 'both' is selected. */
export function resolveSelectedCoverageType(selected: CoverageType | null | undefined, estimates: EstimatesByCoverage, allCalculated: boolean): CoverageType | null {
  if (selected) return selected;
  if (allCalculated && estimates.both) return 'both';
  return null;
}

export type EstimateOutcome = { coverageType: CoverageType; ok: true; estimate: Estimate } | { coverageType: CoverageType; ok: false; error: unknown };

export interface EstimateFailure {
  coverageType: CoverageType;
  message: string;
  /** The pricing rule the quote broke, checked here before asking or by the server, when it was one. */
  code?: PricingErrorCode;
}

export type CombinedEstimates =
  | { ok: true; estimates: Partial<Record<CoverageType, Estimate>>; failures: EstimateFailure[]; selectedCoverageType: CoverageType | null }
  | { ok: false; message: typeof ALL_ESTIMATE_CALCULATIONS_FAILED_MESSAGE; failures: EstimateFailure[] };

/** Partial results are accepted; only when every calculation failed is the whole step an error. */
export function combineEstimateResults(outcomes: readonly EstimateOutcome[], selected: CoverageType | null | undefined = null): CombinedEstimates {
  const estimates: Partial<Record<CoverageType, Estimate>> = {};
  const failures: EstimateFailure[] = [];
  for (const outcome of outcomes) {
    if (outcome.ok) estimates[outcome.coverageType] = outcome.estimate;
    else failures.push({ coverageType: outcome.coverageType, message: estimateErrorMessage(outcome.error), ...pricingRuleBroken(outcome.error) });
  }
  if (outcomes.length === 0 || Object.keys(estimates).length === 0) {
    return { ok: false, message: ALL_ESTIMATE_CALCULATIONS_FAILED_MESSAGE, failures };
  }
  return { ok: true, estimates, failures, selectedCoverageType: resolveSelectedCoverageType(selected, estimates, true) };
}

/** The rule of a pricing refusal: the domain's own error, or the server's answer carrying its code. */
function pricingRuleBroken(error: unknown): { code?: PricingErrorCode } {
  if (isPricingError(error)) return { code: error.code };
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return (PRICING_ERROR_CODES as readonly unknown[]).includes(code) ? { code: code as PricingErrorCode } : {};
}

/** The wizard steps where a refused estimate is put right: where the farm and its paddocks are, or what grows on them. */
export type EstimateFixStep = 'farm-mapping' | 'protection-calculator';

const FIXED_AT: Partial<Record<PricingErrorCode, EstimateFixStep>> = {
  ZONE_REQUIRED: 'farm-mapping',
  UNKNOWN_ZONE: 'farm-mapping',
  FARM_LOCATION_REQUIRED: 'farm-mapping',
  OUTSIDE_ZONES: 'farm-mapping',
  ZONE_MISMATCH: 'farm-mapping',
  PIN_FAR_FROM_PADDOCKS: 'farm-mapping',
  PADDOCK_OUTSIDE_ZONES: 'farm-mapping',
  NO_VALID_ALLOCATIONS: 'protection-calculator',
  UNKNOWN_CROP: 'protection-calculator',
  HURDLE_NOT_OFFERED: 'protection-calculator',
  INVALID_ALLOCATION: 'protection-calculator',
};

export interface EstimateFailureView {
  /** Each reason once: the three coverage types usually fail for one reason, named by type only when they differ. */
  reasons: string[];
  /** The earlier step that puts every failure right when asking again cannot (a risk zone missing); null when trying again may help. */
  fixAt: EstimateFixStep | null;
}

/** What the grower reads when estimates failed, and where they go next (docs/pricing.md 'When an estimate fails'). */
export function estimateFailureView(failures: readonly EstimateFailure[]): EstimateFailureView {
  const messages = [...new Set(failures.map((failure) => failure.message))];
  const reasons = messages.length === 1 ? messages : failures.map((failure) => `${COVERAGE_TYPE_DESCRIPTIONS[failure.coverageType]}: ${failure.message}`);
  const steps = failures.map((failure) => (failure.code === undefined ? undefined : FIXED_AT[failure.code]));
  if (steps.length === 0 || steps.includes(undefined)) return { reasons, fixAt: null };
  return { reasons, fixAt: steps.includes('farm-mapping') ? 'farm-mapping' : 'protection-calculator' };
}

/**
 * The text for one failed estimate: a precondition's own docs/behaviour.md §8 text; otherwise 'API Error: '
 * plus the server's message, its error, or the transport message; else 'Failed to calculate estimate'.
 */
export function estimateErrorMessage(error: unknown): string {
  if (isPricingError(error)) return error.message;
  if (typeof error === 'object' && error !== null) {
    const record = error as { message?: unknown; error?: unknown };
    for (const candidate of [record.message, record.error]) {
      if (typeof candidate === 'string' && candidate.trim() !== '') return `${API_ERROR_PREFIX}${candidate.trim()}`;
    }
  }
  if (typeof error === 'string' && error.trim() !== '') return `${API_ERROR_PREFIX}${error.trim()}`;
  return FAILED_TO_CALCULATE_ESTIMATE_MESSAGE;
}

// ---------------------------------------------------------------------------------------------
// A loss before you buy (docs/pricing.md): the same words and figures on the estimate step and in the PDF quote.

export const LOSS_EXAMPLE_HEADING = 'If hail or fire took part of your crop';
export const LOSS_EXAMPLE_COLUMNS = ['Crop lost on every paddock', 'Loss', 'Your hurdles carry', 'Put before the board'] as const;
export const LOSS_EXAMPLE_NOTE =
  'An example, not a promise: the mutual is discretionary, and the board considers each claim on what was lost, after the hurdle of each paddock. Nothing is put before the board for a paddock whose loss is within its hurdle.';

/** What the example is set beside: what the protection costs, on how much crop. */
export function lossExampleIntro(estimate: Pick<Estimate, 'totalPayable' | 'insuredValue'>): string {
  return `For ${formatMoney(estimate.totalPayable)} a season, on ${formatMoneyInSentence(Math.round(estimate.insuredValue))} of crop:`;
}

/** The example's rows as they read, in whole dollars: each a share lost and what it would put before the board, from lossExamples (shared/domain/risk/exposure.ts). */
export function lossExampleRows(examples: readonly LossExample[]): string[][] {
  return examples.map((example) => [`${example.lossPercent}%`, formatWholeDollars(example.lossCents), formatWholeDollars(example.hurdleCents), `about ${formatWholeDollars(example.consideredCents)}`]);
}

/** The paddocks of a priced quote as the loss example reads them: the value each protects (after any cap) and its hurdle. */
export function lossExamplesOf(pricing: Pick<PricingCalculateResponse, 'breakdown'>): LossExample[] {
  return lossExamples(pricing.breakdown.map((item) => ({ valueProtected: item.insuredValue, hurdlePercentage: item.hurdlePercentage })));
}
