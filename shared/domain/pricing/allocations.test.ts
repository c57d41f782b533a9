import { describe, expect, it } from 'vitest';
import { COVERAGE_TYPE_REQUIRED_MESSAGE, NO_VALID_CROP_SECTIONS_MESSAGE, RISK_ZONE_REQUIRED_MESSAGE } from '../../contracts/pricing';
import type { PaddockSectionInput, QuotePricingInput } from './allocations';
import { extractCropAllocations, preparePricingRequest } from './allocations';
import { PricingError } from './types';

function section(id: string, fields: Partial<PaddockSectionInput> = {}): PaddockSectionInput {
  return { id, name: `Paddock ${id}`, area: 100, crop: 'wheat', expectedYield: 2, pricePerTonne: 300, hurdlePercentage: 5, ...fields };
}

describe('extractCropAllocations (docs/behaviour.md §5 pricing preconditions)', () => {
  it('prices only sections with an assigned crop, and says why the others were left out', () => {
    const result = extractCropAllocations({
      yieldPriceMode: 'section',
      paddockSections: [
        section('1'),
        section('2', { crop: 'Unassigned' }),
        section('3', { crop: '' }),
        section('4', { crop: null }),
        section('5', { isGroup: true }),
        section('6', { crop: 'group' }),
        section('7', { isExcluded: true }),
        section('8', { crop: 'No Protection' }),
        section('9', { crop: 'barley' }),
      ],
    });
    expect(result.allocations.map((allocation) => allocation.type)).toEqual(['wheat', 'barley']);
    expect(result.sectionIds).toEqual(['1', '9']);
    expect(result.skippedSections.map((skipped) => [skipped.sectionId, skipped.reason])).toEqual([
      ['2', 'unassigned'],
      ['3', 'unassigned'],
      ['4', 'unassigned'],
      ['5', 'group'],
      ['6', 'group'],
      ['7', 'excluded'],
      ['8', 'noProtection'],
    ]);
    expect(result.skippedSections[0]?.message).toBe("'Paddock 2' has no crop assigned; choose its crop to include it.");
    expect(result.totalSectionsProvided).toBe(9);
    expect(result.coveredSectionsCount).toBe(2);
    expect(result.coveredArea).toBe(200);
  });

  it('uses the user-defined area when present, else the mapped area', () => {
    const result = extractCropAllocations({
      yieldPriceMode: 'section',
      paddockSections: [
        section('1', { area: 100, userDefinedArea: 87.5 }),
        section('2', { area: 60, userDefinedArea: null }),
        section('3', { area: 40, userDefinedArea: undefined }),
        section('4', { area: 0, userDefinedArea: 0 }),
      ],
    });
    expect(result.allocations.map((allocation) => allocation.hectares)).toEqual([87.5, 60, 40]);
    expect(result.skippedSections).toEqual([{ sectionId: '4', sectionName: 'Paddock 4', reason: 'noArea', message: "'Paddock 4' has no area; map it or enter its area in hectares." }]);
    expect(result.coveredArea).toBe(187.5);
  });

  it("crop mode takes yield, price and hurdle from the crop's details only, as the quote's validation does", () => {
    const result = extractCropAllocations({
      yieldPriceMode: 'crop',
      cropDetails: {
        wheat: { expectedYield: 2.8, pricePerTonne: 355, hurdlePercentage: 10 },
        Canola: { expectedYield: 1.3, pricePerTonne: 690, hurdlePercentage: null },
        barley: { expectedYield: 2, pricePerTonne: null, hurdlePercentage: 5 },
      },
      paddockSections: [
        section('1'),
        section('2', { crop: 'canola', pricePerTonne: 700, hurdlePercentage: 15 }),
        section('3', { crop: 'barley', pricePerTonne: 300 }),
        section('4', { crop: 'lupins', expectedYield: 1.4, pricePerTonne: 420 }),
      ],
    });
    expect(result.allocations).toEqual([
      { type: 'wheat', hectares: 100, expectedYield: 2.8, pricePerTonne: 355, hurdlePercentage: 10 },
      { type: 'canola', hectares: 100, expectedYield: 1.3, pricePerTonne: 690, hurdlePercentage: 0 },
    ]);
    // The section's own figures are not used in crop mode: what the crop lacks is missing.
    expect(result.skippedSections.map((skipped) => skipped.message)).toEqual([
      "'Paddock 3' (barley) has no price; enter the expected price per tonne.",
      "'Paddock 4' (lupins) has no expected yield; enter it in tonnes per hectare.",
    ]);
    expect(result.hasHurdleSet).toBe(true);
  });

  it("group mode takes the group's average yield, price and hurdle only", () => {
    const result = extractCropAllocations({
      yieldPriceMode: 'group',
      cropDetails: { wheat: { expectedYield: 9, pricePerTonne: 999, hurdlePercentage: 20 } },
      groupDetails: {
        g1: { id: 'g1', name: 'North block', averageYield: 2.4, averagePrice: 330, hurdlePercentage: 0 },
        g2: { id: 'g2', name: 'South block', averageYield: null, averagePrice: 310 },
      },
      paddockSections: [section('1', { groupId: 'g1' }), section('2', { groupId: 'g2', expectedYield: 1.9 }), section('3', { groupId: 'missing' }), section('4', { groupId: null })],
    });
    expect(result.allocations).toEqual([{ type: 'wheat', hectares: 100, expectedYield: 2.4, pricePerTonne: 330, hurdlePercentage: 0 }]);
    expect(result.skippedSections.map((skipped) => [skipped.sectionId, skipped.reason])).toEqual([
      ['2', 'noYield'],
      ['3', 'noYield'],
      ['4', 'noYield'],
    ]);
    expect(result.hasHurdleSet).toBe(false);
  });

  it("section mode takes each section's own figures", () => {
    const result = extractCropAllocations({ yieldPriceMode: 'section', cropDetails: { wheat: { expectedYield: 9, pricePerTonne: 999 } }, paddockSections: [section('1')] });
    expect(result.allocations).toEqual([{ type: 'wheat', hectares: 100, expectedYield: 2, pricePerTonne: 300, hurdlePercentage: 5 }]);
  });

  it('leaves out a section without a price and names what is missing', () => {
    const result = extractCropAllocations({ yieldPriceMode: 'section', paddockSections: [section('1', { name: 'Back 40', pricePerTonne: 0 })] });
    expect(result.allocations).toEqual([]);
    expect(result.skippedSections[0]?.message).toBe("'Back 40' (wheat) has no price; enter the expected price per tonne.");
  });
});

describe('preparePricingRequest', () => {
  const quote: QuotePricingInput = { paddockSections: [section('1')], yieldPriceMode: 'section', zone: 'CWB' };

  function errorOf(run: () => unknown): PricingError | undefined {
    try {
      run();
    } catch (error) {
      if (error instanceof PricingError) return error;
      throw error;
    }
    return undefined;
  }

  it('checks coverage type, then allocations, then zone, with the docs/behaviour.md §8 texts', () => {
    const empty: QuotePricingInput = { paddockSections: [section('1', { crop: 'Unassigned' })], zone: '' };
    expect(errorOf(() => preparePricingRequest(empty, null))?.message).toBe(COVERAGE_TYPE_REQUIRED_MESSAGE);
    expect(errorOf(() => preparePricingRequest(empty, 'hail'))?.message).toBe(NO_VALID_CROP_SECTIONS_MESSAGE);
    expect(errorOf(() => preparePricingRequest({ ...quote, zone: '  ' }, 'hail'))?.message).toBe(RISK_ZONE_REQUIRED_MESSAGE);
    expect(errorOf(() => preparePricingRequest({ ...quote, zone: null }, 'fire'))?.code).toBe('ZONE_REQUIRED');
  });

  it('builds the docs/behaviour.md §7 body with preferences all false unless given', () => {
    const prepared = preparePricingRequest({ ...quote, referrerCode: ' MATE10 ' }, 'both');
    expect(prepared.request).toEqual({
      coverageType: 'both',
      cropAllocations: [{ type: 'wheat', hectares: 100, expectedYield: 2, pricePerTonne: 300, hurdlePercentage: 5 }],
      zone: 'CWB',
      referrerCode: 'MATE10',
      coveragePreferences: { irrigation: false, hailNetting: false, frostPrevention: false },
    });
    expect(preparePricingRequest({ ...quote, referrerCode: '' }, 'hail').request).not.toHaveProperty('referrerCode');
    expect(prepared.extraction.coveredSectionsCount).toBe(1);
  });
});
