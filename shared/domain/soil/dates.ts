/**
 * Sample dates as labs write them. Australian reports put the day first ('14/03/2025', '14-Mar-2025',
 * '14.3.25'); exports from a database write '2025-03-14'. Every form becomes a calendar day
 * YYYY-MM-DD, and a day that does not exist ('31/02/2025') is no day at all.
 */
import { isCalendarDay } from '../../perth-time';

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

const pad = (value: number) => String(value).padStart(2, '0');

const NUMERIC_DATE = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/;

/** A date of numbers ('5/6/2021') read month first, as YYYY-MM-DD, or undefined when it is no day that way. */
export function monthFirstReading(text: string): string | undefined {
  const found = NUMERIC_DATE.exec(text.trim());
  if (!found) return undefined;
  const year = Number(found[3]) < 100 ? Number(found[3]) + 2000 : Number(found[3]);
  const candidate = `${year}-${pad(Number(found[1]))}-${pad(Number(found[2]))}`;
  return isCalendarDay(candidate) ? candidate : undefined;
}

/**
 * Whether a date can only be month first ('5/14/2021': there is no month 14). One such date shows a
 * file is written month first, as an American lab writes it; its other dates (5/6/2021) are then
 * month first too, so none of them is read day first: staff are told to write them day first.
 */
export const isMonthFirstOnly = (text: string) => monthFirstReading(text) !== undefined && Number(NUMERIC_DATE.exec(text.trim())![2]) > 12;

/** The day a lab wrote, as YYYY-MM-DD, or undefined when the text is not a day. Two-digit years are this century. */
export function parseSampleDate(text: string): string | undefined {
  const value = text.trim();
  let year: number, month: number, day: number;
  const iso = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[T ].*)?$/.exec(value);
  const dayFirst = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/.exec(value);
  const named = /^(\d{1,2})[\s-]([A-Za-z]{3,9})[\s-](\d{2}|\d{4})$/.exec(value);
  if (iso) [year, month, day] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (dayFirst) [day, month, year] = [Number(dayFirst[1]), Number(dayFirst[2]), Number(dayFirst[3])];
  else if (named) {
    const index = MONTHS.indexOf(named[2]!.slice(0, 3).toLowerCase());
    if (index < 0) return undefined;
    [day, month, year] = [Number(named[1]), index + 1, Number(named[3])];
  } else return undefined;
  if (year < 100) year += 2000;
  const candidate = `${year}-${pad(month)}-${pad(day)}`;
  return isCalendarDay(candidate) ? candidate : undefined;
}
