import { describe, expect, it } from 'vitest';
import { type PaddockCoverFacts, paddockCoverFacts, stormMeaning } from './storm-meaning';

// Home North: 400 ha of wheat at 2.5 t × $340, $340,000 protected, a 5 % hurdle ($17,000 of it).
const homeNorth: PaddockCoverFacts = { crop: 'wheat', valueCents: 34_000_000, hurdlePercentage: 5, priced: true, stage: 'protected', perilCovered: true };
const underHalf = { name: 'Home North', share: 0.6625, hectaresAffected: 265 };

describe('what a warning means for a paddock, worked by hand', () => {
  it('gives the crop and its value under the warning, and what 30 % lost there would put before the board after the hurdle', () => {
    // Under the warning: $340,000 × 0.6625 = $225,250. 30 % of it: $67,575; less the hurdle of the
    // whole paddock, $17,000: $50,575.
    expect(stormMeaning('hail', underHalf, homeNorth)).toEqual({
      kind: 'example',
      sentence: 'Wheat worth about $225,250 on the 265 ha of Home North under the warning. If hail took 30% of it, after your 5% hurdle about $50,575 would be put before the board.',
      hectaresUnder: 265,
      valueUnderCents: 22_525_000,
      consideredCents: 5_057_500,
    });
  });

  it('names the client’s hurdle to their broker and the member’s to staff', () => {
    expect(stormMeaning('hail', underHalf, homeNorth, { reader: 'client' }).sentence).toBe(
      'Wheat worth about $225,250 on the 265 ha of Home North under the warning. If hail took 30% of it, after your client’s 5% hurdle about $50,575 would be put before the board.',
    );
    expect(stormMeaning('hail', underHalf, { ...homeNorth, perilCovered: false }, { reader: 'staff' }).sentence).toBe('The member’s protection of Home North does not cover hail.');
  });

  it('says a loss within the hurdle puts nothing before the board', () => {
    // 40 ha under: $34,000; 30 % of it, $10,200, is within the $17,000 hurdle.
    const meaning = stormMeaning('storm', { name: 'Home North', share: 0.1, hectaresAffected: 40 }, homeNorth);
    expect(meaning.sentence).toBe(
      'Wheat worth about $34,000 on the 40 ha of Home North under the warning. If hail took 30% of it, the loss would be within your 5% hurdle and nothing would be put before the board.',
    );
    expect(meaning.consideredCents).toBe(0);
  });

  it('tells a member who is not protected yet so, and what starts it', () => {
    expect(stormMeaning('hail', underHalf, { ...homeNorth, stage: 'invoiced' })).toMatchObject({
      kind: 'not-protected',
      sentence: 'Not protected yet. Accepted and invoiced. Protection starts when your first payment reaches us.',
      consideredCents: null,
    });
    expect(stormMeaning('hail', underHalf, { ...homeNorth, stage: 'submitted' }).sentence).toBe(
      'Not protected yet. We have your application and will review it within five business days. You are not protected yet.',
    );
  });

  it('tells a broker or staff that the member is not protected yet in their own words', () => {
    expect(stormMeaning('hail', underHalf, { ...homeNorth, stage: 'invoiced' }, { reader: 'client' }).sentence).toBe(
      'Not protected yet. Accepted and invoiced. Protection starts when your client’s first payment reaches us.',
    );
    expect(stormMeaning('hail', underHalf, { ...homeNorth, stage: 'submitted' }, { reader: 'staff' }).sentence).toBe(
      'Not protected yet. The application is in and waits for review, due within five business days. The member is not protected yet.',
    );
  });

  it('says when the cover does not include the peril, the paddock was not priced, or its boundary is not on the map', () => {
    expect(stormMeaning('lightning', underHalf, { ...homeNorth, perilCovered: false }).sentence).toBe('Your protection of Home North does not cover fire.');
    expect(stormMeaning('hail', underHalf, { ...homeNorth, priced: false, valueCents: 0 }).sentence).toBe('Home North has no crop priced in your application, so there is no value to go by.');
    expect(stormMeaning('hail', { name: 'Home North', share: null, hectaresAffected: null }, homeNorth).sentence).toBe(
      'Home North has no boundary on the map, so how much of its wheat lay under the warning is not known. Draw it on Your Farm for next time.',
    );
  });

  it('reads the facts from the protection that holds the paddock, and whether its cover includes the alert’s peril', () => {
    const protections = [
      {
        id: 'app-1',
        stage: 'protected' as const,
        coverageType: 'hail' as const,
        paddocks: [
          {
            id: 'p-1',
            name: 'Home North',
            crop: 'wheat',
            variety: null,
            areaHa: 400,
            expectedYield: 2.5,
            pricePerTonne: 340,
            hurdlePercentage: 5,
            valueCents: 34_000_000,
            priced: true,
            isExcluded: false,
            geometry: null,
          },
        ],
      },
    ];
    expect(paddockCoverFacts('hail', { applicationId: 'app-1', paddockId: 'p-1' }, protections)).toEqual(homeNorth);
    expect(paddockCoverFacts('fire', { applicationId: 'app-1', paddockId: 'p-1' }, protections)?.perilCovered).toBe(false);
    expect(paddockCoverFacts('hail', { applicationId: 'app-2', paddockId: 'p-1' }, protections)).toBeUndefined();
    expect(stormMeaning('hail', underHalf, undefined).sentence).toBe('Home North is in none of your applications we could read, so there is no value to go by.');
  });
});
