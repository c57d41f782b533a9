/**
 * Money helpers. Amounts are worked out unrounded and turned into whole cents once, at the end.
 * Rounding is half-up; the tiny relative nudge keeps values such as 1.005 (stored as 1.00499…)
 * from rounding down. It is monotone, so a larger amount never rounds to fewer cents.
 */
export function toCents(dollars: number): number {
  return Math.round(dollars * 100 * (1 + 1e-12));
}

export function fromCents(cents: number): number {
  return cents / 100;
}

export function roundToCents(dollars: number): number {
  return fromCents(toCents(dollars));
}

const dollars = new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD', minimumFractionDigits: 0, maximumFractionDigits: 2 });
const plain = new Intl.NumberFormat('en-AU', { maximumFractionDigits: 2 });

/** '$1,400' or '$1,400.50'. */
export function formatDollars(amount: number): string {
  return dollars.format(amount);
}

/** '1,250 ha' or '12.5 ha'. */
export function formatHectares(hectares: number): string {
  return `${plain.format(hectares)} ha`;
}

/** 0.045 → '4.5%'. */
export function formatRate(rate: number): string {
  return `${plain.format(rate * 100)}%`;
}
