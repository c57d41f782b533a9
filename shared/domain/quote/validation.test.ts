import { describe, expect, it } from 'vitest';
import { emptyGlobalValidation } from '../../contracts/quote';
import type { SectionValidation } from '../../contracts/quote';
import {
  addSectionError,
  applyPricingModeChange,
  computeGlobalValidation,
  minimumHurdleFor,
  removeSectionError,
  removeSectionValidation,
  resetValidation,
  resolveSectionCropInputs,
  roundedRate,
  sectionRecord,
  setSectionValidation,
  validateQuoteSections,
  validateSectionCropDetails,
} from './validation';
import type { QuoteView } from './types';

const complete = { crop: 'wheat', expectedYield: 2.5, pricePerTonne: 320, hurdlePercentage: 5 };

describe('minimumHurdleFor (docs/behaviour.md §5 hurdle table)', () => {
  it.each([
    ['wheat', 0],
    ['barley', 0],
    ['canola', 10],
    ['lupins', 10],
    ['oats', 0],
    ['field peas', 10],
    ['triticale', 0],
    ['Canola', 10],
    ['chickpeas', 0],
  ])('%s → %i', (crop, minimum) => {
    expect(minimumHurdleFor(crop)).toBe(minimum);
  });

  it('prefers configured minimums, matched case-insensitively', () => {
    expect(minimumHurdleFor('canola', { Canola: 12 })).toBe(12);
    expect(minimumHurdleFor('wheat', { canola: 12 })).toBe(0);
  });
});

describe('validateSectionCropDetails', () => {
  it('a fully and correctly filled section is complete and valid', () => {
    expect(validateSectionCropDetails(complete)).toEqual({ isComplete: true, isValid: true, errors: [], warnings: [], completionRate: 100 });
  });

  it('empty fields make a section incomplete, not invalid', () => {
    expect(validateSectionCropDetails({})).toEqual({ isComplete: false, isValid: true, errors: [], warnings: [], completionRate: 0 });
    expect(validateSectionCropDetails({ crop: 'wheat' }).completionRate).toBe(25);
    expect(validateSectionCropDetails({ crop: 'wheat', expectedYield: 2 }).completionRate).toBe(50);
    expect(validateSectionCropDetails({ ...complete, hurdlePercentage: undefined }).completionRate).toBe(75);
  });

  it("treats 'Unassigned' and blank crops as no crop", () => {
    expect(validateSectionCropDetails({ ...complete, crop: 'Unassigned' }).completionRate).toBe(75);
    expect(validateSectionCropDetails({ ...complete, crop: '  ' }).isComplete).toBe(false);
  });

  it('requires yield and price above 0', () => {
    const zeroYield = validateSectionCropDetails({ ...complete, expectedYield: 0 });
    expect(zeroYield).toMatchObject({ isValid: false, isComplete: false, completionRate: 75, errors: ['Expected yield must be greater than 0'] });
    expect(validateSectionCropDetails({ ...complete, pricePerTonne: -1 }).errors).toEqual(['Price per tonne must be greater than 0']);
    expect(validateSectionCropDetails({ ...complete, expectedYield: Number.NaN }).isValid).toBe(false);
    expect(validateSectionCropDetails({ ...complete, expectedYield: 0.01 }).isValid).toBe(true);
  });

  it('refuses, as the pricing engine does, a yield over 20 t/ha or a price over $5,000 a tonne, so a section called complete can be priced', () => {
    expect(validateSectionCropDetails({ ...complete, expectedYield: 20 }).isComplete).toBe(true);
    expect(validateSectionCropDetails({ ...complete, expectedYield: 25 })).toMatchObject({
      isValid: false,
      completionRate: 75,
      errors: ['Expected yield must be at most 20 tonnes per hectare; check it is in t/ha, not total tonnes'],
    });
    expect(validateSectionCropDetails({ ...complete, pricePerTonne: 5_000 }).isComplete).toBe(true);
    expect(validateSectionCropDetails({ ...complete, pricePerTonne: 6_000 }).errors).toEqual(['Price per tonne must be at most $5,000; check it is per tonne, not per hectare']);
  });

  it("requires the hurdle to be at least the crop's minimum (both sides of the boundary)", () => {
    expect(validateSectionCropDetails({ ...complete, crop: 'canola', hurdlePercentage: 10 }).isComplete).toBe(true);
    expect(validateSectionCropDetails({ ...complete, crop: 'canola', hurdlePercentage: 9.9 }).errors).toEqual(['Hurdle for canola must be at least 10%']);
    expect(validateSectionCropDetails({ ...complete, crop: 'wheat', hurdlePercentage: 0 }).isValid).toBe(true);
    expect(validateSectionCropDetails({ ...complete, crop: 'wheat', hurdlePercentage: -1 }).isValid).toBe(false);
    expect(validateSectionCropDetails({ ...complete, crop: 'canola', hurdlePercentage: 11 }, { canola: 12 }).isValid).toBe(false);
    expect(validateSectionCropDetails({ ...complete, hurdlePercentage: 101 }).errors).toEqual(['Hurdle cannot be more than 100%']);
  });
});

describe('resolveSectionCropInputs (per yield-price mode)', () => {
  const section = { id: 's1', crop: 'wheat', groupId: 'g1', expectedYield: 1, pricePerTonne: 2, hurdlePercentage: 3 };
  const cropDetails = {
    byCrop: { wheat: { expectedYield: 2.5, pricePerTonne: 300, hurdlePercentage: 5 } },
    groupDetails: { g1: { id: 'g1', averageYield: 3, averagePrice: 280, hurdlePercentage: 10 } },
  };

  it('reads per-crop details in crop mode (the default)', () => {
    expect(resolveSectionCropInputs(section, { cropDetails })).toEqual({ crop: 'wheat', expectedYield: 2.5, pricePerTonne: 300, hurdlePercentage: 5 });
  });
  it('reads group details in group mode', () => {
    expect(resolveSectionCropInputs(section, { cropDetails: { ...cropDetails, yieldPriceMode: 'group' } })).toEqual({
      crop: 'wheat',
      expectedYield: 3,
      pricePerTonne: 280,
      hurdlePercentage: 10,
    });
    expect(resolveSectionCropInputs(section, { farmData: { yieldPriceMode: 'group' }, cropDetails }).expectedYield).toBe(3);
  });
  it('reads the section itself in section mode', () => {
    expect(resolveSectionCropInputs(section, { cropDetails: { ...cropDetails, yieldPriceMode: 'section' } }).hurdlePercentage).toBe(3);
  });
  it('does not fall back to another source', () => {
    expect(resolveSectionCropInputs({ id: 's2', crop: 'barley', expectedYield: 9 }, { cropDetails }).expectedYield).toBeUndefined();
  });
});

describe('computeGlobalValidation', () => {
  const done = sectionRecord(100);
  const half = sectionRecord(50);
  const none = sectionRecord(0);
  const wrong = sectionRecord(25, ['Expected yield must be greater than 0']);

  it('counts sections and rounds the rates', () => {
    expect(computeGlobalValidation({ a: done, b: half, c: none })).toEqual({
      isComplete: false,
      completionRate: 33,
      errors: [],
      warnings: [],
      isAllValid: true,
      totalSections: 3,
      completedSections: 1,
      userEnteredSections: 2,
      userEnteredRate: 67,
    });
  });

  it('is complete and all valid when every section is complete', () => {
    expect(computeGlobalValidation({ a: done, b: done })).toMatchObject({ isComplete: true, completionRate: 100, isAllValid: true });
  });

  it('collects errors and warnings and is not all valid with an error', () => {
    const warned: SectionValidation = { ...done, warnings: ['check yield'] };
    const global = computeGlobalValidation({ a: wrong, b: warned, c: wrong });
    expect(global.errors).toEqual(['Expected yield must be greater than 0']);
    expect(global.warnings).toEqual(['check yield']);
    expect(global.isAllValid).toBe(false);
    expect(global.userEnteredSections).toBe(3);
  });

  it('counts a section with only an error as user-entered', () => {
    expect(computeGlobalValidation({ a: sectionRecord(0, ['x']) }).userEnteredRate).toBe(100);
  });

  it('with no sections nothing is complete or all valid', () => {
    expect(computeGlobalValidation({})).toEqual(emptyGlobalValidation());
  });

  it('rounds half up', () => {
    expect(roundedRate(1, 8)).toBe(13);
    expect(roundedRate(0, 0)).toBe(0);
  });
});

describe('section record changes (docs/behaviour.md §4 Validation)', () => {
  it('recomputes the global record on every section change', () => {
    let data = resetValidation();
    data = setSectionValidation(data, 'a', sectionRecord(100));
    expect(data.global).toMatchObject({ totalSections: 1, completedSections: 1, isComplete: true });
    data = setSectionValidation(data, 'b', sectionRecord(50));
    expect(data.global).toMatchObject({ totalSections: 2, completionRate: 50 });
    data = removeSectionValidation(data, 'b');
    expect(data.global).toMatchObject({ totalSections: 1, completionRate: 100 });
  });

  it('adding an error makes a section invalid; removing its last error makes it valid', () => {
    let data = setSectionValidation(resetValidation(), 'a', sectionRecord(100));
    data = addSectionError(data, 'a', 'first');
    data = addSectionError(data, 'a', 'second');
    expect(data.sections['a']).toMatchObject({ isValid: false, errors: ['first', 'second'] });
    expect(data.global.isAllValid).toBe(false);
    data = removeSectionError(data, 'a', 'first');
    expect(data.sections['a']?.isValid).toBe(false);
    data = removeSectionError(data, 'a', 'second');
    expect(data.sections['a']).toMatchObject({ isValid: true, isComplete: true, errors: [] });
    expect(data.global.isAllValid).toBe(true);
  });

  it('resets everything when the pricing mode changes, and only then', () => {
    const data = setSectionValidation(resetValidation(), 'a', sectionRecord(100));
    expect(applyPricingModeChange(data, 'crop', 'crop')).toBe(data);
    expect(applyPricingModeChange(data, 'crop', 'group')).toEqual({ sections: {}, global: emptyGlobalValidation() });
  });
});

describe('validateQuoteSections', () => {
  it('validates each priced section, skipping excluded and group sections', () => {
    const quote: QuoteView = {
      farmData: {
        paddockSections: [
          { id: 'a', crop: 'wheat' },
          { id: 'b', crop: 'canola' },
          { id: 'c', crop: 'wheat', isExcluded: true },
          { id: 'd', isGroup: true },
        ],
      },
      cropDetails: {
        byCrop: { wheat: { expectedYield: 2, pricePerTonne: 300, hurdlePercentage: 5 }, canola: { expectedYield: 1.2, pricePerTonne: 600, hurdlePercentage: 5 } },
      },
    };
    const data = validateQuoteSections(quote);
    expect(Object.keys(data.sections)).toEqual(['a', 'b']);
    expect(data.sections['a']?.isComplete).toBe(true);
    expect(data.sections['b']?.errors).toEqual(['Hurdle for canola must be at least 10%']);
    expect(data.global).toMatchObject({ totalSections: 2, completedSections: 1, completionRate: 50, isAllValid: false });
  });

  it('says of a paddock drawn larger than a paddock can be that it cannot be priced, so the quote cannot go on', () => {
    const quote: QuoteView = {
      farmData: { paddockSections: [{ id: 'a', name: 'Shire outline', crop: 'wheat', area: 342_518.6 }] },
      cropDetails: { byCrop: { wheat: { expectedYield: 2, pricePerTonne: 300, hurdlePercentage: 5 } } },
    };
    const data = validateQuoteSections(quote);
    expect(data.sections['a']).toMatchObject({ isComplete: false, isValid: false, errors: ['Shire outline is 342,519 ha: a paddock can be at most 100,000 ha. Check its outline, or the area typed for it.'] });
    expect(data.global.isAllValid).toBe(false);
  });
});
