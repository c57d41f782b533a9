import { describe, expect, it } from 'vitest';
import { NAVIGATION_BLOCK_REASONS, reachableStep } from './navigation';
import type { QuoteView } from './types';

const member: QuoteView = {
  personalDetails: { firstName: 'Jan', lastName: 'Smit', email: 'jan@example.com', emailVerified: true, userId: 'u-1' },
};

describe('reachableStep (opening the wizard at a step from the address or a draft)', () => {
  it('opens the first step as asked', () => {
    expect(reachableStep('personal-details', {})).toEqual({ step: 'personal-details', blockedBy: null });
  });

  it('opens a signed-in member at get-started', () => {
    expect(reachableStep('get-started', member)).toEqual({ step: 'get-started', blockedBy: null });
  });

  it('stops a visitor without details at personal-details with the docs/behaviour.md §8 reason', () => {
    expect(reachableStep('password-creation', {})).toEqual({ step: 'personal-details', blockedBy: NAVIGATION_BLOCK_REASONS.personalDetailsIncomplete });
  });

  it('stops before the first step whose requirement fails', () => {
    expect(reachableStep('protection-calculator', member)).toEqual({ step: 'get-started', blockedBy: NAVIGATION_BLOCK_REASONS.farmLocationMissing });
    const withAddress: QuoteView = { ...member, farmData: { address: 'Lot 4 Great Eastern Hwy, Merredin' } };
    expect(reachableStep('protection-calculator', withAddress)).toEqual({ step: 'farm-mapping', blockedBy: NAVIGATION_BLOCK_REASONS.farmMapIncomplete });
  });

  it('honours skipValidation', () => {
    expect(reachableStep('success', {}, { skipValidation: true })).toEqual({ step: 'success', blockedBy: null });
  });
});
