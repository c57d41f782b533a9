import { describe, expect, it } from 'vitest';
import { funnelSteps, median, medianTimePerStep, rate, STEP_TIME_CAP_MS, weightedMedian } from './funnel';

describe('funnelSteps', () => {
  it('keeps the order given, fills missing steps with 0 and measures the drop-off to the next step', () => {
    const steps = funnelSteps(
      ['a', 'b', 'c', 'd'],
      [
        { step: 'c', count: 5 },
        { step: 'a', count: 20 },
        { step: 'b', count: 8 },
      ],
    );
    expect(steps).toEqual([
      { step: 'a', count: 20, shareOfFirst: 1, dropOff: 12, dropOffRate: 0.6 },
      { step: 'b', count: 8, shareOfFirst: 0.4, dropOff: 3, dropOffRate: 0.375 },
      { step: 'c', count: 5, shareOfFirst: 0.25, dropOff: 5, dropOffRate: 1 },
      { step: 'd', count: 0, shareOfFirst: 0, dropOff: null, dropOffRate: null },
    ]);
  });

  it('shows a negative drop-off when more reached the next step (a quote resumed part-way)', () => {
    expect(
      funnelSteps(
        ['a', 'b'],
        [
          { step: 'a', count: 2 },
          { step: 'b', count: 3 },
        ],
      )[0],
    ).toMatchObject({ dropOff: -1, dropOffRate: -0.5 });
  });

  it('gives shares of 0 and no drop-off rate when nobody reached the first step', () => {
    expect(funnelSteps(['a', 'b'], [])).toEqual([
      { step: 'a', count: 0, shareOfFirst: 0, dropOff: 0, dropOffRate: null },
      { step: 'b', count: 0, shareOfFirst: 0, dropOff: null, dropOffRate: null },
    ]);
  });
});

describe('median', () => {
  it('is the middle value, or the mean of the two middle ones', () => {
    expect(median([9, 1, 5])).toBe(5);
    expect(median([4, 1, 3, 10])).toBe(3.5);
    expect(median([])).toBeNull();
  });
});

describe('weightedMedian', () => {
  it('is the median of the values written out as often as counted', () => {
    expect(
      weightedMedian([
        { value: 5, count: 3 },
        { value: 1, count: 1 },
      ]),
    ).toBe(5); // 1 5 5 5
    expect(
      weightedMedian([
        { value: 10, count: 2 },
        { value: 2, count: 2 },
      ]),
    ).toBe(6); // 2 2 10 10
    expect(weightedMedian([{ value: 7, count: 0 }])).toBeNull();
  });
});

describe('medianTimePerStep', () => {
  it('takes the median per step and leaves out gaps longer than the cap', () => {
    expect(
      medianTimePerStep(
        ['a', 'b', 'c'],
        [
          { step: 'a', ms: 30_000, count: 1 },
          { step: 'a', ms: 10_000, count: 1 },
          { step: 'a', ms: 20_000, count: 2 },
          { step: 'b', ms: 60_000, count: 1 },
          { step: 'b', ms: STEP_TIME_CAP_MS + 1, count: 4 },
        ],
      ),
    ).toEqual([
      { step: 'a', medianMs: 20_000, timedVisits: 4 },
      { step: 'b', medianMs: 60_000, timedVisits: 1 },
      { step: 'c', medianMs: null, timedVisits: 0 },
    ]);
  });
});

describe('rate', () => {
  it('is null for a whole of 0', () => {
    expect(rate(3, 4)).toBe(0.75);
    expect(rate(0, 0)).toBeNull();
  });
});
