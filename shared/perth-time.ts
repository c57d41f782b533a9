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
