import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CoverageType } from '../../constants';
import type { CropAllocation, PricingCalculateResponse, PricingModel, PricingModelInput } from '../../contracts/pricing';
import { pricingModelSchema } from '../../contracts/pricing';
import { DEFAULT_PRICING_MODEL } from './default-model';
import { calculatePremium } from './engine';
import { toCents } from './money';
import type { PricingContext, PricingEngineRequest } from './types';

/**
 * Properties that must hold for every valid pricing model, not only the seed: random models are
 * generated and kept only if pricingModelSchema accepts them, so the schema's invariants are what
 * make these hold.
 */

const CROPS = ['wheat', 'barley', 'canola', 'lupins', 'oats', 'field peas', 'triticale', 'rye', 'chickpeas'] as const;
const HURDLES = [0, 5, 10, 15, 20] as const;
const ZONE = 'TST';

const rate = (min: number, max: number) => fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
const monthDay = fc.tuple(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 28 })).map(([m, d]) => `${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`);

const modelArb: fc.Arbitrary<PricingModel> = fc
  .record({
    hail: rate(0.3, 3),
    fire: rate(0.3, 3),
    packageMix: rate(0, 1),
    factors: fc.array(fc.tuple(rate(0.7, 1.6), rate(0.7, 1.6)), { minLength: CROPS.length, maxLength: CROPS.length }),
    multipliers: fc.array(rate(0.6, 1), { minLength: 4, maxLength: 4 }),
    netting: rate(0, 0.3),
    irrigation: rate(0, 0.3),
    bandStarts: fc.uniqueArray(fc.integer({ min: 1, max: 8_000_000 }), { minLength: 0, maxLength: 3 }),
    bandRates: fc.array(rate(0, 0.06), { minLength: 3, maxLength: 3 }),
    early: fc.record({ start: monthDay, end: monthDay, rate: rate(0, 0.1), on: fc.boolean() }),
    multiYear: fc.record({ seasons: fc.integer({ min: 1, max: 4 }), rate: rate(0, 0.1), on: fc.boolean() }),
    referrer: fc.record({ rate: rate(0, 0.1), on: fc.boolean() }),
    volumeOn: fc.boolean(),
    cap: rate(0, 0.3),
    canolaPerHa: fc.option(rate(200, 3_000), { nil: null }),
    canolaShare: fc.option(rate(0.2, 1), { nil: null }),
    minimumPremium: rate(1, 500),
  })
  .map((g): PricingModelInput => {
    const highest = Math.max(g.hail, g.fire);
    const bothRate = highest + g.packageMix * (0.98 * (g.hail + g.fire) - highest);
    const starts = [...g.bandStarts].sort((a, b) => a - b);
    const rates = [...g.bandRates].sort((a, b) => a - b);
    const multipliers = [...g.multipliers].sort((a, b) => b - a);
    return {
      version: 'property',
      zones: [{ code: ZONE, name: 'Test zone', riskLevel: 'moderate', hailRate: g.hail, fireRate: g.fire, bothRate, isActive: true }],
      cropFactors: CROPS.map((cropType, index) => ({ cropType, hailFactor: g.factors[index]?.[0] ?? 1, fireFactor: g.factors[index]?.[1] ?? 1, isActive: true })),
      hurdleOptions: HURDLES.map((percentage, index) => ({
        percentage,
        impactMultiplier: index === 0 ? 1 : (multipliers[index - 1] ?? 1),
        description: `${percentage}%`,
        isActive: true,
      })),
      areaLimits: [{ id: 'a', name: 'Allocation', scope: 'allocation', cropType: null, minHectares: 1, maxHectares: 5_000, isActive: true }],
      discountFactors: [
        { id: 'net', name: 'Hail netting', kind: 'hailNetting', peril: 'hail', value: g.netting, isActive: true },
        { id: 'irr', name: 'Irrigation', kind: 'irrigation', peril: 'fire', value: g.irrigation, isActive: true },
      ],
      dynamicDiscounts: [
        {
          id: 'vol',
          name: 'Volume',
          kind: 'volume',
          bands: [0, ...starts].map((fromInsuredValue, index) => ({ fromInsuredValue, rate: index === 0 ? 0 : (rates[index - 1] ?? 0) })),
          isActive: g.volumeOn,
        },
        { id: 'early', name: 'Early', kind: 'earlySeason', windowStart: g.early.start, windowEnd: g.early.end, rate: g.early.rate, isActive: g.early.on },
        { id: 'multi', name: 'Multi', kind: 'multiYear', minimumPriorSeasons: g.multiYear.seasons, rate: g.multiYear.rate, isActive: g.multiYear.on },
        { id: 'ref', name: 'Referrer', kind: 'referrer', rate: g.referrer.rate, isActive: g.referrer.on },
      ],
      maxTotalDiscountRate: g.cap,
      canolaCap: { cropType: 'canola', maxValuePerHectare: g.canolaPerHa, maxShareOfInsuredValue: g.canolaShare, isActive: true },
      minimumPremium: g.minimumPremium,
    };
  })
  .map((input) => pricingModelSchema.safeParse(input))
  .filter((parsed) => parsed.success)
  .map((parsed) => parsed.data as PricingModel);

const seedModel = pricingModelSchema.parse(DEFAULT_PRICING_MODEL);
const anyModel = fc.oneof(fc.constant(seedModel), modelArb);

const allocationArb: fc.Arbitrary<CropAllocation> = fc.record({
  type: fc.constantFrom(...CROPS),
  hectares: rate(0.5, 4_000),
  expectedYield: rate(0.1, 6),
  pricePerTonne: rate(20, 1_500),
  hurdlePercentage: fc.constantFrom(...HURDLES),
});

const contextArb: fc.Arbitrary<PricingContext> = fc.record({
  quoteDate: fc.date({ min: new Date('2024-01-01T00:00:00Z'), max: new Date('2027-12-31T00:00:00Z'), noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10)),
  priorMemberSeasons: fc.integer({ min: 0, max: 6 }),
  referrerCodeIsValid: fc.boolean(),
});

const coverageArb = fc.constantFrom<CoverageType>('hail', 'fire', 'both');

const quoteArb = fc.record({
  model: anyModel,
  coverageType: coverageArb,
  allocations: fc.array(allocationArb, { minLength: 1, maxLength: 6 }),
  context: contextArb,
  referrerCode: fc.option(fc.constantFrom('MATE10', 'AGENT'), { nil: undefined }),
  preferences: fc.record({ irrigation: fc.boolean(), hailNetting: fc.boolean(), frostPrevention: fc.boolean() }),
});
type Quote = typeof quoteArb extends fc.Arbitrary<infer T> ? T : never;

function zoneFor(model: PricingModel): string {
  return model.zones[0]?.code ?? ZONE;
}

function price(quote: Quote, allocations: CropAllocation[] = quote.allocations, coverageType: CoverageType = quote.coverageType): PricingCalculateResponse {
  const request: PricingEngineRequest = {
    coverageType,
    zone: zoneFor(quote.model),
    cropAllocations: allocations,
    referrerCode: quote.referrerCode ?? null,
    coveragePreferences: quote.preferences,
  };
  return calculatePremium(request, quote.model, quote.context);
}

const RUNS = { numRuns: 400 };

describe('premium engine properties', () => {
  it('generates a useful share of valid random models', () => {
    // Guards against a generator that the schema rejects almost always (the tests would then only see the seed).
    // A fixed seed: the draw is the same every run, so the check cannot pass or fail by chance.
    const samples = fc.sample(modelArb, { numRuns: 50, seed: 20261122 });
    expect(samples.length).toBe(50);
    expect(new Set(samples.map((model) => model.zones[0]?.hailRate)).size).toBeGreaterThan(40);
  });

  it('is never negative, and its parts add up to the cent', () => {
    fc.assert(
      fc.property(quoteArb, (quote) => {
        const result = price(quote);
        expect(result.premium).toBeGreaterThanOrEqual(0);
        expect(result.totalDiscountAmount).toBeGreaterThanOrEqual(0);
        expect(result.premium).toBeGreaterThanOrEqual(quote.model.minimumPremium - 0.005);
        expect(toCents(result.grossPremium) - toCents(result.totalDiscountAmount) + toCents(result.minimumPremiumTopUp)).toBe(toCents(result.premium));
        const listed = result.appliedDynamicDiscounts.reduce((total, discount) => total + toCents(discount.amount), 0);
        expect(listed).toBe(toCents(result.totalDiscountAmount));
        for (const discount of result.appliedDynamicDiscounts) expect(discount.amount).toBeGreaterThan(0);
      }),
      RUNS,
    );
  });

  for (const field of ['hectares', 'expectedYield', 'pricePerTonne'] as const) {
    it(`never goes down when one allocation's ${field} rises`, () => {
      fc.assert(
        fc.property(quoteArb, fc.nat(), rate(1, 3), (quote, pick, factor) => {
          const index = pick % quote.allocations.length;
          const raised = quote.allocations.map((allocation, i) => (i === index ? { ...allocation, [field]: allocation[field] * factor } : allocation));
          expect(price(quote, raised).premium).toBeGreaterThanOrEqual(price(quote).premium);
        }),
        RUNS,
      );
    });
  }

  it("never goes up when one allocation's hurdle rises", () => {
    fc.assert(
      fc.property(quoteArb, fc.nat(), fc.nat(), (quote, pick, step) => {
        const index = pick % quote.allocations.length;
        const current = quote.allocations[index]?.hurdlePercentage ?? 0;
        const higher = HURDLES.filter((hurdle) => hurdle > current);
        fc.pre(higher.length > 0);
        const hurdlePercentage = higher[step % higher.length] ?? 20;
        const raised = quote.allocations.map((allocation, i) => (i === index ? { ...allocation, hurdlePercentage } : allocation));
        expect(price(quote, raised).premium).toBeLessThanOrEqual(price(quote).premium);
      }),
      RUNS,
    );
  });

  it("never prices 'both' above hail plus fire for the same allocations", () => {
    fc.assert(
      fc.property(quoteArb, (quote) => {
        const both = price(quote, quote.allocations, 'both');
        const hail = price(quote, quote.allocations, 'hail');
        const fire = price(quote, quote.allocations, 'fire');
        expect(toCents(both.premium)).toBeLessThanOrEqual(toCents(hail.premium) + toCents(fire.premium));
      }),
      RUNS,
    );
  });

  it('does not depend on the order of the allocations (beyond a cent of rounding)', () => {
    fc.assert(
      fc.property(quoteArb, (quote) => {
        const reversed = [...quote.allocations].reverse();
        expect(Math.abs(toCents(price(quote, reversed).premium) - toCents(price(quote).premium))).toBeLessThanOrEqual(1);
      }),
      RUNS,
    );
  });
});
