/**
 * docs/behaviour.md §3 cropDetails: groupDetails (…, riskProfile default moderate) and sectionDetails (…,
 * validationStatus default pending), as a quote arrives from the server: a draft (GET
 * /api/user/drafts/{id}, data possibly a JSON string) and a saved estimate (GET /api/estimates/{id}).
 */
import { describe, expect, it } from 'vitest';
import { draftResponseSchema } from '../../contracts/drafts';
import { emptyQuoteState, parseStoredQuote } from '../../contracts/quote';
import { reconstructSavedEstimate } from './saved-estimate';

/** Crop details as an older client stored them: a group and a section with only their ids and names. */
const storedCropDetails = {
  byCrop: { wheat: { area: 120, expectedYield: 2.4 } },
  groupDetails: {
    g1: { id: 'g1', name: 'North block', crops: ['wheat'], totalArea: 120 },
    g2: { id: 'g2', name: 'Creek flats', riskProfile: 'high' },
  },
  sectionDetails: {
    s1: { id: 's1', name: 'Home Paddock', area: 80, crops: ['wheat'] },
    s2: { id: 's2', name: 'Back Flat', validationStatus: 'valid' },
  },
};

const metadata = {
  id: 'draft_1',
  userId: 'u-1',
  step: 'protection-calculator',
  status: 'ACTIVE',
  createdAt: '2026-03-01T00:00:00.000Z',
  updatedAt: '2026-03-02T00:00:00.000Z',
  version: 3,
};

describe('groupDetails and sectionDetails defaults (docs/behaviour.md §3)', () => {
  it('a fresh quote has no group or section details', () => {
    expect(emptyQuoteState().cropDetails).toMatchObject({ groupDetails: {}, sectionDetails: {} });
  });

  it.each([
    ['a draft whose data is an object', { cropDetails: storedCropDetails }],
    ['a draft whose data is a JSON string (GET /api/quotes/draft)', JSON.stringify({ cropDetails: storedCropDetails })],
  ])('%s: a group without a risk profile is moderate, a section without a validation status is pending; stored values stay', (_, quoteData) => {
    const { draft } = draftResponseSchema.parse({ success: true, draft: { ...metadata, quoteData } });
    expect(draft.quoteData.cropDetails.groupDetails).toEqual({
      g1: { id: 'g1', name: 'North block', crops: ['wheat'], totalArea: 120, riskProfile: 'moderate' },
      g2: { id: 'g2', name: 'Creek flats', crops: [], riskProfile: 'high' },
    });
    expect(draft.quoteData.cropDetails.sectionDetails).toEqual({
      s1: { id: 's1', name: 'Home Paddock', area: 80, crops: ['wheat'], validationStatus: 'pending' },
      s2: { id: 's2', name: 'Back Flat', crops: [], validationStatus: 'valid' },
    });
  });

  it('a stored null counts as not set, so it too becomes moderate and pending', () => {
    const parsed = parseStoredQuote({ cropDetails: { groupDetails: { g1: { id: 'g1', riskProfile: null } }, sectionDetails: { s1: { id: 's1', validationStatus: null } } } });
    expect(parsed.success).toBe(true);
    expect(parsed.data?.cropDetails.groupDetails['g1']?.riskProfile).toBe('moderate');
    expect(parsed.data?.cropDetails.sectionDetails['s1']?.validationStatus).toBe('pending');
  });

  it('a saved estimate rebuilt into the quote gets the same defaults', () => {
    const result = reconstructSavedEstimate({ id: 'est-1', quoteData: { cropDetails: storedCropDetails } }, 'est-1');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.quote.cropDetails.groupDetails['g1']?.riskProfile).toBe('moderate');
    expect(result.quote.cropDetails.groupDetails['g2']?.riskProfile).toBe('high');
    expect(result.quote.cropDetails.sectionDetails['s1']?.validationStatus).toBe('pending');
    expect(result.quote.cropDetails.sectionDetails['s2']?.validationStatus).toBe('valid');
  });
});
