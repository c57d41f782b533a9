import { describe, expect, it } from 'vitest';
import { checkQuoteReady } from './readiness';
import type { QuoteView } from './types';

const ready: QuoteView = {
  personalDetails: { firstName: 'Jan', lastName: 'Smit', email: 'jan@example.com' },
  farmData: { zone: 'high', paddockSections: [{ id: 's1', area: 50, crop: 'wheat' }] },
  cropDetails: { byCrop: { wheat: { expectedYield: 2, pricePerTonne: 300, hurdlePercentage: 5 } } },
  estimates: { both: { premium: 1200 }, selectedCoverageType: 'both' },
};

const parts = (quote: QuoteView) => checkQuoteReady(quote).missing.map((gap) => gap.part);

describe('checkQuoteReady (docs/behaviour.md §5)', () => {
  it('is ready when every part is there', () => {
    expect(checkQuoteReady(ready)).toEqual({ isReady: true, missing: [] });
  });

  it('lists every missing part, with the step to fix it, for an empty quote', () => {
    const result = checkQuoteReady({});
    expect(result.isReady).toBe(false);
    expect(result.missing.map(({ part, step }) => [part, step])).toEqual([
      ['contact', 'personal-details'],
      ['paddock-sections', 'farm-mapping'],
      ['risk-zone', 'farm-mapping'],
      ['crop-details', 'protection-calculator'],
      ['section-completeness', 'protection-calculator'],
      ['selected-estimate', 'estimate-display'],
    ]);
    for (const gap of result.missing) expect(gap.message).not.toBe('');
  });

  it('needs first name, last name and email', () => {
    expect(parts({ ...ready, personalDetails: { firstName: 'Jan', lastName: 'Smit' } })).toEqual(['contact']);
    expect(parts({ ...ready, personalDetails: { firstName: 'Jan', email: 'a@b.au' } })).toEqual(['contact']);
  });

  it('needs sections and a zone', () => {
    expect(parts({ ...ready, farmData: { zone: 'high', paddockSections: [] } })).toEqual(['paddock-sections']);
    expect(parts({ ...ready, farmData: { paddockSections: ready.farmData?.paddockSections } })).toEqual(['risk-zone']);
  });

  it('needs a selected estimate that exists', () => {
    expect(parts({ ...ready, estimates: { both: { premium: 1 } } })).toEqual(['selected-estimate']);
    expect(parts({ ...ready, estimates: { both: { premium: 1 }, selectedCoverageType: 'fire' } })).toEqual(['selected-estimate']);
  });

  it('in crop mode needs crop details (group details are not enough)', () => {
    const groupsOnly: QuoteView = { ...ready, cropDetails: { groupDetails: { g: { id: 'g' } } } };
    expect(parts(groupsOnly)).toEqual(['section-completeness']);
    expect(checkQuoteReady(groupsOnly).missing[0]?.message).toBe('Enter the yield, price and hurdle for your crops');
  });

  it('in group mode needs group details', () => {
    expect(parts({ ...ready, cropDetails: { ...ready.cropDetails, pricingMode: 'group' } })).toEqual(['section-completeness']);
    expect(parts({ ...ready, farmData: { ...ready.farmData, pricingMode: 'group' }, cropDetails: { groupDetails: { g: { id: 'g' } } } })).toEqual([]);
  });

  it('in any other mode needs global validity', () => {
    const sectionMode: QuoteView = { ...ready, cropDetails: { ...ready.cropDetails, pricingMode: 'section' } };
    expect(parts(sectionMode)).toEqual(['section-completeness']);
    const valid = {
      ...sectionMode,
      validationData: { global: { isComplete: true, completionRate: 100, errors: [], warnings: [], isAllValid: true, totalSections: 1, completedSections: 1, userEnteredSections: 1, userEnteredRate: 100 } },
    };
    expect(parts(valid)).toEqual([]);
  });
});
