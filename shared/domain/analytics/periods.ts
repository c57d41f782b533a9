import { addDays } from '../../perth-time';
/**
 * Periods of the analytics pages: counts per Perth day summed into days or weeks (a week starts on
 * Monday, as WA's calendars do), and the bands a waiting time falls into.
 */
import { type DailyCount, type DayRange } from '../reporting/insights';
import { type PeriodBucket, WAIT_BANDS } from '../../contracts/admin-analytics';

export interface PeriodCount {
  /** The first day of the period within the range (YYYY-MM-DD, Perth). */
  from: string;
  /** The last day of the period within the range. */
  to: string;
  count: number;
}

/** The Monday of the week a Perth calendar day falls in. */
export function weekStart(day: string): string {
  const weekday = new Date(`${day}T00:00:00.000Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

/**
 * A gap-free daily series (fillDailyCounts) summed per day or per Monday-to-Sunday week. The first
 * and last weeks are cut to the range, so a period never counts a day outside it.
 */
export function bucketCounts(daily: readonly DailyCount[], bucket: PeriodBucket, range: DayRange): PeriodCount[] {
  if (bucket === 'day') return daily.map((point) => ({ from: point.day, to: point.day, count: point.count }));
  const weeks: PeriodCount[] = [];
  for (const point of daily) {
    const start = weekStart(point.day);
    const last = weeks.at(-1);
    if (last && weekStart(last.from) === start) {
      last.to = point.day;
      last.count += point.count;
    } else {
      weeks.push({ from: start < range.from ? range.from : start, to: point.day, count: point.count });
    }
  }
  return weeks;
}

/** Upper bounds (exclusive) of the waiting-time bands, in milliseconds; the last band is open. */
const BAND_LIMITS_MS = [60_000, 5 * 60_000, 15 * 60_000, 60 * 60_000, 24 * 60 * 60_000] as const;

/** How many waits fall in each band of WAIT_BANDS, in that order. */
export function waitBands(waitsMs: readonly number[]): Array<{ band: (typeof WAIT_BANDS)[number]; count: number }> {
  const counts = WAIT_BANDS.map(() => 0);
  for (const ms of waitsMs) {
    const index = BAND_LIMITS_MS.findIndex((limit) => ms < limit);
    const at = index === -1 ? WAIT_BANDS.length - 1 : index;
    counts[at] = (counts[at] ?? 0) + 1;
  }
  return WAIT_BANDS.map((band, index) => ({ band, count: counts[index] ?? 0 }));
}
