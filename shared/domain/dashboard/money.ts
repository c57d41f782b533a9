/** Whole-cent helpers for the dashboard's documents; amounts are integers of cents throughout. */

const currency = new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 123456 → '$1,234.56'. */
export function formatCents(cents: number): string {
  return currency.format(cents / 100);
}

/** 123456 → '1234.56' (for CSV: a plain number a spreadsheet reads). */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
