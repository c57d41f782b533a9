import { describe, expect, it } from 'vitest';
import { cropRatesOf, quoteTerms, renewalChanges, type SeasonTerms } from './renewal-changes';

const lastSeason: SeasonTerms = {
  zoneCode: 'CWB',
  coverageType: 'hail',
  paddocks: [
    { id: 'p1', name: 'Home North', crop: 'wheat', areaHa: 265 },
    { id: 'p2', name: 'Creek', crop: 'barley', areaHa: 80 },
    { id: 'p3', name: 'Back Flat', crop: 'canola', areaHa: 120 },
    { id: 'p4', name: 'Rocky', crop: null, areaHa: 30 },
  ],
  rates: [
    { cropType: 'wheat', ratePercent: 1.2 },
    { cropType: 'barley', ratePercent: 1.1 },
  ],
};

describe('what changed since last season', () => {
  it('says nothing when the zone, cover, rates and crops are the same', () => {
    expect(renewalChanges(lastSeason, { ...lastSeason, paddocks: lastSeason.paddocks.map((paddock) => ({ ...paddock, name: paddock.name.toUpperCase() })) })).toEqual([]);
  });

  it('names the zone, each rate that moved, a paddock no longer cropped, one sown to something else and one new', () => {
    const now: SeasonTerms = {
      zoneCode: 'CWA',
      coverageType: 'hail',
      paddocks: [
        { id: 'p1', name: 'Home North', crop: 'wheat', areaHa: 265 },
        { id: 'p2', name: 'Creek', crop: 'oats', areaHa: 80 },
        { id: 'p3', name: 'Back Flat', crop: null, areaHa: 120 },
        { id: 'p4', name: 'Rocky', crop: 'lupins', areaHa: 30 },
        { id: 'p9', name: 'River', crop: 'wheat', areaHa: 45.5 },
      ],
      rates: [
        { cropType: 'wheat', ratePercent: 1.35 },
        { cropType: 'oats', ratePercent: 1.0 },
      ],
    };
    expect(renewalChanges(lastSeason, now)).toEqual([
      'Your farm is in zone CWA this season; last season it was in zone CWB, so its rates differ.',
      'The mutual’s rate for Wheat is 1.35% of the value protected this season, up from 1.2% last season.',
      'Creek is sown to Oats this season (last season 80 ha of Barley).',
      'Back Flat is not cropped this season (last season 120 ha of Canola), so it would not be protected.',
      'Rocky is cropped this season (30 ha of Lupins); last season it was not protected.',
      'River is new this season (45.5 ha of Wheat).',
    ]);
  });

  it('tells a paddock left out of the quote, and a change of cover instead of rates that price another cover', () => {
    const now: SeasonTerms = { ...lastSeason, coverageType: 'both', paddocks: lastSeason.paddocks.filter((paddock) => paddock.id !== 'p2'), rates: [{ cropType: 'wheat', ratePercent: 1.9 }] };
    expect(renewalChanges(lastSeason, now)).toEqual([
      'You are pricing hail, fire & lightning this season; last season you were protected for hail.',
      'Creek is not in this quote (last season 80 ha of Barley), so it would not be protected.',
    ]);
  });

  it('reads each crop’s rate off a priced quote as the zone’s rate times the crop’s factor', () => {
    const line = { allocationIndex: 0, hectares: 1, declaredValue: 1, insuredValue: 1, hurdlePercentage: 5, hurdleMultiplier: 1, grossPremium: 1 };
    // 1.2 % × 1.125 = 1.35 %; the second wheat line does not speak for wheat again.
    expect(
      cropRatesOf({
        breakdown: [
          { ...line, cropType: 'wheat', zoneRatePercent: 1.2, cropFactor: 1.125 },
          { ...line, cropType: 'barley', zoneRatePercent: 1.2, cropFactor: 0.9 },
          { ...line, cropType: 'wheat', zoneRatePercent: 1.2, cropFactor: 1.125 },
        ],
      }),
    ).toEqual([
      { cropType: 'wheat', ratePercent: 1.35 },
      { cropType: 'barley', ratePercent: 1.08 },
    ]);
  });

  it('reads a quote’s paddocks as mapped: a typed area over the drawn one, and an excluded paddock as not cropped', () => {
    const terms = quoteTerms(
      [
        { id: 'p1', name: 'Home North', crop: 'wheat', isExcluded: false, area: 264.8, userDefinedArea: 265 },
        { id: 'p3', name: 'Back Flat', crop: 'canola', isExcluded: true, area: 120 },
        { id: 'p4', name: 'Rocky', isExcluded: false, area: 30 },
      ],
      { zoneCode: 'CWB', coverageType: 'hail', rates: [] },
    );
    expect(terms.paddocks).toEqual([
      { id: 'p1', name: 'Home North', crop: 'wheat', areaHa: 265 },
      { id: 'p3', name: 'Back Flat', crop: null, areaHa: 120 },
      { id: 'p4', name: 'Rocky', crop: null, areaHa: 30 },
    ]);
  });
});
