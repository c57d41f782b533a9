import { describe, expect, it } from 'vitest';
import { emptyQuoteState, paddockSectionSchema, type PaddockSectionInput } from '@shared/contracts/quote';
import { validateQuoteSections } from '@shared/domain/quote/validation';
import { cropsInUse, groupMinimumHurdle, paddockGroups, parseDecimal, sectionGaps } from './calculator';

const section = (input: PaddockSectionInput) => paddockSectionSchema.parse(input);

describe('calculator helpers', () => {
  const sections = [
    section({ id: 'g1', name: 'North block', isGroup: true }),
    section({ id: 'a', name: 'Top', area: 100, crop: 'wheat', groupId: 'g1' }),
    section({ id: 'b', name: 'Creek', area: 50, crop: 'canola', groupId: 'g1' }),
    section({ id: 'c', name: 'Bush', area: 20, crop: 'oats', isExcluded: true }),
    section({ id: 'd', name: 'House', area: 10, crop: 'Unassigned' }),
  ];

  it('lists the crops of priced sections and the groups with their crops', () => {
    expect(cropsInUse(sections)).toEqual(['wheat', 'canola']);
    expect(paddockGroups(sections)).toEqual([{ id: 'g1', name: 'North block', crops: ['wheat', 'canola'], memberCount: 2 }]);
  });

  it('gives a group the highest minimum hurdle of its crops', () => {
    expect(groupMinimumHurdle(['wheat', 'canola'], {})).toBe(10);
    expect(groupMinimumHurdle(['wheat'], { wheat: 3 })).toBe(3);
    expect(groupMinimumHurdle([], {})).toBe(0);
  });

  it('says what each priced section still needs, from the crop or the group', () => {
    const quote = emptyQuoteState();
    quote.farmData.paddockSections = sections;
    quote.cropDetails.byCrop = { wheat: { expectedYield: 2.5, pricePerTonne: 340, hurdlePercentage: 5 }, canola: { expectedYield: 0, hurdlePercentage: 15 } };
    quote.validationData = validateQuoteSections(quote);
    expect(sectionGaps(quote)).toEqual([
      { sectionId: 'a', sectionName: 'Top', missing: [], errors: [] },
      { sectionId: 'b', sectionName: 'Creek', missing: ['Enter the price ($/t) for the canola crop'], errors: ['Expected yield must be greater than 0'] },
      {
        sectionId: 'd',
        sectionName: 'House',
        missing: ['Choose the crop', 'Enter the expected yield (t/ha) for its crop', 'Enter the price ($/t) for its crop', 'Choose the hurdle for its crop'],
        errors: [],
      },
    ]);

    quote.cropDetails.yieldPriceMode = 'group';
    quote.cropDetails.groupDetails = { g1: { id: 'g1', name: 'North block', crops: [], averageYield: 2, averagePrice: 300, hurdlePercentage: 10, riskProfile: 'moderate' } };
    expect(sectionGaps(quote).map((gap) => gap.missing)).toEqual([[], [], ['Choose the crop', 'Put it in a paddock group, or enter figures by crop']]);
  });

  it('reads typed numbers: blank is not entered, nonsense is an error', () => {
    expect(parseDecimal(' 2.5 ')).toBe(2.5);
    expect(parseDecimal('1,250')).toBe(1250);
    expect(parseDecimal('')).toBeUndefined();
    expect(parseDecimal('two')).toBeNaN();
  });
});
