/** Tests of shared/contracts/drafts.ts (kept here, with the rest of the quote work). */
import { describe, expect, it } from 'vitest';
import {
  DRAFT_MESSAGES,
  createDraftBodySchema,
  draftErrorMessage,
  draftListResponseSchema,
  draftResponseSchema,
  updateDraftBodySchema,
  quoteDraftQuerySchema,
  updateDraftStatusBodySchema,
} from '../../contracts/drafts';
import { savedEstimateQuerySchema } from '../../contracts/quote';
import { draftDataHash } from './draft';

const data = { personalDetails: { firstName: 'Jan', password: 'secret' } };
const body = { userId: 'u-1', step: 'farm-mapping', data, status: 'DRAFT', dataHash: draftDataHash(data) };
const metadata = {
  id: 'draft_1',
  userId: 'u-1',
  step: 'get-started',
  status: 'ACTIVE',
  createdAt: '2026-03-01T00:00:00.000Z',
  updatedAt: '2026-03-02T00:00:00.000Z',
  version: 3,
  dataHash: 'abcdef0123456789',
  completedAt: null,
};

describe('draft messages (docs/behaviour.md §8)', () => {
  it('has the exact texts', () => {
    expect(Object.values(DRAFT_MESSAGES)).toEqual([
      'Failed to load drafts',
      'Failed to load draft',
      'Failed to save draft',
      'Failed to update draft status',
      'Failed to delete draft',
      'Auto-save failed',
      'No data to save',
      'No draft ID provided',
      'Failed to save progress automatically',
      'Failed to load saved estimate',
      'Failed to reconstruct saved estimate data',
    ]);
  });

  it('prefers the server message', () => {
    expect(draftErrorMessage('Draft is locked', DRAFT_MESSAGES.saveDraftFailed)).toBe('Draft is locked');
    expect(draftErrorMessage(' ', DRAFT_MESSAGES.saveDraftFailed)).toBe('Failed to save draft');
    expect(draftErrorMessage(undefined, DRAFT_MESSAGES.deleteDraftFailed)).toBe('Failed to delete draft');
  });
});

describe('save bodies', () => {
  it('POST needs a client-generated id; PUT needs the version the save was based on', () => {
    expect(createDraftBodySchema.safeParse({ ...body, id: 'draft_1' }).success).toBe(true);
    expect(createDraftBodySchema.safeParse(body).success).toBe(false);
    expect(createDraftBodySchema.safeParse({ ...body, id: '../etc' }).success).toBe(false);
    expect(updateDraftBodySchema.safeParse({ ...body, version: 2 }).success).toBe(true);
    expect(updateDraftBodySchema.safeParse(body).success).toBe(false);
    expect(updateDraftBodySchema.safeParse({ ...body, version: 1.5 }).success).toBe(false);
  });

  it('only saves as DRAFT, with a 16-character hash and a known step', () => {
    expect(updateDraftBodySchema.safeParse({ ...body, version: 1, status: 'ACTIVE' }).success).toBe(false);
    expect(updateDraftBodySchema.safeParse({ ...body, version: 1, dataHash: 'short' }).success).toBe(false);
    expect(updateDraftBodySchema.safeParse({ ...body, version: 1, step: 'payment' }).success).toBe(false);
  });

  it('never stores a password from the quote data', () => {
    const parsed = createDraftBodySchema.parse({ ...body, id: 'd' });
    expect(parsed.data.personalDetails).not.toHaveProperty('password');
    expect(parsed.data.personalDetails.firstName).toBe('Jan');
  });
});

describe('status body', () => {
  it('requires completedAt with COMPLETED only', () => {
    expect(updateDraftStatusBodySchema.safeParse({ status: 'IN_PROGRESS' }).success).toBe(true);
    expect(updateDraftStatusBodySchema.safeParse({ status: 'COMPLETED', completedAt: '2026-03-03T00:00:00.000Z' }).success).toBe(true);
    const missing = updateDraftStatusBodySchema.safeParse({ status: 'COMPLETED' });
    expect(missing.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['completedAt', 'completedAt is required when status is COMPLETED']]);
    expect(updateDraftStatusBodySchema.safeParse({ status: 'DONE' }).success).toBe(false);
  });
});

describe('responses', () => {
  it('reads a draft list with metadata only', () => {
    const parsed = draftListResponseSchema.parse({ success: true, message: 'ok', drafts: [metadata] });
    expect(parsed.drafts[0]?.version).toBe(3);
  });

  it('reads a draft whose data is a JSON string', () => {
    const parsed = draftResponseSchema.parse({ success: true, draft: { ...metadata, quoteData: JSON.stringify({ personalDetails: { email: 'a@b.au' } }) } });
    expect(parsed.draft.quoteData.personalDetails.email).toBe('a@b.au');
    expect(parsed.draft.quoteData.status).toBe('draft');
  });
});

describe('query strings of the draft and estimate routes', () => {
  it('answers a missing draft id with the docs/behaviour.md §8 text', () => {
    const missing = quoteDraftQuerySchema.safeParse({});
    expect(missing.success).toBe(false);
    expect(missing.error?.issues[0]?.message).toBe(DRAFT_MESSAGES.noDraftIdProvided);
    expect(quoteDraftQuerySchema.safeParse({ id: ' ' }).error?.issues[0]?.message).toBe(DRAFT_MESSAGES.noDraftIdProvided);
    expect(quoteDraftQuerySchema.parse({ id: 'draft_1' })).toEqual({ id: 'draft_1' });
  });

  it('needs customerId with isSupport=true', () => {
    expect(savedEstimateQuerySchema.parse({})).toEqual({ isSupport: false });
    expect(savedEstimateQuerySchema.safeParse({ isSupport: 'true' }).success).toBe(false);
    expect(savedEstimateQuerySchema.parse({ isSupport: 'true', customerId: 'c-1' })).toEqual({ isSupport: true, customerId: 'c-1' });
    expect(savedEstimateQuerySchema.safeParse({ isSupport: 'yes' }).success).toBe(false);
  });
});
