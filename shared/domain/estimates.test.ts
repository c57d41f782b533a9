import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Estimate, PricingCalculateResponse } from '../contracts/pricing';
import { COVERAGE_TYPE_REQUIRED_MESSAGE, estimateSchema, RISK_ZONE_REQUIRED_MESSAGE } from '../contracts/pricing';
import { COVERAGE_TYPES } from '../constants';
import {
  ALL_ESTIMATE_CALCULATIONS_FAILED_MESSAGE,
  buildEstimate,
  buildHurdleComparison,
  combineEstimateResults,
  comparisonPremium,
  displayAmounts,
  displayedPremium,
  estimateErrorMessage,
  estimateFailureView,
  FAILED_TO_CALCULATE_ALL_ESTIMATES_MESSAGE,
  FAILED_TO_CALCULATE_ESTIMATE_MESSAGE,
  hurdleComparisonScenarios,
  moneyBreakdown,
  resolveSelectedCoverageType,
  totalPayable,
} from './estimates';
import { contributionLines, membershipFeeLines } from './billing/invoice';
import { PricingError } from './pricing/types';

describe('docs/behaviour.md §9 display formulas', () => {
  it('displayed premium is the API premium plus 10% of it', () => {
    expect(displayedPremium(1_000)).toBe(1_100);
    expect(displayedPremium(5_857.32)).toBe(6_443.05);
    expect(displayedPremium(0)).toBe(0);
  });

  it('total payable is displayed premium + 500 + a further 10% + 50', () => {
    expect(totalPayable(1_000)).toBe(1_100 + 500 + 100 + 50);
    expect(totalPayable(0)).toBe(550);
    expect(totalPayable(5_857.32)).toBe(7_578.78);
  });

  it('rounds the 10% to cents once, half up, and uses the same cents twice', () => {
    // 10% of 0.05 is 0.005 → 0.01.
    expect(displayAmounts(0.05)).toEqual({ apiPremium: 0.05, loading: 0.01, displayedPremium: 0.06, membershipFee: 500, fixedCharge: 50, totalPayable: 550.07 });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), (cents) => {
        const amounts = displayAmounts(cents / 100);
        const inCents = (value: number) => Math.round(value * 100);
        expect(inCents(amounts.displayedPremium)).toBe(cents + inCents(amounts.loading));
        expect(inCents(amounts.totalPayable)).toBe(inCents(amounts.displayedPremium) + 50_000 + inCents(amounts.loading) + 5_000);
        expect(Math.abs(inCents(amounts.loading) - cents / 10)).toBeLessThanOrEqual(0.5);
      }),
    );
  });

  it('refuses a premium that is not a non-negative amount', () => {
    expect(() => displayAmounts(-1)).toThrow('The API premium must be a number of dollars, 0 or more (got -1)');
    expect(() => displayAmounts(Number.NaN)).toThrow(RangeError);
  });
});

describe('what a member pays: one breakdown for every surface', () => {
  it('names the contribution, the loading, GST and the membership fee, with docs/behaviour.md §9’s amounts', () => {
    // The part GST applies to and the GST-free loading on lines of their own, each GST line naming what it is 10% of (no GST of 9.09%).
    expect(moneyBreakdown(5_857.32).map(({ label, amount, total }) => [label, amount, total ?? false])).toEqual([
      ['Contribution (GST applies)', 5_857.32, false],
      ['Mutual loading, 10% (GST-free)', 585.73, false],
      ['Contribution (ex GST)', 6_443.05, true],
      ['GST on the contribution, 10% of $5,857.32', 585.73, false],
      ['Membership fee (GST applies)', 500, false],
      ['GST on the membership fee, 10% of $500.00', 50, false],
      ['Total payable (incl. GST)', 7_578.78, true],
    ]);
    expect(moneyBreakdown(5_857.32).some((line) => /premium|insur/i.test(line.label))).toBe(false);
  });

  it('agrees with the two invoices to the cent: the contribution and its GST, the fee and its GST', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), (cents) => {
        const lines = Object.fromEntries(moneyBreakdown(cents / 100).map((line) => [line.key, Math.round(line.amount * 100)]));
        const [contribution, loading] = contributionLines(cents / 100, 'both', '2026');
        const [fee] = membershipFeeLines('2026');
        expect([lines['calculated'], lines['contributionGst'], lines['loading']]).toEqual([contribution!.amountCents, contribution!.gstCents, loading!.amountCents]);
        expect(loading!.gstCents).toBe(0);
        expect([lines['membershipFee'], lines['membershipGst']]).toEqual([fee!.amountCents, fee!.gstCents]);
        expect(lines['total']).toBe(contribution!.amountCents + contribution!.gstCents + loading!.amountCents + fee!.amountCents + fee!.gstCents);
      }),
    );
  });
});

describe('buildEstimate (docs/behaviour.md §3 estimate)', () => {
  const pricing: Pick<PricingCalculateResponse, 'premium' | 'insuredValue' | 'totalDiscountAmount' | 'appliedDynamicDiscounts' | 'canolaCapInfo' | 'canolaValidationIssues'> = {
    premium: 5_857.32,
    insuredValue: 491_200,
    totalDiscountAmount: 12.5,
    appliedDynamicDiscounts: [{ id: 'd', name: 'Referrer discount', kind: 'referrer', rate: 0.02, amount: 12.5, description: '2% for joining with referrer code X' }],
    canolaCapInfo: null,
    canolaValidationIssues: [],
  };

  it('builds every docs/behaviour.md §3 field', () => {
    const estimate = buildEstimate({ coverageType: 'both', pricing, zoneCode: 'CWB', coveredArea: 550, coveredSectionsCount: 2, totalSectionsProvided: 4 });
    expect(estimate).toEqual<Estimate>({
      premium: 6_443.05,
      membershipFee: 500,
      totalPayable: 7_578.78,
      insuredValue: 491_200,
      coveredArea: 550,
      riskZone: 'CWB',
      coveredSectionsCount: 2,
      totalSectionsProvided: 4,
      premiumBreakdown: { basePremium: 5_857.32, membershipFee: 500 },
      coverageDetails: { coverageType: 'both', coverageTypeDescription: 'Hail, Fire & Lightning' },
      totalDiscountAmount: 12.5,
      appliedDynamicDiscounts: pricing.appliedDynamicDiscounts,
      canolaCapInfo: null,
      canolaValidationIssues: [],
    });
    expect(estimateSchema.parse(estimate)).toEqual(estimate);
  });

  it('describes each coverage type with the docs/behaviour.md §9 text', () => {
    const describe = (coverageType: 'hail' | 'fire' | 'both') =>
      buildEstimate({ coverageType, pricing, zoneCode: 'CWB', coveredArea: 1, coveredSectionsCount: 1, totalSectionsProvided: 1 }).coverageDetails.coverageTypeDescription;
    expect([describe('hail'), describe('fire'), describe('both')]).toEqual(['Hail', 'Fire & Lightning', 'Hail, Fire & Lightning']);
  });
});

describe('hurdle comparison (docs/behaviour.md §3, §9)', () => {
  const allocations = [
    { type: 'wheat', hectares: 100, expectedYield: 2, pricePerTonne: 300, hurdlePercentage: 0 },
    { type: 'canola', hectares: 50, expectedYield: 1.2, pricePerTonne: 700, hurdlePercentage: 0 },
  ];

  it('prices the 20% scenario only when no allocation has a hurdle', () => {
    const none = hurdleComparisonScenarios(allocations);
    expect(none.hasHurdleSet).toBe(false);
    expect(none.noHurdle.map((allocation) => allocation.hurdlePercentage)).toEqual([0, 0]);
    expect(none.maxHurdle?.map((allocation) => allocation.hurdlePercentage)).toEqual([20, 20]);

    const some = hurdleComparisonScenarios([{ ...allocations[0]!, hurdlePercentage: 5 }, allocations[1]!]);
    expect(some.hasHurdleSet).toBe(true);
    expect(some.noHurdle.map((allocation) => allocation.hurdlePercentage)).toEqual([0, 0]);
    expect(some.maxHurdle).toBeNull();
    expect(allocations[0]?.hurdlePercentage).toBe(0); // inputs are not changed
  });

  it('comparison premiums are API premium + 10% + 500', () => {
    expect(comparisonPremium(1_000)).toBe(1_600);
    expect(comparisonPremium(6_438.72)).toBe(7_582.59);
  });

  it('with a hurdle set: savings = no-hurdle premium − actual premium', () => {
    expect(buildHurdleComparison({ actualApiPremium: 5_857.32, noHurdleApiPremium: 6_438.72, maxHurdleApiPremium: null, hasHurdleSet: true })).toEqual({
      actualPremium: 6_943.05,
      noHurdlePremium: 7_582.59,
      maxHurdlePremium: null,
      savings: 639.54,
      potentialSavings: 0,
    });
  });

  it('with no hurdle set: potential savings = actual premium − 20% hurdle premium', () => {
    expect(buildHurdleComparison({ actualApiPremium: 1_000, noHurdleApiPremium: 1_000, maxHurdleApiPremium: 780, hasHurdleSet: false })).toEqual({
      actualPremium: 1_600,
      noHurdlePremium: 1_600,
      maxHurdlePremium: 1_358,
      savings: 0,
      potentialSavings: 242,
    });
    expect(() => buildHurdleComparison({ actualApiPremium: 1_000, noHurdleApiPremium: 1_000, maxHurdleApiPremium: null, hasHurdleSet: false })).toThrow(
      'The 20% hurdle premium is needed when no allocation has a hurdle set',
    );
  });
});

describe('coverage selection (docs/behaviour.md §4)', () => {
  const estimate = { premium: 1 } as Estimate;

  it("selects 'both' when nothing is selected, all are calculated and a both estimate exists", () => {
    expect(resolveSelectedCoverageType(null, { hail: estimate, fire: estimate, both: estimate }, true)).toBe('both');
    expect(resolveSelectedCoverageType(undefined, { both: estimate }, true)).toBe('both');
  });

  it('keeps an existing selection, and waits until all are calculated', () => {
    expect(resolveSelectedCoverageType('hail', { hail: estimate, both: estimate }, true)).toBe('hail');
    expect(resolveSelectedCoverageType(null, { both: estimate }, false)).toBeNull();
    expect(resolveSelectedCoverageType(null, { hail: estimate, fire: estimate, both: null }, true)).toBeNull();
  });
});

describe('combining the three estimates (docs/behaviour.md §8)', () => {
  const estimate = (premium: number) => ({ premium }) as Estimate;

  it('accepts partial results and reports each failure', () => {
    const combined = combineEstimateResults([
      { coverageType: 'hail', ok: true, estimate: estimate(1) },
      { coverageType: 'fire', ok: false, error: { error: 'Bad Request', message: 'Risk zone XYZ is unknown' } },
      { coverageType: 'both', ok: true, estimate: estimate(3) },
    ]);
    expect(combined).toEqual({
      ok: true,
      estimates: { hail: estimate(1), both: estimate(3) },
      failures: [{ coverageType: 'fire', message: 'API Error: Risk zone XYZ is unknown' }],
      selectedCoverageType: 'both',
    });
  });

  it("does not select 'both' when it is the one that failed", () => {
    const combined = combineEstimateResults([
      { coverageType: 'hail', ok: true, estimate: estimate(1) },
      { coverageType: 'both', ok: false, error: new Error('socket hang up') },
    ]);
    expect(combined.ok && combined.selectedCoverageType).toBeNull();
  });

  it("fails with 'All estimate calculations failed' only when every calculation failed", () => {
    expect(
      combineEstimateResults([
        { coverageType: 'hail', ok: false, error: new PricingError('COVERAGE_TYPE_REQUIRED', COVERAGE_TYPE_REQUIRED_MESSAGE) },
        { coverageType: 'fire', ok: false, error: null },
        { coverageType: 'both', ok: false, error: { error: 'Internal Server Error' } },
      ]),
    ).toEqual({
      ok: false,
      message: ALL_ESTIMATE_CALCULATIONS_FAILED_MESSAGE,
      failures: [
        { coverageType: 'hail', message: COVERAGE_TYPE_REQUIRED_MESSAGE, code: 'COVERAGE_TYPE_REQUIRED' },
        { coverageType: 'fire', message: 'Failed to calculate estimate' },
        { coverageType: 'both', message: 'API Error: Internal Server Error' },
      ],
    });
    expect(combineEstimateResults([])).toEqual({ ok: false, message: 'All estimate calculations failed', failures: [] });
  });

  it('says a reason the three coverage types share once, and sends the grower to the step that puts it right when asking again cannot', () => {
    const zoneless = combineEstimateResults(COVERAGE_TYPES.map((coverageType) => ({ coverageType, ok: false, error: new PricingError('ZONE_REQUIRED', RISK_ZONE_REQUIRED_MESSAGE) })));
    expect(!zoneless.ok && estimateFailureView(zoneless.failures)).toEqual({ reasons: [RISK_ZONE_REQUIRED_MESSAGE], fixAt: 'farm-mapping' });

    // The server's refusal carries its rule too: a paddock's crop is put right among the crops.
    const cropRefused = combineEstimateResults(
      COVERAGE_TYPES.map((coverageType) => ({ coverageType, ok: false, error: Object.assign(new Error('canola is not offered a 5% hurdle'), { status: 400, code: 'HURDLE_NOT_OFFERED' }) })),
    );
    expect(!cropRefused.ok && estimateFailureView(cropRefused.failures)).toEqual({ reasons: ['API Error: canola is not offered a 5% hurdle'], fixAt: 'protection-calculator' });

    // Reasons that differ are named by coverage type; one that trying again may cure (the server away) keeps Try again.
    expect(
      estimateFailureView([
        { coverageType: 'hail', message: RISK_ZONE_REQUIRED_MESSAGE, code: 'ZONE_REQUIRED' },
        { coverageType: 'fire', message: 'API Error: Network error. Please check your connection and try again.' },
      ]),
    ).toEqual({ reasons: [`Hail: ${RISK_ZONE_REQUIRED_MESSAGE}`, 'Fire & Lightning: API Error: Network error. Please check your connection and try again.'], fixAt: null });
    // The zone and a crop both wrong: the farm map first, since the crops' step follows it.
    expect(
      estimateFailureView([
        { coverageType: 'hail', message: 'API Error: canola is not offered a 5% hurdle', code: 'HURDLE_NOT_OFFERED' },
        { coverageType: 'fire', message: RISK_ZONE_REQUIRED_MESSAGE, code: 'ZONE_REQUIRED' },
      ]).fixAt,
    ).toBe('farm-mapping');
  });

  it('exports the exact docs/behaviour.md §8 texts', () => {
    expect([FAILED_TO_CALCULATE_ESTIMATE_MESSAGE, FAILED_TO_CALCULATE_ALL_ESTIMATES_MESSAGE, ALL_ESTIMATE_CALCULATIONS_FAILED_MESSAGE]).toEqual([
      'Failed to calculate estimate',
      'Failed to calculate all estimates',
      'All estimate calculations failed',
    ]);
  });

  it("prefixes 'API Error: ' to the server message, its error, or the transport message", () => {
    expect(estimateErrorMessage({ message: 'Hectares must be greater than 0', error: 'Bad Request' })).toBe('API Error: Hectares must be greater than 0');
    expect(estimateErrorMessage({ error: 'Bad Request' })).toBe('API Error: Bad Request');
    expect(estimateErrorMessage(new TypeError('Failed to fetch'))).toBe('API Error: Failed to fetch');
    expect(estimateErrorMessage(undefined)).toBe('Failed to calculate estimate');
    expect(estimateErrorMessage({ message: '  ' })).toBe('Failed to calculate estimate');
  });
});
