import { describe, expect, it } from 'vitest';
import { analyticsRetainedFrom } from './retention';

describe('analyticsRetainedFrom', () => {
  it('goes back whole calendar months from today in Perth', () => {
    expect(analyticsRetainedFrom(new Date('2026-11-23T04:00:00.000Z'), 13)).toBe('2025-10-23');
    // 17:00 UTC on 31 December is already 1 January in Perth.
    expect(analyticsRetainedFrom(new Date('2026-12-31T17:00:00.000Z'), 13)).toBe('2025-12-01');
  });

  it('ends on the last day of a shorter month', () => {
    expect(analyticsRetainedFrom(new Date('2027-03-31T04:00:00.000Z'), 13)).toBe('2026-02-28');
    expect(analyticsRetainedFrom(new Date('2029-03-31T04:00:00.000Z'), 13)).toBe('2028-02-29');
  });
});
