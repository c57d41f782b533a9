/** Types and small readers shared by the quote wizard's rules. */
import type { QuoteStateInput } from '../../contracts/quote';

/**
 * What the rules read: a quote as the schema accepts it, so a parsed quote, a partly filled one
 * and stored data all fit (defaulted fields may be missing).
 */
export type QuoteView = QuoteStateInput;
export type SectionView = NonNullable<NonNullable<QuoteView['farmData']>['paddockSections']>[number];

/** The answer of a rule that may refuse: allowed, or refused with the text to show or log. */
export type Decision = { allowed: true } | { allowed: false; reason: string };

/** True for a string with something other than white space. */
export function hasText(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

/** True for a record (or array) with at least one entry. */
export function hasEntries(value: Readonly<Record<string, unknown>> | readonly unknown[] | undefined | null): boolean {
  if (value === undefined || value === null) return false;
  return Array.isArray(value) ? value.length > 0 : Object.keys(value).length > 0;
}

/** A farm location counts when both coordinates are finite numbers. */
export function hasFarmLocation(quote: QuoteView): boolean {
  const location = quote.farmData?.farmLocation;
  return location !== undefined && Number.isFinite(location.lat) && Number.isFinite(location.lng);
}

/** Whether the quote holds an estimate for at least one coverage type. */
export function hasAnyEstimate(quote: QuoteView): boolean {
  const estimates = quote.estimates;
  return estimates?.fire !== undefined || estimates?.hail !== undefined || estimates?.both !== undefined;
}

/** Crop or group details exist: at least one per-crop entry or one group entry. */
export function hasCropOrGroupDetails(quote: QuoteView): boolean {
  return hasEntries(quote.cropDetails?.byCrop) || hasEntries(quote.cropDetails?.groupDetails);
}
