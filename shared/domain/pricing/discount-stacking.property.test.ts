import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CoverageType } from '../../constants';
import type { CropAllocation, DynamicDiscountRule, PricingModel } from '../../contracts/pricing';
import { discountConditionsSchema, pricingModelSchema } from '../../contracts/pricing';
import { DEFAULT_PRICING_MODEL } from './default-model';
import type { DiscountCandidate } from './discount-rules';
import { selectDiscounts } from './discount-stacking';
import { calculatePremium } from './engine';
import { toCents } from './money';
import type { PricingContext } from './types';

/**
 * The promises of docs/discounts.md, for any set of rules: a discount never takes a premium below the
 * minimum premium or past the maximum total discount, and adding a stacking rule never raises a price.
 */

const seed = pricingModelSchema.parse(DEFAULT_PRICING_MODEL);
const CROPS = ['wheat', 'barley', 'canola', 'lupins', 'oats'] as const;
const rate = (min: number, max: number) => fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
const date = fc.date({ min: new Date('2025-01-01T00:00:00Z'), max: new Date('2026-12-31T00:00:00Z'), noInvalidDate: true }).map((value) => value.toISOString().slice(0, 10));

const ruleArb = (id: string, stacks: fc.Arbitrary<boolean>): fc.Arbitrary<DynamicDiscountRule> =>
  fc
    .record({
      minTotalHectares: fc.option(rate(1, 3_000), { nil: null }),
      requiredCrops: fc.subarray([...CROPS], { maxLength: 2 }),
      minPriorSeasons: fc.option(fc.integer({ min: 1, max: 4 }), { nil: null }),
      requiresReferrer: fc.boolean(),
      applyBy: fc.option(date, { nil: null }),
      zones: fc.subarray(['CWB', 'EWB', 'GSR'], { maxLength: 2 }),
      coverageTypes: fc.subarray<CoverageType>(['hail', 'fire', 'both'], { maxLength: 2 }),
      amount: fc.oneof(
        rate(0.001, 0.5).map((value) => ({ type: 'percentage' as const, rate: value })),
        rate(1, 20_000).map((value) => ({ type: 'fixed' as const, value })),
      ),
      priority: fc.integer({ min: 0, max: 10 }),
      stacks,
    })
    .map(({ amount, priority, stacks: ruleStacks, ...conditions }) => ({
      id,
      name: id,
      kind: 'conditional' as const,
      isActive: true,
      priority,
      stacks: ruleStacks,
      validFrom: null,
      validTo: null,
      conditions: discountConditionsSchema.parse(conditions),
      amount,
    }));

const modelArb = fc
  .record({
    rules: fc.array(ruleArb('r', fc.boolean()), { maxLength: 5 }),
    cap: rate(0, 0.5),
    minimumPremium: rate(0, 2_000),
  })
  .map(({ rules, cap, minimumPremium }): PricingModel => ({
    ...seed,
    dynamicDiscounts: [...seed.dynamicDiscounts, ...rules.map((rule, index) => ({ ...rule, id: `r${index}`, name: `Rule ${index}` }))],
    maxTotalDiscountRate: cap,
    minimumPremium,
  }))
  .filter((model) => pricingModelSchema.safeParse(model).success);

const allocationArb: fc.Arbitrary<CropAllocation> = fc.record({
  type: fc.constantFrom(...CROPS),
  hectares: rate(1, 2_000),
  expectedYield: rate(0.5, 4),
  pricePerTonne: rate(100, 900),
  hurdlePercentage: fc.constantFrom(0, 5, 10),
});
const contextArb: fc.Arbitrary<PricingContext> = fc.record({ quoteDate: date, priorMemberSeasons: fc.integer({ min: 0, max: 5 }), referrerCodeIsValid: fc.boolean() });
const quoteArb = fc.record({
  coverageType: fc.constantFrom<CoverageType>('hail', 'fire', 'both'),
  zone: fc.constantFrom('CWB', 'EWB', 'GSR'),
  cropAllocations: fc.array(allocationArb, { minLength: 1, maxLength: 4 }),
  referrerCode: fc.option(fc.constant('MATE10'), { nil: undefined }),
});

const RUNS = { numRuns: 300 };

describe('discount caps and stacking (properties)', () => {
  it('never takes a premium below the minimum premium, nor the dynamic discounts past the maximum total discount', () => {
    fc.assert(
      fc.property(modelArb, quoteArb, contextArb, (model, quote, context) => {
        const result = calculatePremium(quote, model, context);
        expect(result.premium).toBeGreaterThanOrEqual(model.minimumPremium - 0.005);
        // No coverage preferences are sent, so the dynamic discounts are taken from the gross premium.
        const dynamicCents = result.appliedDynamicDiscounts.reduce((total, discount) => total + toCents(discount.amount), 0);
        expect(dynamicCents).toBeLessThanOrEqual(Math.ceil(model.maxTotalDiscountRate * toCents(result.grossPremium)) + result.appliedDynamicDiscounts.length);
      }),
      RUNS,
    );
  });

  it('never raises a price when a stacking rule is added', () => {
    fc.assert(
      fc.property(modelArb, ruleArb('added', fc.constant(true)), quoteArb, contextArb, (model, added, quote, context) => {
        const before = calculatePremium(quote, model, context);
        const after = calculatePremium(quote, { ...model, dynamicDiscounts: [...model.dynamicDiscounts, added] }, context);
        expect(after.premium).toBeLessThanOrEqual(before.premium);
      }),
      RUNS,
    );
  });

  it('selects a total rate that is at most the cap and at least every single rule would give alone', () => {
    const candidateArb: fc.Arbitrary<DiscountCandidate> = fc.record({
      id: fc.string(),
      name: fc.string(),
      kind: fc.constant('conditional' as const),
      rate: rate(0, 1),
      description: fc.constant(''),
      priority: fc.integer({ min: 0, max: 5 }),
      stacks: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(candidateArb, { maxLength: 6 }), rate(0, 0.5), (candidates, cap) => {
        const selection = selectDiscounts(candidates, cap);
        expect(selection.totalRate).toBeLessThanOrEqual(cap + 1e-12);
        for (const candidate of candidates) expect(selection.totalRate).toBeGreaterThanOrEqual(Math.min(cap, candidate.rate) - 1e-12);
        const appliedSum = selection.applied.reduce((total, item) => total + item.appliedRate, 0);
        expect(appliedSum).toBeCloseTo(selection.totalRate, 12);
        if (selection.applied.some((item) => !item.stacks)) expect(selection.applied).toHaveLength(1);
      }),
      RUNS,
    );
  });
});
