/**
 * Loading a saved estimate (docs/behaviour.md §3 'Paddock section', §4 'Quote status', §5 'Saved-estimate check').
 * Reconstruction turns the stored estimate into a quote; the check lists data warnings, which are
 * shown to the user but never block loading.
 */
import { AREA_MISMATCH_TOLERANCE } from '../../constants';
import { DRAFT_MESSAGES } from '../../contracts/drafts';
import { parseStoredQuote } from '../../contracts/quote';
import { effectiveArea } from '../geo/paddock-area';
import type { QuoteState } from '../../contracts/quote';
import { hasAnyEstimate, hasCropOrGroupDetails, hasEntries, hasFarmLocation, hasText } from './types';
import type { QuoteView, SectionView } from './types';
import { formatHectaresInWarning } from '../../format';

/** The warning texts, in the order the check reports them (docs/behaviour.md §5). */
export const SAVED_ESTIMATE_WARNINGS = {
  missingEmail: 'Missing email address',
  missingName: 'Missing first and last name',
  missingFarmLocation: 'Missing farm location and address',
  noPaddockSections: 'No paddock sections',
  noCropDetails: 'No crop details',
  noEstimates: 'No estimate for any coverage type',
  nonPositiveArea: (section: string): string => `Paddock section "${section}" has no area (0 ha or less)`,
  missingCropType: (section: string): string => `Paddock section "${section}" has no crop type`,
  areaMismatch: (sectionsTotal: number, farmTotal: number): string => `Area mismatch: sections total ${formatHectaresInWarning(sectionsTotal)}ha vs farm total ${formatHectaresInWarning(farmTotal)}ha`,
} as const;

/** How a section is named in a warning: its name, else its id. */
function sectionLabel(section: SectionView): string {
  return hasText(section.name) ? section.name.trim() : section.id;
}

/** Sections that carry their own area (group sections only aggregate others, so they are left out of totals). */
function areaSections(quote: QuoteView): SectionView[] {
  return (quote.farmData?.paddockSections ?? []).filter((section) => section.isGroup !== true);
}

/**
 * Whether the section total differs from the farm total by more than the larger of 10% of the
 * farm total or 1 ha. A difference exactly at the tolerance is not a mismatch.
 */
export function isAreaMismatch(sectionsTotal: number, farmTotal: number): boolean {
  const tolerance = Math.max(farmTotal * AREA_MISMATCH_TOLERANCE.fraction, AREA_MISMATCH_TOLERANCE.minimumHectares);
  // The epsilon keeps float sums such as 55.1 + 54.9 from tipping a boundary case over.
  return Math.abs(sectionsTotal - farmTotal) - tolerance > 1e-9;
}

/** The data warnings for a loaded estimate, in docs/behaviour.md §5 order (per-section warnings in section order). */
export function checkSavedEstimate(quote: QuoteView): string[] {
  const warnings: string[] = [];
  const personal = quote.personalDetails;
  const sections = quote.farmData?.paddockSections ?? [];

  if (!hasText(personal?.email)) warnings.push(SAVED_ESTIMATE_WARNINGS.missingEmail);
  if (!hasText(personal?.firstName) && !hasText(personal?.lastName)) warnings.push(SAVED_ESTIMATE_WARNINGS.missingName);
  if (!hasFarmLocation(quote) && !hasText(quote.farmData?.address)) warnings.push(SAVED_ESTIMATE_WARNINGS.missingFarmLocation);
  if (!hasEntries(sections)) warnings.push(SAVED_ESTIMATE_WARNINGS.noPaddockSections);
  if (!hasCropOrGroupDetails(quote)) warnings.push(SAVED_ESTIMATE_WARNINGS.noCropDetails);
  if (!hasAnyEstimate(quote)) warnings.push(SAVED_ESTIMATE_WARNINGS.noEstimates);

  for (const section of areaSections(quote)) {
    if (!(effectiveArea(section) > 0)) warnings.push(SAVED_ESTIMATE_WARNINGS.nonPositiveArea(sectionLabel(section)));
  }
  for (const section of areaSections(quote)) {
    if (!hasText(section.crop)) warnings.push(SAVED_ESTIMATE_WARNINGS.missingCropType(sectionLabel(section)));
  }

  const farmTotal = quote.farmData?.hectares;
  const withArea = areaSections(quote);
  if (typeof farmTotal === 'number' && farmTotal > 0 && withArea.length > 0) {
    const sectionsTotal = withArea.reduce((sum, section) => sum + effectiveArea(section), 0);
    if (isAreaMismatch(sectionsTotal, farmTotal)) warnings.push(SAVED_ESTIMATE_WARNINGS.areaMismatch(sectionsTotal, farmTotal));
  }
  return warnings;
}

/** docs/behaviour.md §5 word for word, 'Loaded estimate with N data warnings' for any N; null when there are none. */
export function savedEstimateSummary(warningCount: number): string | null {
  if (warningCount <= 0) return null;
  return `Loaded estimate with ${warningCount} data warnings`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * Maps a stored section to the current shape: cropType → crop and pricePerUnit → pricePerTonne
 * (current fields win when both exist); a section without an id gets 'section-<n>'.
 */
export function normaliseSavedSection(raw: unknown, index: number): unknown {
  if (!isRecord(raw)) return raw;
  const { cropType, pricePerUnit, ...section } = raw;
  if (section['crop'] === undefined || section['crop'] === null) section['crop'] = cropType;
  if (section['pricePerTonne'] === undefined || section['pricePerTonne'] === null) section['pricePerTonne'] = pricePerUnit;
  if (!hasText(section['id'])) section['id'] = `section-${index + 1}`;
  return section;
}

export type SavedEstimateResult = { ok: true; quote: QuoteState; warnings: string[]; summary: string | null } | { ok: false; error: string; issues: string[] };

/**
 * Rebuilds a quote from a saved estimate (the `estimate` of GET /api/estimates/{id}). The quote may
 * sit under `quoteData` (possibly as a JSON string) or be the estimate itself. The result is a
 * quote with status saved, isRestoredFromSave and savedEstimateId set, plus the data warnings.
 */
export function reconstructSavedEstimate(estimate: unknown, savedEstimateId: string): SavedEstimateResult {
  let source: unknown = isRecord(estimate) && estimate['quoteData'] !== undefined ? estimate['quoteData'] : estimate;
  if (typeof source === 'string') {
    try {
      source = JSON.parse(source) as unknown;
    } catch {
      return { ok: false, error: DRAFT_MESSAGES.reconstructSavedEstimateFailed, issues: ['quoteData is not valid JSON'] };
    }
  }
  if (!isRecord(source)) return { ok: false, error: DRAFT_MESSAGES.reconstructSavedEstimateFailed, issues: ['estimate is not an object'] };

  const farm = isRecord(source['farmData']) ? source['farmData'] : undefined;
  const rawSections = farm?.['paddockSections'];
  const normalised = farm && Array.isArray(rawSections) ? { ...source, farmData: { ...farm, paddockSections: rawSections.map(normaliseSavedSection) } } : source;

  const parsed = parseStoredQuote(normalised);
  if (!parsed.success) {
    return {
      ok: false,
      error: DRAFT_MESSAGES.reconstructSavedEstimateFailed,
      issues: parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    };
  }
  const quote: QuoteState = { ...parsed.data, status: 'saved', isRestoredFromSave: true, savedEstimateId };
  const warnings = checkSavedEstimate(quote);
  return { ok: true, quote, warnings, summary: savedEstimateSummary(warnings.length) };
}
