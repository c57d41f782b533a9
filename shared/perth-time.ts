/**
 * The Perth calendar and clock, the one place the product knows them: the mutual's days, due dates,
 * reports and warnings are Western Australian. WA keeps no daylight saving, so Perth is UTC+8 all
 * year and a Perth day is a fixed span of UTC.
 */

export const PERTH_OFFSET_MS = 8 * 3_600_000;
/** The offset as ISO 8601 writes it. */
export const PERTH_UTC_OFFSET = '+08:00';
export const DAY_MS = 86_400_000;

/** The Perth calendar day (yyyy-mm-dd) an instant falls on. */
export function perthDay(instant: Date | string): string {
  return new Date(new Date(instant).getTime() + PERTH_OFFSET_MS).toISOString().slice(0, 10);
}

/** Today's date in Western Australia, yyyy-mm-dd. */
export function perthToday(now: Date = new Date()): string {
  return perthDay(now);
}

/**
 * The years a day or moment from outside may fall in: nothing here happened before 1900, a year is
 * written with four digits, and PostgreSQL has no year 0 (nor the years before it), which
 * JavaScript reads. A day after today is each form's own rule, with its own words.
 */
const PLAUSIBLE_YEARS = { first: 1900, last: 9999 } as const;

/** True for a date-time (text JavaScript reads, or milliseconds) in a year of PLAUSIBLE_YEARS. */
export function isPlausibleInstant(value: string | number): boolean {
  const time = typeof value === 'number' ? value : Date.parse(value);
  if (!Number.isFinite(time)) return false;
  const year = new Date(time).getUTCFullYear();
  return year >= PLAUSIBLE_YEARS.first && year <= PLAUSIBLE_YEARS.last;
}

/** True for a real calendar day written YYYY-MM-DD (not 2025-02-30, nor 2025-9-1), in a year of PLAUSIBLE_YEARS. */
export function isCalendarDay(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value && isPlausibleInstant(date.getTime());
}

/** Days from `from` to `to`, both included (0 when `to` is before `from`). */
export function daysInRange(from: string, to: string): number {
  return Math.max(0, Math.round((Date.parse(`${to}T00:00:00.000Z`) - Date.parse(`${from}T00:00:00.000Z`)) / DAY_MS) + 1);
}

/** The instant a Perth calendar day begins (midnight in Perth, 16:00 UTC the day before). */
export function perthDayStart(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) - PERTH_OFFSET_MS);
}

/** The calendar day `days` after (or before, when negative) `day`, yyyy-mm-dd. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** An instant written in Perth time: 2020-10-10T16:47:00+08:00. */
export function perthInstant(at: Date): string {
  return `${new Date(at.getTime() + PERTH_OFFSET_MS).toISOString().slice(0, 19)}${PERTH_UTC_OFFSET}`;
}

/** The instant of a Perth wall-clock minute as a datetime-local field holds it ('2026-11-14T15:20'); NaN when it is no real time (30 February). */
export function perthWallClockTime(minute: string): number {
  const time = Date.parse(`${minute}:00${PERTH_UTC_OFFSET}`);
  // Date.parse rolls 30 February over to March rather than refusing it.
  return Number.isNaN(time) || perthInstant(new Date(time)).slice(0, 16) !== minute ? Number.NaN : time;
}
