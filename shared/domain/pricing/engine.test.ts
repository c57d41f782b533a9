import { describe, expect, it } from 'vitest';
import type { PricingModel } from '../../contracts/pricing';
import { COVERAGE_TYPE_REQUIRED_MESSAGE, NO_VALID_CROP_SECTIONS_MESSAGE, pricingModelSchema, RISK_ZONE_REQUIRED_MESSAGE } from '../../contracts/pricing';
import { displayAmounts } from '../estimates';
import { DEFAULT_PRICING_MODEL } from './default-model';
import { isWithinWindow, volumeDiscountRate } from './discount-rules';
import { calculatePremium } from './engine';
import { compareHurdles } from './hurdle-comparison';
import type { PricingContext, PricingEngineRequest } from './types';
import { PricingError } from './types';

const model = pricingModelSchema.parse(DEFAULT_PRICING_MODEL);
const plainContext: PricingContext = { quoteDate: '2025-07-15', priorMemberSeasons: 0, referrerCodeIsValid: false };

function wheat(hectares: number, hurdlePercentage = 0) {
  return { type: 'wheat', hectares, expectedYield: 2.5, pricePerTonne: 340, hurdlePercentage };
}

function thrown(run: () => unknown): PricingError {
  try {
    run();
  } catch (error) {
    if (error instanceof PricingError) return error;
    throw error;
  }
  throw new Error('expected a PricingError');
}

describe('docs/pricing.md worked examples (golden, to the cent)', () => {
  it('example 1: hail only, Central Wheatbelt, hurdles set', () => {
    const request: PricingEngineRequest = {
      coverageType: 'hail',
      zone: 'CWB',
      cropAllocations: [
        { type: 'wheat', hectares: 400, expectedYield: 2.5, pricePerTonne: 340, hurdlePercentage: 5 },
        { type: 'canola', hectares: 150, expectedYield: 1.4, pricePerTonne: 720, hurdlePercentage: 15 },
      ],
    };
    const result = calculatePremium(request, model, plainContext);
    expect(result.insuredValue).toBe(491_200);
    expect(result.breakdown.map((row) => row.grossPremium)).toEqual([3_876, 1_981.32]);
    expect(result.breakdown.map((row) => [row.zoneRatePercent, row.cropFactor, row.hurdleMultiplier])).toEqual([
      [1.2, 1, 0.95],
      [1.2, 1.3, 0.84],
    ]);
    expect(result.grossPremium).toBe(5_857.32);
    expect(result.totalDiscountAmount).toBe(0);
    expect(result.appliedDynamicDiscounts).toEqual([]);
    expect(result.premium).toBe(5_857.32);
    expect(result.canolaCapInfo).toMatchObject({ capApplied: false, coveredValue: 151_200, shareOfInsuredValue: 0.307818 });
    expect(result.canolaValidationIssues).toEqual([]);

    expect(displayAmounts(result.premium)).toEqual({
      apiPremium: 5_857.32,
      loading: 585.73,
      displayedPremium: 6_443.05,
      membershipFee: 500,
      fixedCharge: 50,
      totalPayable: 7_578.78,
    });
    expect(compareHurdles(request, model, plainContext)).toEqual({
      actualPremium: 6_943.05,
      noHurdlePremium: 7_582.59,
      maxHurdlePremium: null,
      savings: 639.54,
      potentialSavings: 0,
    });
  });

  it('example 2: both, Lakes District, capped canola, all four dynamic discounts', () => {
    const request: PricingEngineRequest = {
      coverageType: 'both',
      zone: 'LKS',
      referrerCode: 'GROWER42',
      cropAllocations: [
        { type: 'wheat', hectares: 2_000, expectedYield: 2.2, pricePerTonne: 350, hurdlePercentage: 10 },
        { type: 'canola', hectares: 800, expectedYield: 2.0, pricePerTonne: 760, hurdlePercentage: 15 },
        { type: 'barley', hectares: 600, expectedYield: 2.5, pricePerTonne: 300, hurdlePercentage: 0 },
      ],
    };
    const result = calculatePremium(request, model, { quoteDate: '2025-05-20', priorMemberSeasons: 3, referrerCodeIsValid: true });
    expect(result.insuredValue).toBe(3_110_000);
    expect(result.breakdown.map((row) => [row.declaredValue, row.insuredValue, row.grossPremium])).toEqual([
      [1_540_000, 1_540_000, 34_265],
      [1_216_000, 1_120_000, 29_357.24],
      [450_000, 450_000, 11_618.18],
    ]);
    expect(result.grossPremium).toBe(75_240.42);
    expect(result.appliedDynamicDiscounts.map((discount) => [discount.kind, discount.rate, discount.amount])).toEqual([
      ['volume', 0.017846, 1_342.71],
      ['earlySeason', 0.04, 3_009.62],
      ['multiYear', 0.03, 2_257.21],
      ['referrer', 0.02, 1_504.81],
    ]);
    expect(result.totalDiscountAmount).toBe(8_114.35);
    expect(result.premium).toBe(67_126.07);
    expect(result.minimumPremiumTopUp).toBe(0);
    expect(result.canolaCapInfo).toMatchObject({
      declaredValue: 1_216_000,
      coveredValue: 1_120_000,
      uncoveredValue: 96_000,
      capApplied: true,
      cappedAllocationIndexes: [1],
    });
    expect(result.canolaCapInfo?.message).toContain('$96,000.00 of canola value is not covered and not charged for');
    expect(displayAmounts(result.premium)).toMatchObject({ loading: 6_712.61, displayedPremium: 73_838.68, totalPayable: 81_101.29 });
  });

  it('example 3: fire only, small quote raised to the minimum premium', () => {
    const request: PricingEngineRequest = {
      coverageType: 'fire',
      zone: 'GSR',
      cropAllocations: [{ type: 'oats', hectares: 20, expectedYield: 2, pricePerTonne: 300, hurdlePercentage: 0 }],
    };
    const context = { quoteDate: '2025-08-10', priorMemberSeasons: 0, referrerCodeIsValid: false };
    const result = calculatePremium(request, model, context);
    expect(result.grossPremium).toBe(84);
    expect(result.minimumPremiumTopUp).toBe(166);
    expect(result.premium).toBe(250);
    expect(displayAmounts(result.premium)).toMatchObject({ loading: 25, displayedPremium: 275, totalPayable: 850 });
    expect(compareHurdles(request, model, context)).toEqual({
      actualPremium: 775,
      noHurdlePremium: 775,
      maxHurdlePremium: 775,
      savings: 0,
      potentialSavings: 0,
    });
  });
});

describe('preconditions (docs/behaviour.md §5 order, docs/behaviour.md §8 texts)', () => {
  const valid: PricingEngineRequest = { coverageType: 'hail', zone: 'CWB', cropAllocations: [wheat(100)] };

  it('requires a coverage type first', () => {
    const error = thrown(() => calculatePremium({ ...valid, coverageType: undefined, zone: undefined, cropAllocations: [] }, model, plainContext));
    expect(error.code).toBe('COVERAGE_TYPE_REQUIRED');
    expect(error.message).toBe(COVERAGE_TYPE_REQUIRED_MESSAGE);
  });

  it('then at least one crop allocation', () => {
    for (const cropAllocations of [[], null, undefined]) {
      const error = thrown(() => calculatePremium({ ...valid, cropAllocations, zone: '' }, model, plainContext));
      expect(error.code).toBe('NO_VALID_ALLOCATIONS');
      expect(error.message).toBe(NO_VALID_CROP_SECTIONS_MESSAGE);
    }
  });

  it('then a risk zone', () => {
    for (const zone of ['', '   ', null, undefined]) {
      const error = thrown(() => calculatePremium({ ...valid, zone }, model, plainContext));
      expect(error.code).toBe('ZONE_REQUIRED');
      expect(error.message).toBe(RISK_ZONE_REQUIRED_MESSAGE);
    }
  });

  it('names the zones it prices when the zone is unknown or retired', () => {
    const unknown = thrown(() => calculatePremium({ ...valid, zone: 'PILBARA' }, model, plainContext));
    expect(unknown.code).toBe('UNKNOWN_ZONE');
    expect(unknown.message).toBe("Risk zone 'PILBARA' is not one we price. Go back to farm mapping so the farm is placed in one of the current zones (NAR, NEW, CWB, EWB, GSR, LKS, SCE).");
    const retired: PricingModel = { ...model, zones: model.zones.map((zone) => (zone.code === 'CWB' ? { ...zone, isActive: false } : zone)) };
    expect(thrown(() => calculatePremium(valid, retired, plainContext)).message).toContain("Risk zone 'CWB' is not one we price any more.");
  });

  it('accepts a zone code in any case', () => {
    expect(calculatePremium({ ...valid, zone: 'cwb' }, model, plainContext).zone.code).toBe('CWB');
  });

  it('rejects a crop it does not protect and lists the ones it does', () => {
    const error = thrown(() => calculatePremium({ ...valid, cropAllocations: [{ ...wheat(10), type: 'sorghum' }] }, model, plainContext));
    expect(error.code).toBe('UNKNOWN_CROP');
    expect(error.message).toBe("Crop allocation 1: we do not offer protection for 'sorghum'. Choose one of: wheat, barley, canola, lupins, oats, field peas, triticale, rye, chickpeas.");
  });

  it('matches crops regardless of case and spacing', () => {
    const result = calculatePremium({ ...valid, cropAllocations: [{ ...wheat(10), type: '  Field   Peas ' }] }, model, plainContext);
    expect(result.breakdown[0]?.cropType).toBe('field peas');
  });

  it('rejects a hurdle that is not offered', () => {
    const error = thrown(() => calculatePremium({ ...valid, cropAllocations: [wheat(10), wheat(10, 7.5)] }, model, plainContext));
    expect(error.code).toBe('HURDLE_NOT_OFFERED');
    expect(error.message).toBe('Crop allocation 2 (wheat): a 7.5% hurdle is not offered. Choose one of: 0%, 5%, 10%, 15%, 20%.');
  });

  it('rejects impossible allocation numbers with the allocation named', () => {
    expect(thrown(() => calculatePremium({ ...valid, cropAllocations: [wheat(0)] }, model, plainContext)).message).toBe('Crop allocation 1 (wheat): hectares must be greater than 0');
    expect(thrown(() => calculatePremium({ ...valid, cropAllocations: [{ ...wheat(5), expectedYield: Number.NaN }] }, model, plainContext)).message).toBe(
      'Crop allocation 1 (wheat): expected yield must be greater than 0 tonnes per hectare',
    );
    expect(thrown(() => calculatePremium({ ...valid, cropAllocations: [{ ...wheat(5), pricePerTonne: -1 }] }, model, plainContext)).message).toBe(
      'Crop allocation 1 (wheat): price per tonne must be greater than $0',
    );
  });

  it('rejects a quote date that is not a calendar date', () => {
    const error = thrown(() => calculatePremium(valid, model, { ...plainContext, quoteDate: '2025-02-30' }));
    expect(error.code).toBe('INVALID_CONTEXT');
    expect(error.message).toBe("Quote date '2025-02-30' must be a calendar date written YYYY-MM-DD");
  });
});

describe('coverage types', () => {
  it("prices 'both' as the zone's package share of hail + fire", () => {
    const allocations = [wheat(100), { type: 'lupins', hectares: 50, expectedYield: 1.5, pricePerTonne: 420, hurdlePercentage: 10 }];
    const price = (coverageType: 'hail' | 'fire' | 'both') => calculatePremium({ coverageType, zone: 'EWB', cropAllocations: allocations }, model, plainContext).grossPremium;
    // EWB: hail 1.35, fire 1.40, both 2.45 → share 2.45 / 2.75.
    expect(price('both')).toBeCloseTo(((price('hail') + price('fire')) * 2.45) / 2.75, 1);
    expect(price('both')).toBeLessThan(price('hail') + price('fire'));
  });
});

describe('discounts', () => {
  const bigWheat = { coverageType: 'hail' as const, zone: 'CWB', cropAllocations: [wheat(2_000)] };

  it('volume discount is graduated by insured value', () => {
    const rule = {
      bands: [
        { fromInsuredValue: 0, rate: 0 },
        { fromInsuredValue: 1_000_000, rate: 0.025 },
        { fromInsuredValue: 3_000_000, rate: 0.05 },
      ],
    };
    expect(volumeDiscountRate(rule, 0)).toBe(0);
    expect(volumeDiscountRate(rule, 1_000_000)).toBe(0);
    expect(volumeDiscountRate(rule, 2_000_000)).toBeCloseTo(0.0125, 12);
    expect(volumeDiscountRate(rule, 4_000_000)).toBeCloseTo((2_000_000 * 0.025 + 1_000_000 * 0.05) / 4_000_000, 12);
  });

  it('applies only the discounts whose conditions are met', () => {
    // 2,000 ha × 2.5 × 340 = $1,700,000 → gross 1,700,000 × 1.2% = $20,400.
    const none = calculatePremium(bigWheat, model, plainContext);
    expect(none.grossPremium).toBe(20_400);
    expect(none.appliedDynamicDiscounts.map((discount) => discount.kind)).toEqual(['volume']);
    // (700,000 × 2.5%) / 1,700,000 of 20,400 = 210.
    expect(none.appliedDynamicDiscounts[0]?.amount).toBe(210);
    expect(none.premium).toBe(20_190);

    const referrerWithoutValidCode = calculatePremium({ ...bigWheat, referrerCode: 'NOPE' }, model, plainContext);
    expect(referrerWithoutValidCode.premium).toBe(20_190);
    const validButNoCode = calculatePremium({ ...bigWheat, referrerCode: '  ' }, model, { ...plainContext, referrerCodeIsValid: true });
    expect(validButNoCode.premium).toBe(20_190);

    const oneSeason = calculatePremium(bigWheat, model, { ...plainContext, priorMemberSeasons: 1 });
    expect(oneSeason.premium).toBe(20_190);
    const twoSeasons = calculatePremium(bigWheat, model, { ...plainContext, priorMemberSeasons: 2 });
    expect(twoSeasons.appliedDynamicDiscounts.find((discount) => discount.kind === 'multiYear')?.amount).toBe(612);
    expect(twoSeasons.premium).toBe(19_578);
  });

  it('early-season window is inclusive and may wrap the year end', () => {
    expect(isWithinWindow('2025-04-01', '04-01', '06-30')).toBe(true);
    expect(isWithinWindow('2025-06-30', '04-01', '06-30')).toBe(true);
    expect(isWithinWindow('2025-03-31', '04-01', '06-30')).toBe(false);
    expect(isWithinWindow('2025-07-01', '04-01', '06-30')).toBe(false);
    expect(isWithinWindow('2025-12-31', '11-15', '02-15')).toBe(true);
    expect(isWithinWindow('2026-02-15', '11-15', '02-15')).toBe(true);
    expect(isWithinWindow('2026-02-16', '11-15', '02-15')).toBe(false);
    const early = calculatePremium(bigWheat, model, { ...plainContext, quoteDate: '2025-06-30' });
    expect(early.appliedDynamicDiscounts.find((discount) => discount.kind === 'earlySeason')?.amount).toBe(816);
  });

  it('caps the sum of dynamic rates and scales each discount down in proportion', () => {
    const tightCap: PricingModel = { ...model, maxTotalDiscountRate: 0.05 };
    // Early 4% + multi-year 3% + referrer 2% + volume 1.029…% > 5%: total discount 5% of 20,400 = 1,020.
    const result = calculatePremium({ ...bigWheat, referrerCode: 'R1' }, tightCap, { quoteDate: '2025-05-01', priorMemberSeasons: 5, referrerCodeIsValid: true });
    expect(result.totalDiscountAmount).toBe(1_020);
    expect(result.premium).toBe(19_380);
    const amounts = result.appliedDynamicDiscounts.map((discount) => discount.amount);
    expect(amounts.reduce((total, amount) => Math.round((total + amount) * 100) / 100, 0)).toBe(1_020);
    const early = result.appliedDynamicDiscounts.find((discount) => discount.kind === 'earlySeason');
    const multi = result.appliedDynamicDiscounts.find((discount) => discount.kind === 'multiYear');
    expect(early && multi ? early.amount / multi.amount : 0).toBeCloseTo(4 / 3, 3);
    expect(early?.description).toContain('capped at 5%');
  });

  it('coverage-preference factors discount only their peril part', () => {
    const preferences = { hailNetting: true, irrigation: true, frostPrevention: true };
    const small = { zone: 'CWB', cropAllocations: [wheat(120)], coveragePreferences: preferences };
    // Value 102,000: hail part 1,224.00, fire part 1,071.00; package share 2.00 / 2.25.
    const hail = calculatePremium({ ...small, coverageType: 'hail' }, model, plainContext);
    expect(hail.appliedDynamicDiscounts.map((discount) => [discount.id, discount.amount])).toEqual([['factor-hail-netting', 122.4]]);
    expect(hail.premium).toBe(1_101.6);
    const fire = calculatePremium({ ...small, coverageType: 'fire' }, model, plainContext);
    expect(fire.appliedDynamicDiscounts.map((discount) => [discount.id, discount.amount])).toEqual([['factor-irrigation', 53.55]]);
    expect(fire.premium).toBe(1_017.45);
    const both = calculatePremium({ ...small, coverageType: 'both' }, model, plainContext);
    // Gross (1,224 + 1,071) × 2/2.25 = 2,040. Netting 122.40 × 2/2.25 = 108.80; irrigation 53.55 × 2/2.25 = 47.60.
    expect(both.grossPremium).toBe(2_040);
    expect(both.appliedDynamicDiscounts.map((discount) => [discount.id, discount.amount])).toEqual([
      ['factor-hail-netting', 108.8],
      ['factor-irrigation', 47.6],
    ]);
    expect(both.premium).toBe(1_883.6);
    const withoutPreferences = calculatePremium({ ...small, coverageType: 'both', coveragePreferences: undefined }, model, plainContext);
    expect(withoutPreferences.totalDiscountAmount).toBe(0);
    expect(withoutPreferences.premium).toBe(2_040);
  });

  it('rounds the premium half up and derives the discount from it, so the parts add up', () => {
    // Value 105,000 (fire 1.05%): fire part 1,102.50; irrigation 5% = 55.125; net 1,047.375 → 1,047.38.
    const result = calculatePremium({ coverageType: 'fire', zone: 'CWB', cropAllocations: [{ ...wheat(100), pricePerTonne: 420 }], coveragePreferences: { irrigation: true } }, model, plainContext);
    expect(result.grossPremium).toBe(1_102.5);
    expect(result.premium).toBe(1_047.38);
    expect(result.totalDiscountAmount).toBe(55.12);
    expect(result.appliedDynamicDiscounts.map((discount) => discount.amount)).toEqual([55.12]);
  });

  it('minimum premium takes back discounts before it tops up', () => {
    // 14 ha wheat: value 11,900, hail 142.80 gross.
    const small = { coverageType: 'hail' as const, zone: 'CWB', cropAllocations: [wheat(14)] };
    const lowMinimum: PricingModel = { ...model, minimumPremium: 130 };
    const result = calculatePremium(small, lowMinimum, { quoteDate: '2025-05-01', priorMemberSeasons: 3, referrerCodeIsValid: false });
    // Early 4% + multi-year 3% = 7% → 132.80 net, above 130: unchanged.
    expect(result.premium).toBe(132.8);
    const higherMinimum: PricingModel = { ...model, minimumPremium: 140 };
    const limited = calculatePremium(small, higherMinimum, { quoteDate: '2025-05-01', priorMemberSeasons: 3, referrerCodeIsValid: false });
    expect(limited.premium).toBe(140);
    expect(limited.totalDiscountAmount).toBe(2.8);
    expect(limited.minimumPremiumTopUp).toBe(0);
    expect(limited.appliedDynamicDiscounts.map((discount) => discount.amount)).toEqual([1.6, 1.2]);
  });
});

describe('issues are reported, never silently applied', () => {
  it('flags allocation and quote area limits but prices the full area', () => {
    const result = calculatePremium(
      { coverageType: 'hail', zone: 'CWB', cropAllocations: [wheat(0.5), wheat(6_000), wheat(5_000), wheat(5_000), wheat(5_000), wheat(5_000), wheat(5_000)] },
      model,
      plainContext,
    );
    expect(result.insuredValue).toBe(31_000.5 * 2.5 * 340);
    expect(result.areaLimitIssues).toEqual([
      {
        code: 'AREA_BELOW_MINIMUM',
        allocationIndex: 0,
        message: 'Crop allocation 1 (wheat) is 0.5 ha; each crop allocation must be at least 1 ha. Combine it with a neighbouring section of the same crop or leave it out.',
      },
      {
        code: 'AREA_ABOVE_MAXIMUM',
        allocationIndex: 1,
        message: 'Crop allocation 2 (wheat) is 6,000 ha; each crop allocation can be at most 5,000 ha. Split it into smaller paddock sections, or call us to arrange cover.',
      },
      {
        code: 'AREA_ABOVE_MAXIMUM',
        allocationIndex: null,
        message: 'The quote covers 31,000.5 ha; one quote can cover at most 30,000 ha. Call us to arrange cover for a holding this size.',
      },
    ]);
  });

  it('flags canola above its share of the insured value', () => {
    const result = calculatePremium(
      {
        coverageType: 'hail',
        zone: 'CWB',
        cropAllocations: [{ type: 'canola', hectares: 300, expectedYield: 1.5, pricePerTonne: 700, hurdlePercentage: 15 }, wheat(100)],
      },
      model,
      plainContext,
    );
    // Canola 315,000 of 400,000 = 78.75%.
    expect(result.canolaCapInfo?.shareOfInsuredValue).toBe(0.7875);
    expect(result.canolaValidationIssues).toEqual([
      {
        code: 'CANOLA_SHARE_EXCEEDED',
        allocationIndex: null,
        message: 'Canola makes up 78.75% of the value protected; the mutual accepts canola up to 60% of a quote. Reduce the canola hectares, add the other crops you are growing, or call us to discuss.',
      },
    ]);
  });

  it('has no canola information without canola', () => {
    const result = calculatePremium({ coverageType: 'hail', zone: 'CWB', cropAllocations: [wheat(100)] }, model, plainContext);
    expect(result.canolaCapInfo).toBeNull();
    expect(result.canolaValidationIssues).toEqual([]);
  });
});
