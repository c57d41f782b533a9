import { describe, expect, it } from 'vitest';
import type { QuoteStateInput } from '../../contracts/quote';
import { displayAmounts } from '../estimates';
import { resolveSectionCropInputs } from '../quote/validation';
import { DEFAULT_AGRICULTURE_ZONES, DEFAULT_PRICING_MODEL } from './default-model';
import { calculatePremium } from './engine';
import { hurdleOptionsForCrop, hurdlesBelowMinimum, priceQuote, quotePricingInput, waCalendarDate } from './quote-pricing';

const context = { quoteDate: '2025-07-15', priorMemberSeasons: 0, referrerCodeIsValid: false };

const quote: QuoteStateInput = {
  farmData: {
    zone: 'CWB',
    farmLocation: { lat: -31.65, lng: 117.24 },
    paddockSections: [
      { id: 'a', name: 'North', area: 400, crop: 'wheat', expectedYield: 9, pricePerTonne: 9, hurdlePercentage: 0, groupId: 'g1' },
      { id: 'b', name: 'Creek', area: 200, userDefinedArea: 150, crop: 'canola', groupId: 'g1' },
      { id: 'c', name: 'Scrub', area: 30, crop: 'Unassigned' },
    ],
  },
  cropDetails: {
    byCrop: { wheat: { expectedYield: 2.5, pricePerTonne: 340, hurdlePercentage: 5 }, canola: { expectedYield: 1.4, pricePerTonne: 720, hurdlePercentage: 15 } },
    groupDetails: { g1: { id: 'g1', averageYield: 2, averagePrice: 300, hurdlePercentage: 10 } },
  },
};

describe('quotePricingInput', () => {
  it('takes yield, price and hurdle from the crop details in crop mode (docs/pricing.md example 1)', () => {
    const priced = priceQuote(quote, 'hail', DEFAULT_PRICING_MODEL, context, DEFAULT_AGRICULTURE_ZONES);
    expect(priced.extraction.allocations).toEqual([
      { type: 'wheat', hectares: 400, expectedYield: 2.5, pricePerTonne: 340, hurdlePercentage: 5 },
      { type: 'canola', hectares: 150, expectedYield: 1.4, pricePerTonne: 720, hurdlePercentage: 15 },
    ]);
    expect(priced.pricing.premium).toBe(5_857.32);
    expect(priced.estimate.premium).toBe(displayAmounts(5_857.32).displayedPremium);
    expect(priced.estimate).toMatchObject({ totalPayable: 7_578.78, coveredArea: 550, coveredSectionsCount: 2, totalSectionsProvided: 3, riskZone: 'CWB' });
    expect(priced.estimate.coverageDetails).toEqual({ coverageType: 'hail', coverageTypeDescription: 'Hail' });
  });

  it('takes them from the group in group mode and from the section in section mode', () => {
    const group = quotePricingInput({ ...quote, farmData: { ...quote.farmData, yieldPriceMode: 'group' } });
    expect(group.yieldPriceMode).toBe('group');
    const section = priceQuote({ ...quote, cropDetails: { ...quote.cropDetails, yieldPriceMode: 'section' } }, 'fire', DEFAULT_PRICING_MODEL, context, DEFAULT_AGRICULTURE_ZONES);
    expect(section.extraction.allocations[0]).toEqual({ type: 'wheat', hectares: 400, expectedYield: 9, pricePerTonne: 9, hurdlePercentage: 0 });
    expect(section.pricing).toEqual(calculatePremium({ coverageType: 'fire', zone: 'CWB', cropAllocations: section.extraction.allocations }, DEFAULT_PRICING_MODEL, context));
  });

  it('prices a section only from figures the wizard’s validation also reads', () => {
    // Canola's crop details are gone; the section's own figures must not stand in for them.
    const withoutCanola: QuoteStateInput = { ...quote, cropDetails: { ...quote.cropDetails, byCrop: { wheat: quote.cropDetails!.byCrop!['wheat']! } } };
    const creek = withoutCanola.farmData!.paddockSections!.find((section) => section.id === 'b')!;
    const creekWithFigures = { ...creek, expectedYield: 1.2, pricePerTonne: 700 };
    const quoteWithFigures = {
      ...withoutCanola,
      farmData: { ...withoutCanola.farmData, paddockSections: withoutCanola.farmData!.paddockSections!.map((section) => (section.id === 'b' ? creekWithFigures : section)) },
    };
    expect(resolveSectionCropInputs(creekWithFigures, quoteWithFigures)).toEqual({ crop: 'canola', expectedYield: undefined, pricePerTonne: undefined, hurdlePercentage: undefined });
    const priced = priceQuote(quoteWithFigures, 'hail', DEFAULT_PRICING_MODEL, context, DEFAULT_AGRICULTURE_ZONES);
    expect(priced.extraction.allocations.map((allocation) => allocation.type)).toEqual(['wheat']);
    expect(priced.extraction.skippedSections.map((skipped) => skipped.sectionId)).toEqual(['b', 'c']);
  });

  it('throws the docs/behaviour.md §8 texts for the preconditions', () => {
    expect(() => priceQuote(quote, null, DEFAULT_PRICING_MODEL, context, DEFAULT_AGRICULTURE_ZONES)).toThrow('Coverage type is required for estimate calculation');
    expect(() => priceQuote({ farmData: { zone: 'CWB' } }, 'hail', DEFAULT_PRICING_MODEL, context, DEFAULT_AGRICULTURE_ZONES)).toThrow(/^No valid crop sections/);
    expect(() => priceQuote({ ...quote, farmData: { ...quote.farmData, zone: '' } }, 'hail', DEFAULT_PRICING_MODEL, context, DEFAULT_AGRICULTURE_ZONES)).toThrow(/^Risk zone is required/);
  });
});

describe('crop minimum hurdles', () => {
  const minimums = [
    { cropType: 'canola', minimumHurdlePercentage: 10 },
    { cropType: 'wheat', minimumHurdlePercentage: 0 },
  ];
  it('names each allocation below its crop’s minimum, once', () => {
    expect(
      hurdlesBelowMinimum(
        [
          { type: 'Canola', hurdlePercentage: 5 },
          { type: 'canola', hurdlePercentage: 5 },
          { type: 'wheat', hurdlePercentage: 0 },
          { type: 'rye', hurdlePercentage: 0 },
        ],
        minimums,
      ),
    ).toEqual(['Canola needs a hurdle of at least 10% (it has 5%); choose 10% or more.', 'canola needs a hurdle of at least 10% (it has 5%); choose 10% or more.']);
  });
  it('offers only the options at or above the minimum', () => {
    const options = [20, 0, 10, 5].map((percentage) => ({ percentage }));
    expect(hurdleOptionsForCrop(options, 10).map((option) => option.percentage)).toEqual([10, 20]);
    expect(hurdleOptionsForCrop(options, undefined).map((option) => option.percentage)).toEqual([0, 5, 10, 20]);
  });
});

describe('WA dates', () => {
  it('uses the calendar date in Perth (UTC+8, no daylight saving)', () => {
    expect(waCalendarDate(new Date('2025-06-30T15:59:59Z'))).toBe('2025-06-30');
    expect(waCalendarDate(new Date('2025-06-30T16:00:00Z'))).toBe('2025-07-01');
  });
});
