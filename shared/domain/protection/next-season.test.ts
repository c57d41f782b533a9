import { describe, expect, it } from 'vitest';

describe('next season’s quote', () => {
  it('carries the farm’s place and each paddock with its boundary or typed area into a valid new draft', async () => {
    const { createDraftBodySchema } = await import('../../contracts/drafts');
    const { nextSeasonDraft } = await import('./next-season');
    const square = {
      type: 'Polygon',
      coordinates: [
        [
          [117, -31],
          [117.01, -31],
          [117.01, -31.01],
          [117, -31.01],
          [117, -31],
        ],
      ],
    };
    const body = nextSeasonDraft(
      'draft_next_1',
      'user-1',
      [
        { id: 'p1', name: 'North', areaHa: 120, crop: 'wheat', expectedYield: 2.5, pricePerTonne: 330, hurdlePercentage: 5, geometry: square },
        { id: 'p2', name: 'Creek', areaHa: 40, crop: null, expectedYield: null, pricePerTonne: null, hurdlePercentage: null, geometry: null },
      ],
      { zone: 'CWB', address: 'Lot 4 Great Eastern Hwy, Cunderdin WA', location: { lat: -31.65, lng: 117.24 } },
    );
    expect(createDraftBodySchema.safeParse(body).success).toBe(true);
    const farm = (body.data as { farmData: { zone?: string; address: string; farmLocation?: unknown; paddockSections: Array<{ area: number; userDefinedArea?: number; crop?: string }> } }).farmData;
    // Where the farm is comes along: the wizard maps nothing without it.
    expect(farm).toMatchObject({ zone: 'CWB', address: 'Lot 4 Great Eastern Hwy, Cunderdin WA', farmLocation: { lat: -31.65, lng: 117.24 } });
    const sections = farm.paddockSections;
    // The wizard prices by crop: wheat's figures come along; Creek has none to carry.
    expect((body.data as { cropDetails: { byCrop: unknown } }).cropDetails.byCrop).toEqual({ wheat: { expectedYield: 2.5, pricePerTonne: 330, hurdlePercentage: 5 } });
    expect(sections[0]).toMatchObject({ area: 120, crop: 'wheat' });
    expect(sections[1]).toMatchObject({ area: 0, userDefinedArea: 40 });
  });
});
