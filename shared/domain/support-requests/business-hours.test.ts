import { describe, expect, it } from 'vitest';
import { addBusinessMinutes, BUSINESS_DAY_MINUTES, businessMinutesBetween, formatBusinessAge, responseAge, waPublicHolidays } from './business-hours';

/** A Perth wall-clock time (UTC+8). */
const perth = (text: string) => new Date(`${text}+08:00`);

describe('WA public holidays', () => {
  it('lists the 2026 holidays, with Anzac Day (a Saturday) also kept on Monday 27 April', () => {
    expect([...waPublicHolidays(2026)].sort()).toEqual([
      '2026-01-01',
      '2026-01-26',
      '2026-03-02',
      '2026-04-03',
      '2026-04-06',
      '2026-04-25',
      '2026-04-27',
      '2026-06-01',
      '2026-09-28',
      '2026-12-25',
      '2026-12-26',
      '2026-12-28',
    ]);
  });

  it('moves a Sunday Christmas to the Tuesday, after Boxing Day on the Monday (2022)', () => {
    const days = waPublicHolidays(2022);
    expect(days.has('2022-12-26')).toBe(true);
    expect(days.has('2022-12-27')).toBe(true);
    expect(days.has('2022-12-28')).toBe(false);
  });

  it('knows Easter and the June and September Mondays of 2025', () => {
    const days = waPublicHolidays(2025);
    for (const day of ['2025-04-18', '2025-04-21', '2025-06-02', '2025-09-29', '2025-03-03']) expect(days.has(day)).toBe(true);
  });
});

describe('business minutes', () => {
  it('counts only 8:30 am to 5 pm on working days', () => {
    expect(businessMinutesBetween(perth('2026-10-05T10:00:00'), perth('2026-10-05T11:30:00'))).toBe(90);
    // Friday 4 pm to Monday 9 am: an hour on Friday, half an hour on Monday.
    expect(businessMinutesBetween(perth('2026-10-09T16:00:00'), perth('2026-10-12T09:00:00'))).toBe(90);
    // Overnight hours count for nothing.
    expect(businessMinutesBetween(perth('2026-10-05T18:00:00'), perth('2026-10-06T08:00:00'))).toBe(0);
    // A whole working week is five business days.
    expect(businessMinutesBetween(perth('2026-10-05T00:00:00'), perth('2026-10-10T00:00:00'))).toBe(5 * BUSINESS_DAY_MINUTES);
    expect(businessMinutesBetween(perth('2026-10-06T10:00:00'), perth('2026-10-05T10:00:00'))).toBe(0);
  });

  it('skips public holidays: Easter Monday 2026 counts nothing', () => {
    expect(businessMinutesBetween(perth('2026-04-02T16:00:00'), perth('2026-04-07T09:30:00'))).toBe(60 + 60);
  });
});

describe('the one-business-day target', () => {
  it('falls at the same time on the next working day', () => {
    expect(addBusinessMinutes(perth('2026-10-05T10:00:00'), BUSINESS_DAY_MINUTES)).toEqual(perth('2026-10-06T10:00:00'));
    // Friday 3 pm: Monday 3 pm.
    expect(addBusinessMinutes(perth('2026-10-09T15:00:00'), BUSINESS_DAY_MINUTES)).toEqual(perth('2026-10-12T15:00:00'));
  });

  it('starts the clock at opening time for a request sent at night or over a weekend', () => {
    expect(addBusinessMinutes(perth('2026-10-10T11:00:00'), BUSINESS_DAY_MINUTES)).toEqual(perth('2026-10-12T17:00:00'));
    expect(addBusinessMinutes(perth('2026-10-05T20:00:00'), BUSINESS_DAY_MINUTES)).toEqual(perth('2026-10-06T17:00:00'));
  });

  it('steps over the Easter holidays', () => {
    // Thursday 2 April 2026, 4 pm: Good Friday, the weekend and Easter Monday pass; due Tuesday 4 pm (an hour on Thursday, 7½ on Tuesday).
    expect(addBusinessMinutes(perth('2026-04-02T16:00:00'), BUSINESS_DAY_MINUTES)).toEqual(perth('2026-04-07T16:00:00'));
  });

  it('is overdue only once the target has passed unanswered, or was answered late', () => {
    const received = perth('2026-10-05T10:00:00');
    expect(responseAge(received, null, perth('2026-10-06T09:59:00'))).toEqual({ businessMinutes: 509, dueAt: perth('2026-10-06T10:00:00'), overdue: false });
    expect(responseAge(received, null, perth('2026-10-06T10:01:00'))).toMatchObject({ businessMinutes: 511, overdue: true });
    expect(responseAge(received, perth('2026-10-05T11:15:00'), perth('2026-10-20T10:00:00'))).toMatchObject({ businessMinutes: 75, overdue: false });
    expect(responseAge(received, perth('2026-10-07T08:30:00'), perth('2026-10-20T10:00:00'))).toMatchObject({ businessMinutes: 930, overdue: true });
  });
});

it('writes business ages in words a person reads at a glance', () => {
  expect(formatBusinessAge(0)).toBe('0 min');
  expect(formatBusinessAge(45)).toBe('45 min');
  expect(formatBusinessAge(185)).toBe('3 h 05 min');
  expect(formatBusinessAge(BUSINESS_DAY_MINUTES + 130)).toBe('1 d 2 h');
});
