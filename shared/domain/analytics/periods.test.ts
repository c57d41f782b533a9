import { describe, expect, it } from 'vitest';
import { fillDailyCounts } from '../reporting/insights';
import { bucketCounts, waitBands, weekStart } from './periods';

describe('weekStart', () => {
  it('is the Monday of the Perth calendar day', () => {
    expect(weekStart('2026-11-23')).toBe('2026-11-23'); // a Monday
    expect(weekStart('2026-11-29')).toBe('2026-11-23'); // the Sunday after
    expect(weekStart('2026-11-22')).toBe('2026-11-16');
    expect(weekStart('2027-01-01')).toBe('2026-12-28'); // across the new year
  });
});

describe('bucketCounts', () => {
  const range = { from: '2026-11-19', to: '2026-12-01' };
  const daily = fillDailyCounts(
    [
      { day: '2026-11-19', count: 2 },
      { day: '2026-11-22', count: 1 },
      { day: '2026-11-23', count: 4 },
      { day: '2026-11-29', count: 3 },
      { day: '2026-12-01', count: 5 },
    ],
    range,
  );

  it('sums Monday-to-Sunday weeks, cutting the first and last to the range', () => {
    expect(bucketCounts(daily, 'week', range)).toEqual([
      { from: '2026-11-19', to: '2026-11-22', count: 3 },
      { from: '2026-11-23', to: '2026-11-29', count: 7 },
      { from: '2026-11-30', to: '2026-12-01', count: 5 },
    ]);
  });

  it('keeps every day for days', () => {
    const days = bucketCounts(daily, 'day', range);
    expect(days).toHaveLength(13);
    expect(days[0]).toEqual({ from: '2026-11-19', to: '2026-11-19', count: 2 });
  });
});

describe('waitBands', () => {
  it('puts each wait in its band, the bounds in the higher band', () => {
    expect(waitBands([59_999, 60_000, 4 * 60_000, 14 * 60_000, 3_600_000, 86_400_000, 90_000_000]).map((band) => band.count)).toEqual([1, 2, 1, 0, 1, 2]);
  });
});
