import { perthDay } from '../../perth-time';
/**
 * How long analytics events are kept one by one: TELEMETRY_RETENTION.analyticsMonths calendar
 * months back from today in Perth. Older events survive only as daily counts per event.
 */

/** The first Perth day whose events are still kept one by one, `months` calendar months before `now`'s day. */
export function analyticsRetainedFrom(now: Date, months: number): string {
  const [year, month, day] = perthDay(now).split('-').map(Number) as [number, number, number];
  const monthIndex = year * 12 + (month - 1) - months;
  const targetYear = Math.floor(monthIndex / 12);
  const targetMonth = (monthIndex % 12) + 1;
  // 31 March less one month is the last day of February, not 3 March.
  const lastDay = new Date(Date.UTC(targetYear, targetMonth, 0)).getUTCDate();
  return `${String(targetYear).padStart(4, '0')}-${String(targetMonth).padStart(2, '0')}-${String(Math.min(day, lastDay)).padStart(2, '0')}`;
}
