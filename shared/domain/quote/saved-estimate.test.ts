import { describe, expect, it } from 'vitest';
import { formatHectaresInWarning } from '../../format';
import { checkSavedEstimate, isAreaMismatch, normaliseSavedSection, reconstructSavedEstimate, savedEstimateSummary } from './saved-estimate';
import type { QuoteView } from './types';

/** A saved estimate with nothing to warn about. */
const clean: QuoteView = {
  personalDetails: { firstName: 'Jan', lastName: 'Smit', email: 'jan@example.com' },
  farmData: {
    address: 'Merredin WA',
    hectares: 100,
    paddockSections: [
      { id: 's1', name: 'North', area: 60, crop: 'wheat' },
      { id: 's2', name: 'South', area: 40, crop: 'barley' },
    ],
  },
  cropDetails: { byCrop: { wheat: { expectedYield: 2 } } },
  estimates: { fire: { premium: 500 } },
};

function withSections(areas: number[], farmTotal: number | null = 100): QuoteView {
  return {
    ...clean,
    farmData: { ...clean.farmData, hectares: farmTotal ?? undefined, paddockSections: areas.map((area, i) => ({ id: `s${i}`, name: `P${i}`, area, crop: 'wheat' })) },
  };
}

describe('checkSavedEstimate (docs/behaviour.md §5)', () => {
  it('has no warnings for complete data', () => {
    expect(checkSavedEstimate(clean)).toEqual([]);
  });

  it('lists every warning, in the SPEC order', () => {
    expect(checkSavedEstimate({})).toEqual([
      'Missing email address',
      'Missing first and last name',
      'Missing farm location and address',
      'No paddock sections',
      'No crop details',
      'No estimate for any coverage type',
    ]);
    const bad: QuoteView = {
      farmData: {
        hectares: 100,
        paddockSections: [
          { id: 's1', name: 'Creek', area: 0 },
          { id: 's2', name: '', area: -3, crop: 'wheat' },
          { id: 's3', name: 'Hill', area: 5, crop: '' },
        ],
      },
    };
    expect(checkSavedEstimate(bad)).toEqual([
      'Missing email address',
      'Missing first and last name',
      'Missing farm location and address',
      'No crop details',
      'No estimate for any coverage type',
      'Paddock section "Creek" has no area (0 ha or less)',
      'Paddock section "s2" has no area (0 ha or less)',
      'Paddock section "Creek" has no crop type',
      'Paddock section "Hill" has no crop type',
      // A negative area is no area: it adds nothing to the sections' total, as it prices nothing.
      'Area mismatch: sections total 5.0ha vs farm total 100.0ha',
    ]);
  });

  it('warns about the name only when both first and last name are missing', () => {
    const only = (personalDetails: QuoteView['personalDetails']) => checkSavedEstimate({ ...clean, personalDetails });
    expect(only({ firstName: 'Jan', email: 'a@b.au' })).toEqual([]);
    expect(only({ lastName: 'Smit', email: 'a@b.au' })).toEqual([]);
    expect(only({ firstName: ' ', lastName: '', email: 'a@b.au' })).toEqual(['Missing first and last name']);
    expect(only({ firstName: 'Jan' })).toEqual(['Missing email address']);
  });

  it('accepts a farm location or an address', () => {
    expect(checkSavedEstimate({ ...clean, farmData: { ...clean.farmData, address: '', farmLocation: { lat: -31, lng: 118 } } })).toEqual([]);
  });

  it('accepts group details as crop details and any coverage type as an estimate', () => {
    expect(checkSavedEstimate({ ...clean, cropDetails: { groupDetails: { g: { id: 'g' } } }, estimates: { both: {} } })).toEqual([]);
  });

  it('uses the user-defined area when present, and the mapped one when the typed area is 0, as the pricing does', () => {
    const section = { id: 'a', name: 'A', area: 0, userDefinedArea: 100, crop: 'wheat' };
    expect(checkSavedEstimate({ ...clean, farmData: { ...clean.farmData, paddockSections: [section] } })).toEqual([]);
    expect(checkSavedEstimate({ ...clean, farmData: { ...clean.farmData, paddockSections: [{ ...section, userDefinedArea: 0, area: 100 }] } })).toEqual([]);
    expect(checkSavedEstimate({ ...clean, farmData: { ...clean.farmData, paddockSections: [{ ...section, userDefinedArea: 0, area: 0 }] } })).toEqual([
      'Paddock section "A" has no area (0 ha or less)',
      'Area mismatch: sections total 0.0ha vs farm total 100.0ha',
    ]);
  });

  describe('area mismatch: larger of 10% or 1 ha, both sides of the boundary', () => {
    it.each([
      [[60, 50], 100, false], // +10 ha = 10%: at the tolerance
      [[60, 50.1], 100, true], // +10.1 ha
      [[45, 45], 100, false], // −10 ha
      [[45, 44.9], 100, true], // −10.1 ha
      [[55.1, 54.9], 100, false], // float sum 110.00000000000001 stays at the boundary
      [[6], 5, false], // 10% is 0.5 ha, so 1 ha applies: +1 ha
      [[6.1], 5, true], // +1.1 ha
      [[4], 5, false], // −1 ha
      [[3.9], 5, true], // −1.1 ha
    ] as const)('sections %j vs farm %i ha → mismatch %s', (areas, farm, expected) => {
      const warnings = checkSavedEstimate(withSections([...areas], farm));
      expect(warnings.some((warning) => warning.startsWith('Area mismatch'))).toBe(expected);
    });

    it('uses the exact text with one decimal', () => {
      expect(checkSavedEstimate(withSections([60, 52.25]))).toEqual(['Area mismatch: sections total 112.3ha vs farm total 100.0ha']);
      expect(checkSavedEstimate(withSections([3.9], 5))).toEqual(['Area mismatch: sections total 3.9ha vs farm total 5.0ha']);
    });

    it('is skipped without a farm total or without sections', () => {
      expect(checkSavedEstimate(withSections([500], null))).toEqual([]);
      expect(checkSavedEstimate(withSections([500], 0))).toEqual([]);
    });

    it('leaves group sections out of the total', () => {
      const quote = withSections([100]);
      const sections = [...(quote.farmData?.paddockSections ?? []), { id: 'g', name: 'All', area: 100, isGroup: true, crop: 'wheat' }];
      expect(checkSavedEstimate({ ...quote, farmData: { ...quote.farmData, paddockSections: sections } })).toEqual([]);
    });

    it('isAreaMismatch applies the tolerance', () => {
      expect(isAreaMismatch(1010, 1000)).toBe(false);
      expect(isAreaMismatch(1101, 1000)).toBe(true);
      expect(isAreaMismatch(0, 1)).toBe(false);
      expect(formatHectaresInWarning(12)).toBe('12.0');
      expect(formatHectaresInWarning(1234.56)).toBe('1234.6');
    });
  });
});

describe('savedEstimateSummary', () => {
  it("reads 'Loaded estimate with N data warnings'", () => {
    expect(savedEstimateSummary(3)).toBe('Loaded estimate with 3 data warnings');
    expect(savedEstimateSummary(1)).toBe('Loaded estimate with 1 data warnings');
    expect(savedEstimateSummary(0)).toBeNull();
  });
});

describe('reconstructSavedEstimate', () => {
  it('maps cropType to crop and pricePerUnit to pricePerTonne', () => {
    expect(normaliseSavedSection({ id: 'a', cropType: 'canola', pricePerUnit: 610 }, 0)).toEqual({ id: 'a', crop: 'canola', pricePerTonne: 610 });
    expect(normaliseSavedSection({ id: 'a', crop: 'wheat', cropType: 'canola', pricePerTonne: 300, pricePerUnit: 610 }, 0)).toEqual({
      id: 'a',
      crop: 'wheat',
      pricePerTonne: 300,
    });
    expect(normaliseSavedSection({ area: 3 }, 4)).toMatchObject({ id: 'section-5' });
  });

  it('rebuilds a saved quote with defaults, marks it saved and reports warnings', () => {
    const result = reconstructSavedEstimate(
      {
        personalDetails: { firstName: 'Jan', lastName: null, email: 'jan@example.com' },
        farmData: {
          address: 'Merredin WA',
          hectares: 100,
          paddockSections: [{ id: 's1', name: 'North', area: 100, cropType: 'wheat', pricePerUnit: 320, expectedYield: 2 }],
        },
        estimates: { hail: { premium: 900, someFutureField: 'kept' }, selectedCoverageType: 'hail' },
      },
      'est-42',
    );
    if (!result.ok) throw new Error(result.issues.join('; '));
    expect(result.quote).toMatchObject({ status: 'saved', isRestoredFromSave: true, savedEstimateId: 'est-42' });
    expect(result.quote.farmData.paddockSections[0]).toMatchObject({ crop: 'wheat', pricePerTonne: 320, variant: 'standard', riskZone: 'moderate', status: 'active' });
    expect(result.quote.estimates.hail).toEqual({ premium: 900, someFutureField: 'kept' });
    expect(result.warnings).toEqual(['No crop details']);
    expect(result.summary).toBe('Loaded estimate with 1 data warnings');
  });

  it('reads quote data nested under quoteData, even as a JSON string', () => {
    const result = reconstructSavedEstimate({ id: 'e', quoteData: JSON.stringify({ personalDetails: { email: 'a@b.au' } }) }, 'e');
    expect(result.ok && result.quote.personalDetails.email).toBe('a@b.au');
  });

  it("fails with 'Failed to reconstruct saved estimate data' when the data cannot be read", () => {
    expect(reconstructSavedEstimate('not json', 'e')).toMatchObject({ ok: false, error: 'Failed to reconstruct saved estimate data' });
    expect(reconstructSavedEstimate({ farmData: { paddockSections: 'x' } }, 'e')).toMatchObject({
      ok: false,
      error: 'Failed to reconstruct saved estimate data',
    });
    expect(reconstructSavedEstimate({ quoteData: '{broken' }, 'e').ok).toBe(false);
  });
});
