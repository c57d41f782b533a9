/**
 * Shaping the stored error reports and analytics events for the administrators' errors and
 * analytics pages: calendar days in Perth time (Western Australia keeps no daylight saving, so a
 * day is a fixed 8 hours ahead of UTC), date ranges, gap-free daily series and chart scales.
 */

import { MAX_RANGE_DAYS } from '../../contracts/date-range';
import { addDays, daysInRange, perthDay, perthDayStart } from '../../perth-time';

/** The range a page shows when none is chosen (the longest it charts at once is MAX_RANGE_DAYS). */
export const DEFAULT_RANGE_DAYS = 30;

export interface DayRange {
  from: string;
  to: string;
}

/** The range a page shows when none is chosen: the last DEFAULT_RANGE_DAYS days up to today in Perth. */
export function defaultRange(now: Date, days = DEFAULT_RANGE_DAYS): DayRange {
  const to = perthDay(now);
  return { from: addDays(to, -(days - 1)), to };
}

/** The instants that bound a range of Perth days: from the start of `from` up to (not including) the day after `to`. */
export function rangeInstants({ from, to }: DayRange): { start: Date; end: Date } {
  return { start: perthDayStart(from), end: perthDayStart(addDays(to, 1)) };
}

export interface DailyCount {
  day: string;
  count: number;
}

/** Every day of the range in order, with the counts the database found and 0 for the days it did not. */
export function fillDailyCounts(rows: readonly DailyCount[], range: DayRange): DailyCount[] {
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(row.day, (counts.get(row.day) ?? 0) + row.count);
  const length = daysInRange(range.from, range.to);
  return Array.from({ length }, (_, index) => {
    const day = addDays(range.from, index);
    return { day, count: counts.get(day) ?? 0 };
  });
}

/** The busiest day of a series (the earliest of equals), or undefined when nothing happened. */
export function peakDay(series: readonly DailyCount[]): DailyCount | undefined {
  let peak: DailyCount | undefined;
  for (const point of series) if (point.count > 0 && (!peak || point.count > peak.count)) peak = point;
  return peak;
}

/**
 * A chart's axis: a round top value at or above the largest count (1, 2, 5 × 10ⁿ steps) and the
 * gridline values from 0 to it, so bars are drawn against whole, readable numbers.
 */
export function chartScale(maxValue: number, gridlines = 4): { top: number; ticks: number[] } {
  if (!(maxValue > 0)) return { top: 1, ticks: [0, 1] };
  const roughStep = maxValue / gridlines;
  const magnitude = 10 ** Math.floor(Math.log10(roughStep));
  const step = Math.max(1, [1, 2, 5, 10].map((factor) => factor * magnitude).find((candidate) => candidate >= roughStep) ?? 10 * magnitude);
  const top = Math.ceil(maxValue / step) * step;
  const ticks: number[] = [];
  for (let value = 0; value <= top; value += step) ticks.push(value);
  return { top, ticks };
}

/**
 * The range to show for optional `from` and `to`: both as given; `from` alone runs to today (or
 * for at most MAX_RANGE_DAYS); `to` alone covers the DEFAULT_RANGE_DAYS before it; neither, the default.
 */
export function resolveRange({ from, to }: Partial<DayRange>, now: Date): DayRange {
  if (from && to) return { from, to };
  if (to) return { from: addDays(to, -(DEFAULT_RANGE_DAYS - 1)), to };
  if (!from) return defaultRange(now);
  const today = perthDay(now);
  const latest = addDays(from, MAX_RANGE_DAYS - 1);
  return { from, to: today < from ? from : today > latest ? latest : today };
}
