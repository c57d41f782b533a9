import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PricingCalculateRequestInput } from '@shared/contracts/pricing';
import { emptyQuoteState, type QuoteState } from '@shared/contracts/quote';
import { COVERAGE_TYPE_REQUIRED_MESSAGE, NO_VALID_CROP_SECTIONS_MESSAGE, pricingCalculateRequestSchema } from '@shared/contracts/pricing';
import { displayAmounts } from '@shared/domain/estimates';
import { DEFAULT_PRICING_MODEL } from '@shared/domain/pricing/default-model';
import { calculatePremium } from '@shared/domain/pricing/engine';
import type { PricingContext } from '@shared/domain/pricing/types';
import { ApiRequestError } from '../../lib/api-client';
import { calculateEstimates, estimateView, hurdleComparisonKey, hurdleComparisonView, type Calculate } from './estimates';

/** docs/pricing.md example 1: hail, Central Wheatbelt, 15 July 2025, new member, no referrer. */
const context: PricingContext = { quoteDate: '2025-07-15', priorMemberSeasons: 0, referrerCodeIsValid: false };

/** The engine the server runs, reached the way the server reaches it: the body parsed with the shared schema first. */
const engine: Calculate = (body: PricingCalculateRequestInput) => Promise.resolve(calculatePremium(pricingCalculateRequestSchema.parse(body), DEFAULT_PRICING_MODEL, context));

function exampleQuote(hurdles = { wheat: 5, canola: 15 }): QuoteState {
  const quote = emptyQuoteState();
  quote.farmData.zone = 'CWB';
  quote.farmData.paddockSections = [
    { id: 's1', name: 'Home', area: 400, variant: 'standard', riskZone: 'low', isExcluded: false, status: 'active', isGroup: false, podguardApplied: false, swathApplied: false, crop: 'wheat' },
    { id: 's2', name: 'Creek', area: 150, variant: 'standard', riskZone: 'low', isExcluded: false, status: 'active', isGroup: false, podguardApplied: false, swathApplied: false, crop: 'canola' },
    { id: 's3', name: 'Bush block', area: 80, variant: 'standard', riskZone: 'low', isExcluded: true, status: 'active', isGroup: false, podguardApplied: false, swathApplied: false, crop: 'oats' },
  ];
  quote.cropDetails.byCrop = {
    wheat: { expectedYield: 2.5, pricePerTonne: 340, hurdlePercentage: hurdles.wheat },
    canola: { expectedYield: 1.4, pricePerTonne: 720, hurdlePercentage: hurdles.canola },
  };
  return quote;
}

let warnings: unknown[][];
beforeEach(() => {
  warnings = [];
  vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => void warnings.push(args));
});
afterEach(() => vi.restoreAllMocks());

describe('calculateEstimates', () => {
  it('prices hail, fire and both, and shows the worked example’s figures', async () => {
    const run = await calculateEstimates(exampleQuote(), engine);
    expect(run.message).toBeNull();
    expect(Object.keys(run.estimates ?? {}).sort()).toEqual(['both', 'fire', 'hail']);
    // docs/behaviour.md §4: nothing selected and a both estimate exists, so both is selected.
    expect(run.selectedCoverageType).toBe('both');
    const hail = run.estimates?.hail;
    expect(hail).toMatchObject({ premium: 6_443.05, membershipFee: 500, totalPayable: 7_578.78, insuredValue: 491_200, coveredArea: 550, coveredSectionsCount: 2, totalSectionsProvided: 3, riskZone: 'CWB' });
    expect(hail?.premiumBreakdown).toEqual({ basePremium: 5_857.32, membershipFee: 500 });
    expect(hail?.coverageDetails).toEqual({ coverageType: 'hail', coverageTypeDescription: 'Hail' });
    expect(run.estimates?.both?.coverageDetails.coverageTypeDescription).toBe('Hail, Fire & Lightning');
    expect(run.estimates?.fire?.coverageDetails.coverageTypeDescription).toBe('Fire & Lightning');
    // The worked example's hurdle comparison: savings $639.54, no 20 % scenario.
    expect(run.comparisons[hurdleComparisonKey('hail', 'crop')]).toEqual({ actualPremium: 6_943.05, noHurdlePremium: 7_582.59, savings: 639.54, potentialSavings: 0 });
    // The loss example of docs/pricing.md, worked there by hand: the same for every cover priced.
    for (const type of ['hail', 'fire', 'both'] as const) {
      expect(run.lossExamples[type]?.map((example) => [example.lossPercent, example.lossCents / 100, example.hurdleCents / 100, example.consideredCents / 100])).toEqual([
        [10, 49_120, 39_680, 17_000],
        [30, 147_360, 39_680, 107_680],
        [60, 294_720, 39_680, 255_040],
      ]);
    }
  });

  it('keeps a selection the member made', async () => {
    const quote = exampleQuote();
    quote.estimates.selectedCoverageType = 'fire';
    expect((await calculateEstimates(quote, engine)).selectedCoverageType).toBe('fire');
  });

  it('prices the 20 % scenario when no hurdle is set', async () => {
    const quote = exampleQuote({ wheat: 0, canola: 0 });
    const run = await calculateEstimates(quote, engine);
    const comparison = run.comparisons['hail-crop'];
    expect(comparison?.maxHurdlePremium).toBeLessThan(comparison?.actualPremium ?? 0);
    expect(comparison?.potentialSavings).toBeCloseTo((comparison?.actualPremium ?? 0) - (comparison?.maxHurdlePremium ?? 0), 2);
    expect(comparison?.savings).toBe(0);
  });

  it('accepts partial results with “Failed to calculate all estimates” and the API Error text', async () => {
    const flaky: Calculate = (body) => (body.coverageType === 'fire' ? Promise.reject(new ApiRequestError(503, 'pricing_model_invalid', 'Pricing is being updated')) : engine(body));
    const run = await calculateEstimates(exampleQuote(), flaky);
    expect(run.message).toBe('Failed to calculate all estimates');
    expect(Object.keys(run.estimates ?? {}).sort()).toEqual(['both', 'hail']);
    expect(run.failures).toEqual([{ coverageType: 'fire', message: 'API Error: Pricing is being updated' }]);
  });

  it('says “All estimate calculations failed” when none is priced, with each reason', async () => {
    const down: Calculate = () => Promise.reject(new ApiRequestError(0, 'network_error', 'Network error. Please check your connection and try again.'));
    const run = await calculateEstimates(exampleQuote(), down);
    expect(run).toMatchObject({ estimates: null, selectedCoverageType: null, message: 'All estimate calculations failed', comparisons: {} });
    expect(run.failures.map((failure) => failure.message)).toEqual(Array(3).fill('API Error: Network error. Please check your connection and try again.'));

    const unpriced = exampleQuote();
    unpriced.cropDetails.byCrop = {};
    const none = await calculateEstimates(unpriced, engine);
    expect(none.message).toBe('All estimate calculations failed');
    expect(none.failures[0]?.message).toBe(NO_VALID_CROP_SECTIONS_MESSAGE);
    expect(COVERAGE_TYPE_REQUIRED_MESSAGE).toBe('Coverage type is required for estimate calculation');
  });

  it('only logs a failed hurdle comparison', async () => {
    let calls = 0;
    // The first three calls are the estimates; every comparison call after them fails.
    const comparisonsDown: Calculate = (body) => (++calls > 3 ? Promise.reject(new Error('timeout')) : engine(body));
    const run = await calculateEstimates(exampleQuote(), comparisonsDown);
    expect(run.message).toBeNull();
    expect(Object.keys(run.estimates ?? {})).toHaveLength(3);
    expect(run.comparisons).toEqual({});
    expect(warnings).toHaveLength(3);
  });
});

describe('estimateView', () => {
  it('lists the breakdown from the API premium to the total payable, adding up to the cent', async () => {
    const run = await calculateEstimates(exampleQuote(), engine);
    const hail = run.estimates?.hail;
    if (!hail) throw new Error('hail not priced');
    const view = estimateView(hail);
    expect(view.description).toBe('Hail');
    expect(view.breakdown.map((line) => [line.label, line.amount])).toEqual([
      ['Contribution (GST applies)', 5_857.32],
      ['Mutual loading, 10% (GST-free)', 585.73],
      ['Contribution (ex GST)', 6_443.05],
      ['GST on the contribution, 10% of $5,857.32', 585.73],
      ['Membership fee (GST applies)', 500],
      ['GST on the membership fee, 10% of $500.00', 50],
      ['Total payable (incl. GST)', 7_578.78],
    ]);
    const cents = (amount: number) => Math.round(amount * 100);
    const [calculated, loading, contribution, contributionGst, fee, feeGst, total] = view.breakdown.map((line) => cents(line.amount));
    expect(calculated! + loading!).toBe(contribution);
    expect(contribution! + contributionGst! + fee! + feeGst!).toBe(total);
    expect(view.displayedPremium).toBe(displayAmounts(5_857.32).displayedPremium);
    expect(view.sectionsLine).toBe('2 of 3 paddock sections');
    expect(view.discounts).toEqual([]);
    expect(view.canolaCap).toEqual(expect.any(String));
    expect(view.canolaIssues).toEqual([]);
  });

  it('shows applied discounts and canola issues', async () => {
    const quote = exampleQuote();
    quote.farmData.paddockSections[0]!.crop = 'canola';
    quote.farmData.paddockSections[0]!.area = 2_000;
    const run = await calculateEstimates(quote, engine);
    const view = estimateView(run.estimates!.both!);
    expect(view.discounts.map((discount) => discount.name)).toEqual(expect.arrayContaining([expect.stringMatching(/volume/i)]));
    expect(view.totalDiscountAmount).toBeGreaterThan(0);
    // All canola: over the 60 % share, so the quote is flagged for a call.
    expect(view.canolaIssues).toEqual([expect.stringMatching(/canola/i)]);
  });
});

describe('hurdleComparisonView', () => {
  it('says what the hurdle saves, or could save', () => {
    expect(hurdleComparisonView({ actualPremium: 6_943.05, noHurdlePremium: 7_582.59, savings: 639.54, potentialSavings: 0 })).toEqual({
      actualPremium: 6_943.05,
      noHurdlePremium: 7_582.59,
      maxHurdlePremium: null,
      summary: 'Your hurdles save you $639.54 compared with no hurdle.',
    });
    expect(hurdleComparisonView({ actualPremium: 900, noHurdlePremium: 900, maxHurdlePremium: 800, savings: 0, potentialSavings: 100 }).summary).toBe(
      'You have no hurdle set. A 20% hurdle on every crop would save you $100.00.',
    );
    expect(hurdleComparisonView({ actualPremium: 775, noHurdlePremium: 775, maxHurdlePremium: 775, savings: 0, potentialSavings: 0 }).summary).toBe(
      'You have no hurdle set. On a quote this size a 20% hurdle would not lower the price.',
    );
  });
});
