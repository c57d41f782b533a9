import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { DynamicDiscountRule, PricingModel } from '../../contracts/pricing';
import { discountConditionsSchema, pricingModelSchema } from '../../contracts/pricing';
import { DEFAULT_PRICING_MODEL } from './default-model';
import { type DiscountFacts, isRuleValidOn, matchDiscountRule } from './discount-rules';
import { calculatePremium } from './engine';
import type { PricingEngineRequest } from './types';

const model = pricingModelSchema.parse(DEFAULT_PRICING_MODEL);
/** docs/pricing.md example 1: hail, Central Wheatbelt, 400 ha wheat and 150 ha canola, gross $5,857.32, no seeded discount applies. */
const example1: PricingEngineRequest = {
  coverageType: 'hail',
  zone: 'CWB',
  cropAllocations: [
    { type: 'wheat', hectares: 400, expectedYield: 2.5, pricePerTonne: 340, hurdlePercentage: 5 },
    { type: 'canola', hectares: 150, expectedYield: 1.4, pricePerTonne: 720, hurdlePercentage: 15 },
  ],
};
const winter = { quoteDate: '2025-07-15', priorMemberSeasons: 0, referrerCodeIsValid: false };

function conditional(
  id: string,
  conditions: z.input<typeof discountConditionsSchema>,
  amount: { type: 'percentage'; rate: number } | { type: 'fixed'; value: number },
  extra: Partial<DynamicDiscountRule> = {},
): DynamicDiscountRule {
  return { id, name: id, kind: 'conditional', isActive: true, conditions: discountConditionsSchema.parse(conditions), amount, ...extra } as DynamicDiscountRule;
}
function withRules(...rules: DynamicDiscountRule[]): PricingModel {
  return pricingModelSchema.parse({ ...model, dynamicDiscounts: [...model.dynamicDiscounts, ...rules] });
}

const facts: DiscountFacts = {
  insuredValue: 491_200,
  premiumBeforeDiscounts: 5_857.32,
  totalHectares: 550,
  crops: new Set(['wheat', 'canola']),
  zoneCode: 'CWB',
  coverageType: 'hail',
  referrerCode: 'MATE10',
  context: { quoteDate: '2026-05-01', priorMemberSeasons: 3, referrerCodeIsValid: true },
};

describe('matching a conditional rule', () => {
  it.each([
    ['total area at least 500 ha', { minTotalHectares: 500 }, { minTotalHectares: 551 }],
    ['total area at most 600 ha', { maxTotalHectares: 600 }, { maxTotalHectares: 549 }],
    ['growing canola', { requiredCrops: ['Canola'] }, { requiredCrops: ['canola', 'lupins'] }],
    ['two or more crops', { minDistinctCrops: 2 }, { minDistinctCrops: 3 }],
    ['members of 3 seasons', { minPriorSeasons: 3 }, { minPriorSeasons: 4 }],
    ['applied by 1 May', { applyBy: '2026-05-01' }, { applyBy: '2026-04-30' }],
    ['in zone CWB', { zones: ['cwb', 'EWB'] }, { zones: ['EWB'] }],
    ['hail cover', { coverageTypes: ['hail'] }, { coverageTypes: ['fire', 'both'] }],
  ] satisfies Array<[string, z.input<typeof discountConditionsSchema>, z.input<typeof discountConditionsSchema>]>)('%s: applies when the condition holds and not when it fails', (_label, holds, fails) => {
    expect(matchDiscountRule(conditional('r', holds, { type: 'percentage', rate: 0.05 }), facts)).toMatchObject({ rate: 0.05, stacks: true, priority: 0 });
    expect(matchDiscountRule(conditional('r', fails, { type: 'percentage', rate: 0.05 }), facts)).toBeNull();
  });

  it('needs a valid referrer code when it asks for one', () => {
    const rule = conditional('r', { requiresReferrer: true }, { type: 'percentage', rate: 0.02 });
    expect(matchDiscountRule(rule, facts)?.description).toBe('2% for joining with referrer code MATE10');
    expect(matchDiscountRule(rule, { ...facts, context: { ...facts.context, referrerCodeIsValid: false } })).toBeNull();
    expect(matchDiscountRule(rule, { ...facts, referrerCode: '' })).toBeNull();
  });

  it('turns a fixed sum into its share of the premium, never more than all of it', () => {
    const rule = conditional('r', { requiredCrops: ['canola'] }, { type: 'fixed', value: 300 });
    expect(matchDiscountRule(rule, facts)?.rate).toBeCloseTo(300 / 5_857.32, 12);
    expect(matchDiscountRule(rule, facts)?.description).toBe('$300 off for growing canola');
    expect(matchDiscountRule(rule, { ...facts, premiumBeforeDiscounts: 200 })?.rate).toBe(1);
  });

  it('applies only while active and inside its validity window', () => {
    const rule = conditional('r', {}, { type: 'percentage', rate: 0.01 }, { validFrom: '2026-04-01', validTo: '2026-05-01' });
    expect(matchDiscountRule(rule, facts)).not.toBeNull();
    expect(matchDiscountRule({ ...rule, isActive: false }, facts)).toBeNull();
    expect(matchDiscountRule(rule, { ...facts, context: { ...facts.context, quoteDate: '2026-05-02' } })).toBeNull();
    expect(isRuleValidOn({ validFrom: null, validTo: '2026-03-31' }, '2026-03-31')).toBe(true);
    expect(isRuleValidOn({ validFrom: '2026-04-01', validTo: null }, '2026-03-31')).toBe(false);
  });
});

describe('conditional rules in the premium engine (example 1, gross $5,857.32)', () => {
  it('takes 5% for a 500 ha holding: $292.86 off, premium $5,564.46', () => {
    const result = calculatePremium(example1, withRules(conditional('big', { minTotalHectares: 500 }, { type: 'percentage', rate: 0.05 })), winter);
    expect(result.appliedDynamicDiscounts).toEqual([{ id: 'big', name: 'big', kind: 'conditional', rate: 0.05, amount: 292.86, description: '5% for 500 ha or more' }]);
    expect(result.premium).toBe(5_564.46);
  });

  it('stacks a fixed $300 with the 5%: $592.86 off, premium $5,264.46', () => {
    const result = calculatePremium(
      example1,
      withRules(conditional('big', { minTotalHectares: 500 }, { type: 'percentage', rate: 0.05 }), conditional('canola', { requiredCrops: ['canola'] }, { type: 'fixed', value: 300 })),
      winter,
    );
    expect(result.appliedDynamicDiscounts.map((discount) => [discount.id, discount.amount])).toEqual([
      ['big', 292.86],
      ['canola', 300],
    ]);
    expect(result.premium).toBe(5_264.46);
  });

  it('gives a non-stacking rule alone when it is worth more than the stacking rules together', () => {
    const rules = [conditional('big', { minTotalHectares: 500 }, { type: 'percentage', rate: 0.05 }), conditional('solo', {}, { type: 'percentage', rate: 0.08 }, { stacks: false })];
    const result = calculatePremium(example1, withRules(...rules), winter);
    expect(result.appliedDynamicDiscounts.map((discount) => [discount.id, discount.amount])).toEqual([['solo', 468.58]]);
    expect(result.premium).toBe(5_388.74);
    const stackingWins = calculatePremium(example1, withRules(rules[0]!, conditional('solo', {}, { type: 'percentage', rate: 0.04 }, { stacks: false })), winter);
    expect(stackingWins.appliedDynamicDiscounts.map((discount) => discount.id)).toEqual(['big']);
  });

  it('lists rules by priority, highest first, and caps them together at 12%', () => {
    const rules = [conditional('low', {}, { type: 'percentage', rate: 0.1 }, { priority: 1 }), conditional('high', {}, { type: 'percentage', rate: 0.1 }, { priority: 5 })];
    const result = calculatePremium(example1, withRules(...rules), winter);
    expect(result.appliedDynamicDiscounts.map((discount) => [discount.id, discount.amount])).toEqual([
      ['high', 351.44],
      ['low', 351.43],
    ]);
    expect(result.totalDiscountAmount).toBe(702.87);
    expect(result.appliedDynamicDiscounts[0]?.description).toBe('10% (scaled down: discounts together are capped at 12%)');
  });

  it('refuses a validity window that ends before it starts, and a maximum area below the minimum', () => {
    const parsed = pricingModelSchema.safeParse({ ...model, dynamicDiscounts: [conditional('r', {}, { type: 'percentage', rate: 0.01 }, { validFrom: '2026-05-01', validTo: '2026-04-01' })] });
    expect(parsed.error?.issues[0]?.message).toBe('r: the validity window must end on or after the day it starts (2026-05-01)');
    const area = pricingModelSchema.safeParse({ ...model, dynamicDiscounts: [conditional('r', { minTotalHectares: 500, maxTotalHectares: 100 }, { type: 'percentage', rate: 0.01 })] });
    expect(area.error?.issues[0]?.message).toBe('r: the maximum total area must be at least the minimum (500 ha)');
  });
});
