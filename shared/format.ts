/**
 * The one way numbers and dates become text, for the renderer, the PDFs, the e-mails and the CSV
 * exports alike: Australian English, times in Western Australia. Each Intl formatter is built once
 * here (building one is far slower than using it) and nowhere else, on its first use: building
 * them all as the module loaded held up a phone's first page.
 *
 * Money is shown with two decimals always ('$118,448.40', never '$118,448.4'), rounded half-up to
 * the cent. A date-only string ('2026-11-23') is a calendar date and prints as that day; an instant
 * (an ISO timestamp or a Date) prints as the day and time it was in Perth.
 */

import { PERTH_UTC_OFFSET } from './perth-time';

const LOCALE = 'en-AU';
const PERTH_TIME_ZONE = 'Australia/Perth';

/** A formatter built the first time it is asked for, then kept. */
function onFirstUse<Formatter>(build: () => Formatter): () => Formatter {
  let built: Formatter | undefined;
  return () => (built ??= build());
}

const moneyFormat = onFirstUse(() => new Intl.NumberFormat(LOCALE, { style: 'currency', currency: 'AUD', minimumFractionDigits: 2, maximumFractionDigits: 2, signDisplay: 'negative' }));
const wholeMoneyFormat = onFirstUse(() => new Intl.NumberFormat(LOCALE, { style: 'currency', currency: 'AUD', maximumFractionDigits: 0, signDisplay: 'negative' }));
const upToTwoDecimals = onFirstUse(() => new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 2, signDisplay: 'negative' }));
const upToOneDecimal = onFirstUse(() => new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 1, signDisplay: 'negative' }));
const oneDecimal = onFirstUse(() => new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 1, maximumFractionDigits: 1 }));
const threeDecimals = onFirstUse(() => new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 3, maximumFractionDigits: 3, signDisplay: 'negative' }));
const oneDecimalUngrouped = onFirstUse(() => new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: false }));
const coordinate = onFirstUse(() => new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 4, maximumFractionDigits: 4, useGrouping: false, signDisplay: 'negative' }));
const dateFormat = onFirstUse(() => new Intl.DateTimeFormat(LOCALE, { day: 'numeric', month: 'short', year: 'numeric', timeZone: PERTH_TIME_ZONE }));
const longDateFormat = onFirstUse(() => new Intl.DateTimeFormat(LOCALE, { day: 'numeric', month: 'long', year: 'numeric', timeZone: PERTH_TIME_ZONE }));
const monthFormat = onFirstUse(() => new Intl.DateTimeFormat(LOCALE, { month: 'long', year: 'numeric', timeZone: PERTH_TIME_ZONE }));
const dayMonthFormat = onFirstUse(() => new Intl.DateTimeFormat(LOCALE, { day: 'numeric', month: 'short', timeZone: PERTH_TIME_ZONE }));
// A time of day says whose clock it is (AWST, Perth's all year: Western Australia keeps no daylight saving).
const dateTimeFormat = onFirstUse(
  () => new Intl.DateTimeFormat(LOCALE, { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: PERTH_TIME_ZONE, timeZoneName: 'short' }),
);
const timeFormat = onFirstUse(() => new Intl.DateTimeFormat(LOCALE, { hour: 'numeric', minute: '2-digit', timeZone: PERTH_TIME_ZONE, timeZoneName: 'short' }));
const timeWithSecondsFormat = onFirstUse(() => new Intl.DateTimeFormat(LOCALE, { hour: 'numeric', minute: '2-digit', second: '2-digit', timeZone: PERTH_TIME_ZONE, timeZoneName: 'short' }));
// en-CA writes dates as yyyy-mm-dd, the form the domain compares and stores.
const calendarDateFormat = onFirstUse(() => new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: PERTH_TIME_ZONE }));

/** Whole cents, half-up; the tiny nudge keeps 1.005 (stored as 1.00499…) from rounding down. */
function dollarsToCents(dollars: number): number {
  return Math.sign(dollars) * Math.round(Math.abs(dollars) * 100 * (1 + 1e-12));
}

/** 118448.4 → '$118,448.40'; -12.5 → '-$12.50'. */
export function formatMoney(dollars: number): string {
  return moneyFormat().format(dollarsToCents(dollars) / 100);
}

/** Integer cents: 11844840 → '$118,448.40'. */
export function formatCents(cents: number): string {
  return moneyFormat().format(Math.round(cents) / 100);
}

/**
 * A limit or fee quoted inside a sentence, where cents would be noise: 2000 → '$2,000'. An amount
 * that is not whole dollars still shows its cents ('$2,000.50'), never one decimal.
 */
export function formatMoneyInSentence(dollars: number): string {
  const cents = dollarsToCents(dollars);
  return cents % 100 === 0 ? wholeMoneyFormat().format(cents / 100) : moneyFormat().format(cents / 100);
}

/** Integer cents to the nearest whole dollar, for an example or a chart where cents would be noise: 5_057_549 → '$50,575'. */
export function formatWholeDollars(cents: number): string {
  return wholeMoneyFormat().format(Math.round(cents / 100));
}

/** Integer cents as a plain number a spreadsheet reads, for CSV: 123456 → '1234.56'. */
export function formatCentsForCsv(cents: number): string {
  const whole = Math.round(cents);
  const sign = whole < 0 ? '-' : '';
  const abs = Math.abs(whole);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** A count or a plain quantity: 1234.567 → '1,234.57'. */
export function formatNumber(value: number): string {
  // A whole number under a thousand reads the same either way; a phone's first formatter is a long task.
  if (Number.isInteger(value) && Math.abs(value) < 1000) return String(value === 0 ? 0 : value);
  return upToTwoDecimals().format(value);
}

/** A count with its noun: (1, 'member') → '1 member'; (1250, 'member') → '1,250 members'; (2, 'person', 'people') → '2 people'. */
export const plural = (count: number, one: string, many = `${one}s`): string => `${formatNumber(count)} ${count === 1 ? one : many}`;

/** How long to wait, for a sentence, rounded up: 30 s → '1 minute', 900 s → '15 minutes'; from two hours in hours: 86,400 s → '24 hours'. */
export function waitInWords(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes < 120 ? plural(minutes, 'minute') : plural(Math.ceil(minutes / 60), 'hour');
}

/** 1250 → '1,250 ha'; 12.345 → '12.35 ha'. */
export function formatHectares(hectares: number): string {
  return `${upToTwoDecimals().format(hectares)} ha`;
}

/**
 * 112 → '112.0', no unit and no grouping: the saved-estimate check's fixed wording ('sections total
 * 112.0ha vs farm total 110.5ha', docs/behaviour.md §5), where both totals read alike.
 */
export function formatHectaresInWarning(hectares: number): string {
  return oneDecimalUngrouped().format(hectares);
}

/** 1234.5 → '1,234.5 t'. */
export function formatTonnes(tonnes: number): string {
  return `${upToTwoDecimals().format(tonnes)} t`;
}

/** A number that already is a percentage: 4.5 → '4.5%'. */
export function formatPercent(percent: number): string {
  return `${upToTwoDecimals().format(percent)}%`;
}

/** A share of the whole at one decimal, for bars and summaries: 12.345 → '12.3%'. */
export function formatPercentRounded(percent: number): string {
  return `${upToOneDecimal().format(percent)}%`;
}

/** A multiplier such as a crop factor, at three decimals: 1.3 → '1.300'. */
export function formatFactor(factor: number): string {
  return threeDecimals().format(factor);
}

/** A file's size in binary units, as the upload limits are set: 512 → '512 B', 2048 → '2 KB', 10485760 → '10.0 MB'. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${Math.round(bytes)} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${oneDecimal().format(bytes / (1024 * 1024))} MB`;
}

/** Latitude and longitude to four decimals (about 10 m): '-31.6512, 117.2345'. */
export function formatCoordinates(latitude: number, longitude: number): string {
  return `${coordinate().format(latitude)}, ${coordinate().format(longitude)}`;
}

/** A fraction as a percentage: 0.045 → '4.5%'. */
export function formatRate(rate: number): string {
  return formatPercent(rate * 100);
}

/** A time taken, to the second under an hour: 45000 → '45 s', 150000 → '2 min 30 s', 7500000 → '2 h 5 min'. */
export function formatDuration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) return seconds % 60 ? `${Math.floor(seconds / 60)} min ${seconds % 60} s` : `${seconds / 60} min`;
  const minutes = Math.round(seconds / 60);
  return `${upToTwoDecimals().format(Math.floor(minutes / 60))} h${minutes % 60 ? ` ${minutes % 60} min` : ''}`;
}

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A calendar date is read as noon in Perth, so it prints as the same day; anything else is an
 * instant. A value that is not a date at all prints as given rather than failing the page.
 */
function formatInstant(format: Intl.DateTimeFormat, value: Date | string): string {
  const instant = value instanceof Date ? value : new Date(CALENDAR_DATE.test(value) ? `${value}T12:00:00${PERTH_UTC_OFFSET}` : value);
  return Number.isNaN(instant.getTime()) ? String(value) : format.format(instant);
}

/** '24 Nov 2026'. */
export function formatDate(value: Date | string): string {
  return formatInstant(dateFormat(), value);
}

/** '24 November 2026' (documents and letters). */
export function formatLongDate(value: Date | string): string {
  return formatInstant(longDateFormat(), value);
}

/** 'November 2026' for a 'YYYY-MM' month (a month of Perth days). */
export function formatMonth(month: string): string {
  return formatInstant(monthFormat(), `${month}-15`);
}

/** '24 Nov'. */
export function formatDayMonth(value: Date | string): string {
  return formatInstant(dayMonthFormat(), value);
}

/** '24 Nov 2026, 1:30 am AWST'. */
export function formatDateTime(value: Date | string): string {
  return formatInstant(dateTimeFormat(), value);
}

/** '1:30 am AWST'. */
export function formatTime(value: Date | string): string {
  return formatInstant(timeFormat(), value);
}

/** '1:30:05 am AWST' (logs and live lists, where seconds tell entries apart). */
export function formatTimeWithSeconds(value: Date | string): string {
  return formatInstant(timeWithSecondsFormat(), value);
}

/** The calendar date in Western Australia of an instant, 'yyyy-mm-dd'. */
export function perthCalendarDate(instant: Date): string {
  return calendarDateFormat().format(instant);
}

/** The wall-clock minute in Western Australia of an instant, 'yyyy-mm-ddThh:mm', as a datetime-local field holds it. */
export function perthWallClockMinute(instant: Date): string {
  return `${perthCalendarDate(instant)}T${new Intl.DateTimeFormat('en-GB', { timeZone: 'Australia/Perth', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(instant)}`;
}
