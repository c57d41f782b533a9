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
