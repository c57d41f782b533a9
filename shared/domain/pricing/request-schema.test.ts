import { describe, expect, it } from 'vitest';
import {
  COVERAGE_TYPE_REQUIRED_MESSAGE,
  discountAmountSchema,
  MAX_FIXED_DISCOUNT,
  NO_VALID_CROP_SECTIONS_MESSAGE,
  pricingCalculateRequestSchema,
  pricingCalculateResponseSchema,
  RISK_ZONE_REQUIRED_MESSAGE,
} from '../../contracts/pricing';
import { DEFAULT_PRICING_MODEL } from './default-model';
import { calculatePremium } from './engine';

/** The POST /api/pricing/calculate contract (shared/contracts/pricing.ts). */

const allocation = { type: 'wheat', hectares: 100, expectedYield: 2.5, pricePerTonne: 340, hurdlePercentage: 5 };
const body = { coverageType: 'hail', cropAllocations: [allocation], zone: 'CWB' };

function messages(input: unknown): string[] {
  const parsed = pricingCalculateRequestSchema.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

describe('pricing request schema', () => {
  it('accepts the docs/behaviour.md §7 body and fills the coverage preferences', () => {
    expect(pricingCalculateRequestSchema.parse({ ...body, zone: ' CWB ' })).toEqual({
      ...body,
      zone: 'CWB',
      coveragePreferences: { irrigation: false, hailNetting: false, frostPrevention: false },
    });
  });

  it('words a price per tonne over the ceiling in dollars, with what to check', () => {
    expect(messages({ ...body, cropAllocations: [{ ...allocation, pricePerTonne: 5_001 }] })).toEqual([
      'cropAllocations.0.pricePerTonne: Price per tonne must be at most $5,000; check it is per tonne, not per hectare',
    ]);
  });

  it('words a fixed discount over the ceiling in dollars', () => {
    const parsed = discountAmountSchema.safeParse({ type: 'fixed', value: MAX_FIXED_DISCOUNT + 1 });
    expect(parsed.success ? [] : parsed.error.issues.map((issue) => issue.message)).toEqual(['A fixed discount must be at most $100,000']);
  });

  it('gives the docs/behaviour.md §8 texts, in precondition order, for an empty body', () => {
    expect(messages({})).toEqual([`coverageType: ${COVERAGE_TYPE_REQUIRED_MESSAGE}`, `cropAllocations: ${NO_VALID_CROP_SECTIONS_MESSAGE}`, `zone: ${RISK_ZONE_REQUIRED_MESSAGE}`]);
    expect(messages({ ...body, coverageType: '' })).toEqual([`coverageType: ${COVERAGE_TYPE_REQUIRED_MESSAGE}`]);
    expect(messages({ ...body, cropAllocations: [] })).toEqual([`cropAllocations: ${NO_VALID_CROP_SECTIONS_MESSAGE}`]);
    expect(messages({ ...body, zone: '   ' })).toEqual([`zone: ${RISK_ZONE_REQUIRED_MESSAGE}`]);
  });

  it('says what to fix in a crop allocation', () => {
    expect(messages({ ...body, coverageType: 'flood' })).toEqual(["coverageType: Coverage type must be 'hail', 'fire' or 'both'"]);
    expect(
      messages({
        ...body,
        cropAllocations: [
          { ...allocation, hectares: 0 },
          { ...allocation, expectedYield: 25 },
          { ...allocation, pricePerTonne: '340' },
          { type: ' ', hectares: 1, expectedYield: 1, pricePerTonne: 1 },
        ],
      }),
    ).toEqual([
      'cropAllocations.0.hectares: Hectares must be greater than 0',
      'cropAllocations.1.expectedYield: Expected yield must be at most 20 tonnes per hectare; check it is in t/ha, not total tonnes',
      'cropAllocations.2.pricePerTonne: Price per tonne must be a number (dollars per tonne)',
      'cropAllocations.3.type: Crop type is required for every crop allocation',
      'cropAllocations.3.hurdlePercentage: Hurdle percentage is required (use 0 for no hurdle)',
    ]);
  });

  it('describes what the engine returns', () => {
    const request = pricingCalculateRequestSchema.parse(body);
    const response = calculatePremium(request, DEFAULT_PRICING_MODEL, { quoteDate: '2025-07-15', priorMemberSeasons: 0, referrerCodeIsValid: false });
    expect(pricingCalculateResponseSchema.parse(response)).toEqual(response);
  });
});
