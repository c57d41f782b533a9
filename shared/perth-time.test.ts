import { describe, expect, it } from 'vitest';
import { addDays, daysInRange, isCalendarDay, isPlausibleInstant, perthDay, perthDayStart, perthInstant, perthToday, perthWallClockTime } from './perth-time';

describe('the Perth calendar and clock', () => {
  it('puts an instant on its Perth day: 4 pm UTC is already the next day in Perth', () => {
    expect(perthDay(new Date('2026-11-27T15:59:59Z'))).toBe('2026-11-27');
    expect(perthDay('2026-11-27T16:00:00Z')).toBe('2026-11-28');
    expect(perthDayStart('2026-11-28').toISOString()).toBe('2026-11-27T16:00:00.000Z');
    expect(perthToday(new Date('2026-11-27T16:00:00Z'))).toBe('2026-11-28');
  });

  it('knows a real calendar day written YYYY-MM-DD, and no other', () => {
    expect(isCalendarDay('2024-02-29')).toBe(true);
    expect(isCalendarDay('2025-02-29')).toBe(false);
    expect(isCalendarDay('2023-02-29')).toBe(false);
    expect(isCalendarDay('2025-9-1')).toBe(false);
    // Years no record of ours holds: year 0 (PostgreSQL has none) and the years JavaScript maps to 19xx.
    expect(['0000-01-01', '0050-06-01', '1899-12-31'].map(isCalendarDay)).toEqual([false, false, false]);
    expect(['0000-06-01T12:00:00Z', '-000001-01-01T00:00:00Z', 'yesterday', '2026-11-14T07:20:00+08:00'].map((text) => isPlausibleInstant(text))).toEqual([false, false, false, true]);
    expect(isCalendarDay('yesterday')).toBe(false);
  });

  it('counts whole days across months, years and a leap day', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDays('2026-11-28', -30)).toBe('2026-10-29');
    expect(daysInRange('2025-01-01', '2025-01-01')).toBe(1);
    expect(daysInRange('2025-01-01', '2025-12-31')).toBe(365);
    expect(daysInRange('2025-02-02', '2025-02-01')).toBe(0);
  });

  it('writes an instant in Perth time and reads a wall-clock minute typed in Perth', () => {
    expect(perthInstant(new Date('2020-10-10T08:47:00Z'))).toBe('2020-10-10T16:47:00+08:00');
    expect(new Date(perthWallClockTime('2026-11-20T15:10')).toISOString()).toBe('2026-11-20T07:10:00.000Z');
    expect(perthWallClockTime('2026-02-30T10:00')).toBeNaN();
  });
});
