import { describe, expect, it } from 'vitest';
import { centsFromTypedDollars, typedDollarsOf } from './typed-dollars';

describe('an amount typed in dollars', () => {
  it.each([
    ['4800', 480_000],
    ['4,800.00', 480_000],
    ['$4,800.5', 480_050],
    ['$ 550', 55_000],
    [' 0.07 ', 7],
    ['1,234,567.89', 123_456_789],
    [550.1, 55_010],
    [0.1 + 0.2, 30],
  ])('reads %j as %i cents', (typed, cents) => {
    expect(centsFromTypedDollars(typed)).toBe(cents);
  });

  it('writes cents back as a person types them, which reads back the same', () => {
    for (const cents of [0, 7, 55_000, 480_050, 123_456_789]) expect(centsFromTypedDollars(typedDollarsOf(cents))).toBe(cents);
    expect(typedDollarsOf(480_050)).toBe('4800.50');
  });

  it.each(['', 'abc', '4.800,00', '12,34', '1.234', '5.5.0', '-5', '$', '1e3', 0.001, Number.NaN, Number.POSITIVE_INFINITY])('refuses %j', (typed) => {
    expect(centsFromTypedDollars(typed)).toBeNull();
  });
});
