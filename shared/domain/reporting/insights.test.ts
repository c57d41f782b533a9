import { describe, expect, it } from 'vitest';
import { chartScale, defaultRange, fillDailyCounts, peakDay, rangeInstants, resolveRange } from './insights';
import { addDays, perthDay, perthDayStart } from '../../perth-time';

describe('Perth calendar days', () => {
  it('puts an instant on the day it is in Perth (UTC+8)', () => {
    expect(perthDay(new Date('2025-09-01T15:59:59.999Z'))).toBe('2025-09-01');
    expect(perthDay(new Date('2025-09-01T16:00:00.000Z'))).toBe('2025-09-02');
  });

  it('starts a day at midnight in Perth', () => {
    expect(perthDayStart('2025-09-02').toISOString()).toBe('2025-09-01T16:00:00.000Z');
  });

  it('bounds a range from the first midnight to the midnight after the last day', () => {
    const { start, end } = rangeInstants({ from: '2025-09-01', to: '2025-09-03' });
    expect(start.toISOString()).toBe('2025-08-31T16:00:00.000Z');
    expect(end.toISOString()).toBe('2025-09-03T16:00:00.000Z');
  });

  it('steps across month and year ends', () => {
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
  });

  it('defaults to the last 30 days up to today in Perth', () => {
    expect(defaultRange(new Date('2025-09-30T17:00:00Z'))).toEqual({ from: '2025-09-02', to: '2025-10-01' });
    expect(defaultRange(new Date('2025-09-30T01:00:00Z'), 7)).toEqual({ from: '2025-09-24', to: '2025-09-30' });
  });
});

describe('resolveRange', () => {
  const now = new Date('2025-09-30T02:00:00Z');
  it('keeps a full range and fills in what is missing', () => {
    expect(resolveRange({ from: '2025-01-01', to: '2025-01-31' }, now)).toEqual({ from: '2025-01-01', to: '2025-01-31' });
    expect(resolveRange({}, now)).toEqual({ from: '2025-09-01', to: '2025-09-30' });
    expect(resolveRange({ to: '2025-06-30' }, now)).toEqual({ from: '2025-06-01', to: '2025-06-30' });
    expect(resolveRange({ from: '2025-09-20' }, now)).toEqual({ from: '2025-09-20', to: '2025-09-30' });
  });

  it('never runs a range backwards or longer than a year', () => {
    expect(resolveRange({ from: '2025-10-05' }, now)).toEqual({ from: '2025-10-05', to: '2025-10-05' });
    expect(resolveRange({ from: '2020-01-01' }, now)).toEqual({ from: '2020-01-01', to: '2020-12-31' });
  });
});

describe('fillDailyCounts', () => {
  it('gives every day of the range in order, 0 where nothing was counted', () => {
    const series = fillDailyCounts(
      [
        { day: '2025-09-03', count: 4 },
        { day: '2025-09-01', count: 2 },
      ],
      { from: '2025-09-01', to: '2025-09-04' },
    );
    expect(series).toEqual([
      { day: '2025-09-01', count: 2 },
      { day: '2025-09-02', count: 0 },
      { day: '2025-09-03', count: 4 },
      { day: '2025-09-04', count: 0 },
    ]);
  });

  it('adds rows of the same day and leaves out days outside the range', () => {
    const series = fillDailyCounts(
      [
        { day: '2025-09-01', count: 1 },
        { day: '2025-09-01', count: 2 },
        { day: '2025-08-31', count: 9 },
      ],
      { from: '2025-09-01', to: '2025-09-01' },
    );
    expect(series).toEqual([{ day: '2025-09-01', count: 3 }]);
  });

  it('finds the busiest day, none when all are empty', () => {
    expect(
      peakDay([
        { day: 'a', count: 0 },
        { day: 'b', count: 3 },
        { day: 'c', count: 3 },
      ]),
    ).toEqual({ day: 'b', count: 3 });
    expect(peakDay([{ day: 'a', count: 0 }])).toBeUndefined();
  });
});

describe('chartScale', () => {
  it.each([
    [0, [0, 1]],
    [1, [0, 1]],
    [3, [0, 1, 2, 3]],
    [7, [0, 2, 4, 6, 8]],
    [17, [0, 5, 10, 15, 20]],
    [101, [0, 50, 100, 150]],
    [950, [0, 500, 1000]],
  ])('max %d → gridlines %j at round steps, the top at or above the max', (max, ticks) => {
    const scale = chartScale(max);
    expect(scale.ticks).toEqual(ticks);
    expect(scale.top).toBe(ticks[ticks.length - 1]);
    expect(scale.top).toBeGreaterThanOrEqual(max);
  });
});
