import { describe, expect, it } from 'vitest';
import {
  formatCents,
  formatCentsForCsv,
  formatDate,
  formatDateTime,
  formatDayMonth,
  formatDuration,
  formatFactor,
  formatFileSize,
  formatCoordinates,
  formatHectares,
  formatLongDate,
  formatMoney,
  formatMoneyInSentence,
  formatWholeDollars,
  formatNumber,
  formatPercent,
  formatPercentRounded,
  formatRate,
  formatTime,
  formatTimeWithSeconds,
  formatTonnes,
  perthCalendarDate,
  plural,
  waitInWords,
} from './format';

describe('money', () => {
  it('always shows two decimals', () => {
    expect(formatMoney(118_448.4)).toBe('$118,448.40');
    expect(formatMoney(6_443.05)).toBe('$6,443.05');
    expect(formatMoney(500)).toBe('$500.00');
    expect(formatCents(11_844_840)).toBe('$118,448.40');
  });

  it('shows zero and negative zero alike, and a minus before the dollar sign', () => {
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(-0)).toBe('$0.00');
    expect(formatMoney(-0.001)).toBe('$0.00');
    expect(formatMoney(-1_234.5)).toBe('-$1,234.50');
    expect(formatCents(-5)).toBe('-$0.05');
  });

  it('rounds half-up to the cent, including values a double stores just below the half', () => {
    expect(formatMoney(1.005)).toBe('$1.01');
    expect(formatMoney(2.675)).toBe('$2.68');
    expect(formatMoney(-1.005)).toBe('-$1.01');
    expect(formatMoney(0.004)).toBe('$0.00');
  });

  it('drops the cents of a whole-dollar limit quoted in a sentence, and never shows one decimal', () => {
    expect(formatMoneyInSentence(2_000)).toBe('$2,000');
    expect(formatMoneyInSentence(96_000)).toBe('$96,000');
    expect(formatMoneyInSentence(2_000.5)).toBe('$2,000.50');
    expect(formatMoneyInSentence(0)).toBe('$0');
  });

  it('rounds cents to the nearest whole dollar for an example or a chart', () => {
    expect(formatWholeDollars(5_057_549)).toBe('$50,575');
    expect(formatWholeDollars(5_057_450)).toBe('$50,575');
    expect(formatWholeDollars(0)).toBe('$0');
  });

  it('writes CSV amounts as plain numbers with two decimals', () => {
    expect(formatCentsForCsv(123_456)).toBe('1234.56');
    expect(formatCentsForCsv(0)).toBe('0.00');
    expect(formatCentsForCsv(-5)).toBe('-0.05');
    expect(formatCentsForCsv(100.4)).toBe('1.00');
  });
});

describe('quantities', () => {
  it('hectares and tonnes keep up to two decimals, rounded, with thousands separators', () => {
    expect(formatHectares(1_250)).toBe('1,250 ha');
    expect(formatHectares(12.345)).toBe('12.35 ha');
    expect(formatHectares(0)).toBe('0 ha');
    expect(formatHectares(-3.5)).toBe('-3.5 ha');
    expect(formatTonnes(1_234.5)).toBe('1,234.5 t');
    expect(formatTonnes(0.004)).toBe('0 t');
    expect(formatNumber(1_234.567)).toBe('1,234.57');
    // Whole numbers under a thousand skip the formatter, and read exactly as it would write them.
    const formatter = new Intl.NumberFormat('en-AU', { maximumFractionDigits: 2, signDisplay: 'negative' });
    for (const value of [-999, -5, -0, 0, 7, 500, 999, 1000, -1000]) expect(formatNumber(value), String(value)).toBe(formatter.format(value));
  });

  it('percentages from a percentage or a fraction', () => {
    expect(formatPercent(4.5)).toBe('4.5%');
    expect(formatPercent(0)).toBe('0%');
    expect(formatPercent(-2.25)).toBe('-2.25%');
    expect(formatRate(0.045)).toBe('4.5%');
    expect(formatRate(0.12345)).toBe('12.35%');
    expect(formatPercentRounded(12.35)).toBe('12.4%');
    expect(formatPercentRounded(-0.04)).toBe('0%');
  });
});

describe('dates and times in Perth', () => {
  // 17:30 UTC on 23 November is 1:30 am on 24 November in Perth (UTC+8, no daylight saving).
  const lateUtc = '2026-11-23T17:30:05.000Z';

  it('an instant after 16:00 UTC is already the next day in Perth', () => {
    expect(formatDate(lateUtc)).toBe('24 Nov 2026');
    expect(formatDate(new Date(lateUtc))).toBe('24 Nov 2026');
    expect(formatLongDate(lateUtc)).toBe('24 November 2026');
    expect(formatDayMonth(lateUtc)).toBe('24 Nov');
    expect(formatDateTime(lateUtc)).toBe('24 Nov 2026, 1:30 am AWST');
    expect(formatTime(lateUtc)).toBe('1:30 am AWST');
    expect(formatTimeWithSeconds(lateUtc)).toBe('1:30:05 am AWST');
    expect(perthCalendarDate(new Date(lateUtc))).toBe('2026-11-24');
  });

  it('an instant before 16:00 UTC is the same day', () => {
    expect(formatDate('2026-11-23T15:59:00Z')).toBe('23 Nov 2026');
    expect(perthCalendarDate(new Date('2026-11-23T15:59:00Z'))).toBe('2026-11-23');
  });

  it('a value that is not a date prints as given', () => {
    expect(formatDate('sometime in May')).toBe('sometime in May');
    expect(formatDateTime(new Date(Number.NaN))).toBe('Invalid Date');
  });

  it('a calendar date prints as that day, whatever the time zone of the machine', () => {
    expect(formatDate('2026-01-01')).toBe('1 Jan 2026');
    expect(formatLongDate('2026-12-31')).toBe('31 December 2026');
  });
});

describe('other figures', () => {
  it('crop factors at three decimals, file sizes in binary units, coordinates at four decimals', () => {
    expect(formatFactor(1.3)).toBe('1.300');
    expect(formatFactor(0.9996)).toBe('1.000');
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(2_048)).toBe('2 KB');
    expect(formatFileSize(10 * 1024 * 1024)).toBe('10.0 MB');
    expect(formatFileSize(1_234_567_890)).toBe('1,177.4 MB');
    expect(formatCoordinates(-31.65123, 117.23449)).toBe('-31.6512, 117.2345');
    expect(formatCoordinates(0, -0.00001)).toBe('0.0000, 0.0000');
  });
});

describe('formatDuration', () => {
  it('writes seconds, minutes and hours as a person reads them', () => {
    expect(formatDuration(45_000)).toBe('45 s');
    expect(formatDuration(150_000)).toBe('2 min 30 s');
    expect(formatDuration(120_000)).toBe('2 min');
    expect(formatDuration(7_500_000)).toBe('2 h 5 min');
    expect(formatDuration(90_000_000)).toBe('25 h');
  });
});

describe('counts with their noun', () => {
  it('says one in the singular, any other count in the plural, grouped in thousands', () => {
    expect(plural(1, 'member')).toBe('1 member');
    expect(plural(0, 'member')).toBe('0 members');
    expect(plural(1250, 'member')).toBe('1,250 members');
    expect(plural(2, 'person', 'people')).toBe('2 people');
    expect(plural(1, 'person', 'people')).toBe('1 person');
  });
});

describe('a wait in words', () => {
  it('rounds up to the minute, and says hours from two hours on', () => {
    expect(waitInWords(1)).toBe('1 minute');
    expect(waitInWords(60)).toBe('1 minute');
    expect(waitInWords(61)).toBe('2 minutes');
    expect(waitInWords(119 * 60)).toBe('119 minutes');
    expect(waitInWords(120 * 60)).toBe('2 hours');
    expect(waitInWords(121 * 60)).toBe('3 hours');
    expect(waitInWords(86_400)).toBe('24 hours');
  });
});
