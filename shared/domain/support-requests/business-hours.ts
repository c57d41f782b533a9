import { PERTH_OFFSET_MS } from '../../perth-time';
/**
 * Perth business hours (docs/support-requests.md): Monday to Friday, 8:30 am to 5 pm Western
 * Australian time (UTC+8 all year: WA keeps no daylight saving), except WA public holidays. A
 * request's age is the business time it has waited; the target is one business day.
 */

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
/** Western Australia is UTC+8 all year. */
const OPENS_AT_MINUTE = 8 * 60 + 30;
const CLOSES_AT_MINUTE = 17 * 60;

/** One business day of opening hours, in minutes (8:30 am to 5 pm): the response target. */
export const BUSINESS_DAY_MINUTES = CLOSES_AT_MINUTE - OPENS_AT_MINUTE;

/** A Perth wall-clock time as milliseconds since the epoch read as UTC, so day arithmetic needs no time zone. */
const toPerthClock = (instant: Date) => instant.getTime() + PERTH_OFFSET_MS;
const fromPerthClock = (clock: number) => new Date(clock - PERTH_OFFSET_MS);
const dayKey = (clock: number) => new Date(clock).toISOString().slice(0, 10);
const startOfDay = (clock: number) => Math.floor(clock / DAY_MS) * DAY_MS;

const utcDay = (year: number, month: number, day: number) => Date.UTC(year, month - 1, day);
const weekday = (clock: number) => new Date(clock).getUTCDay();
const isWeekend = (clock: number) => weekday(clock) === 0 || weekday(clock) === 6;

/** Easter Sunday of a year (the anonymous Gregorian computus). */
function easterSunday(year: number): number {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return utcDay(year, month, day);
}

/** The nth Monday of a month (n = -1: the last). */
function monday(year: number, month: number, n: number): number {
  if (n > 0) {
    const first = utcDay(year, month, 1);
    return first + (((8 - weekday(first)) % 7) + (n - 1) * 7) * DAY_MS;
  }
  const last = utcDay(year, month + 1, 1) - DAY_MS;
  return last - ((weekday(last) + 6) % 7) * DAY_MS;
}

const holidayCache = new Map<number, ReadonlySet<string>>();

/**
 * Western Australia's public holidays of a year (Public and Bank Holidays Act 1972), as
 * 'YYYY-MM-DD'. New Year's Day, Australia Day, Anzac Day, Christmas and Boxing Day that fall on a
 * weekend are also kept on the next weekday that is not already a holiday. The King's Birthday is
 * proclaimed each year; it has been the last Monday of September, which this assumes.
 */
export function waPublicHolidays(year: number): ReadonlySet<string> {
  const cached = holidayCache.get(year);
  if (cached) return cached;
  const easter = easterSunday(year);
  const movable = [utcDay(year, 1, 1), utcDay(year, 1, 26), utcDay(year, 4, 25), utcDay(year, 12, 25), utcDay(year, 12, 26)];
  const fixed = [monday(year, 3, 1), easter - 2 * DAY_MS, easter + DAY_MS, monday(year, 6, 1), monday(year, 9, -1)];
  const days = new Set([...movable, ...fixed].map(dayKey));
  for (const holiday of movable) {
    if (!isWeekend(holiday)) continue;
    let substitute = holiday + DAY_MS;
    while (isWeekend(substitute) || days.has(dayKey(substitute))) substitute += DAY_MS;
    days.add(dayKey(substitute));
  }
  holidayCache.set(year, days);
  return days;
}

/** Whether a Perth calendar day (clock at its midnight) is a working day. */
function isBusinessDay(dayStart: number): boolean {
  return !isWeekend(dayStart) && !waPublicHolidays(new Date(dayStart).getUTCFullYear()).has(dayKey(dayStart));
}

/** Business minutes (whole) between two instants: opening hours of Perth working days only. */
export function businessMinutesBetween(from: Date, to: Date): number {
  const start = toPerthClock(from);
  const end = toPerthClock(to);
  let total = 0;
  for (let day = startOfDay(start); day < end; day += DAY_MS) {
    if (!isBusinessDay(day)) continue;
    const opens = Math.max(day + OPENS_AT_MINUTE * MINUTE_MS, start);
    const closes = Math.min(day + CLOSES_AT_MINUTE * MINUTE_MS, end);
    if (closes > opens) total += closes - opens;
  }
  return Math.floor(total / MINUTE_MS);
}

/** The instant at which this many business minutes have passed since `from`. */
export function addBusinessMinutes(from: Date, minutes: number): Date {
  const start = toPerthClock(from);
  let remaining = minutes * MINUTE_MS;
  for (let day = startOfDay(start); ; day += DAY_MS) {
    if (!isBusinessDay(day)) continue;
    const opens = Math.max(day + OPENS_AT_MINUTE * MINUTE_MS, start);
    const available = day + CLOSES_AT_MINUTE * MINUTE_MS - opens;
    if (available <= 0) continue;
    if (remaining <= available) return fromPerthClock(opens + remaining);
    remaining -= available;
  }
}

export interface ResponseAge {
  /** Business minutes waited: until the first answer, or until now while unanswered. */
  businessMinutes: number;
  /** When the one-business-day target falls. */
  dueAt: Date;
  /** Answered after the target, or still unanswered past it. */
  overdue: boolean;
}

/** How long a request has waited for its first answer, against the one-business-day target. */
export function responseAge(receivedAt: Date, answeredAt: Date | null, now: Date): ResponseAge {
  const until = answeredAt ?? now;
  const dueAt = addBusinessMinutes(receivedAt, BUSINESS_DAY_MINUTES);
  return { businessMinutes: businessMinutesBetween(receivedAt, until), dueAt, overdue: until.getTime() > dueAt.getTime() };
}

/** '0 min', '45 min', '3 h 05 min', '1 d 2 h' in business time (a business day is 8.5 hours). */
export function formatBusinessAge(minutes: number): string {
  const days = Math.floor(minutes / BUSINESS_DAY_MINUTES);
  const hours = Math.floor((minutes % BUSINESS_DAY_MINUTES) / 60);
  const rest = minutes % 60;
  if (days > 0) return `${days} d ${hours} h`;
  if (hours > 0) return `${hours} h ${String(rest).padStart(2, '0')} min`;
  return `${rest} min`;
}
