/**
 * Amounts a person types in dollars, read to the cent: the payment forms and the requests they send
 * (shared/contracts/dashboard.ts) read the same text the same way.
 */

/**
 * An amount a person typed in dollars ('4800', '4,800.00', '$ 550.5'), in cents; null when it is not
 * a number of dollars to the cent. Thousands separators must be commas every three digits.
 */
export function centsFromTypedDollars(value: string | number): number | null {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    const cents = Math.round(value * 100);
    return Math.abs(value * 100 - cents) < 1e-6 ? cents : null;
  }
  const text = value.trim().replace(/^\$\s*/, '');
  const match = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const dollars = Number(match[1]!.replace(/,/g, ''));
  const cents = Number((match[2] ?? '').padEnd(2, '0'));
  return dollars * 100 + cents;
}

/** Cents as a person would type them in dollars, for a form's starting value: 480050 is '4800.50' (the inverse of centsFromTypedDollars). */
export function typedDollarsOf(cents: number): string {
  const whole = Math.floor(Math.abs(cents) / 100);
  return `${cents < 0 ? '-' : ''}${whole}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;
}
