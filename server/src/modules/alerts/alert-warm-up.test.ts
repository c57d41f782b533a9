import { describe, expect, it } from 'vitest';
import { warmUp } from './alert-worker';

describe('the alert worker warm-up', () => {
  it('places its made-up storm over paddocks of both kinds, as a real warning is placed', () => {
    const { matches, areaKm2 } = warmUp();
    const placedBy = new Set(matches.flatMap((match) => match.paddocks.map((paddock) => paddock.placedBy)));
    expect(placedBy).toEqual(new Set(['boundary', 'farm_location']));
    // A circle of 6 km over a grid of members a kilometre or so apart: many under it, the corners clear of it.
    expect(areaKm2).toBeCloseTo(Math.PI * 36, 0);
    expect(matches.length).toBeGreaterThan(50);
    expect(matches.map((match) => match.userId)).not.toContain('member-0');
  });
});
