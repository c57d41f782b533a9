/**
 * Validation records (docs/behaviour.md §3 'Validation records', §4 'Validation', §5): one record per paddock
 * section and a global record computed from them.
 *
 * A section has four crop-detail fields: crop, expected yield, price per tonne and hurdle. A field
 * left empty makes the section incomplete but not invalid; a field filled in wrongly (yield or
 * price not above 0 or above what the pricing engine takes, hurdle below the crop's minimum or
 * above 100) is an error. The completion rate is the rounded share of fields that are filled in
 * and correct, so a complete section is always valid. A section is valid when it has no errors.
 */
import { DEFAULT_CROP_HURDLES } from '../../constants';
import { EXPECTED_YIELD_TOO_HIGH_MESSAGE, MAX_EXPECTED_YIELD_T_PER_HA, MAX_PRICE_PER_TONNE, priceTooHighMessage } from '../../contracts/pricing';
import { emptyGlobalValidation } from '../../contracts/quote';
import type { CropDetailMode, GlobalValidation, SectionValidation, ValidationData } from '../../contracts/quote';
import { paddockAreaProblem } from '../geo/paddock-area';
import { cropDetailFor } from '../pricing/allocations';
import { hasText } from './types';
import type { QuoteView, SectionView } from './types';

export const VALIDATION_MESSAGES = {
  yieldNotPositive: 'Expected yield must be greater than 0',
  priceNotPositive: 'Price per tonne must be greater than 0',
  hurdleAboveMaximum: 'Hurdle cannot be more than 100%',
  hurdleBelowMinimum: (crop: string, minimum: number): string => `Hurdle for ${crop} must be at least ${minimum}%`,
} as const;

const CROP_DETAIL_FIELD_COUNT = 4;

/** Rounded percentage of part in whole; 0 when whole is 0. */
export function roundedRate(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 100) : 0;
}

/** No crop, a blank crop or 'Unassigned' (any case) means no crop is assigned. */
export function isUnassignedCrop(crop: string | undefined | null): boolean {
  return !hasText(crop) || crop.trim().toLowerCase() === 'unassigned';
}

/**
 * The crop's minimum hurdle: the configured value (from /api/crop-configs) if given, else the docs/behaviour.md §5
 * hurdle table, else 0 for crops the table does not list. Crop names match case-insensitively.
 */
export function minimumHurdleFor(crop: string, configured: Readonly<Record<string, number>> = {}): number {
  const key = crop.trim().toLowerCase();
  for (const [name, minimum] of Object.entries(configured)) {
    if (name.trim().toLowerCase() === key && Number.isFinite(minimum)) return minimum;
  }
  return DEFAULT_CROP_HURDLES.find((row) => row.cropType === key)?.minimumHurdlePercentage ?? 0;
}

/** The crop-detail values that apply to one section. */
export interface SectionCropInputs {
  crop?: string | undefined;
  expectedYield?: number | undefined;
  pricePerTonne?: number | undefined;
  hurdlePercentage?: number | undefined;
}

/** Builds a section record from its errors and warnings; valid means no errors. */
export function sectionRecord(completionRate: number, errors: string[] = [], warnings: string[] = []): SectionValidation {
  return { isComplete: completionRate === 100 && errors.length === 0, isValid: errors.length === 0, errors, warnings, completionRate };
}

/** Validates one section's crop details: crop, 0 < yield ≤ 20 t/ha, 0 < price ≤ $5,000/t, minimum ≤ hurdle ≤ 100. */
export function validateSectionCropDetails(inputs: SectionCropInputs, minimumHurdlePercentages: Readonly<Record<string, number>> = {}): SectionValidation {
  const errors: string[] = [];
  let done = 0;
  const crop = isUnassignedCrop(inputs.crop) ? null : (inputs.crop ?? '').trim();
  if (crop !== null) done += 1;

  const { expectedYield, pricePerTonne, hurdlePercentage } = inputs;
  // The bounds the pricing engine holds a quote to, so a section the wizard calls complete can be priced.
  if (expectedYield !== undefined) {
    if (!Number.isFinite(expectedYield) || expectedYield <= 0) errors.push(VALIDATION_MESSAGES.yieldNotPositive);
    else if (expectedYield > MAX_EXPECTED_YIELD_T_PER_HA) errors.push(EXPECTED_YIELD_TOO_HIGH_MESSAGE);
    else done += 1;
  }
  if (pricePerTonne !== undefined) {
    if (!Number.isFinite(pricePerTonne) || pricePerTonne <= 0) errors.push(VALIDATION_MESSAGES.priceNotPositive);
    else if (pricePerTonne > MAX_PRICE_PER_TONNE) errors.push(priceTooHighMessage());
    else done += 1;
  }
  if (hurdlePercentage !== undefined) {
    const minimum = crop === null ? 0 : minimumHurdleFor(crop, minimumHurdlePercentages);
    if (!Number.isFinite(hurdlePercentage) || hurdlePercentage < minimum) {
      errors.push(VALIDATION_MESSAGES.hurdleBelowMinimum(crop ?? 'this crop', minimum));
    } else if (hurdlePercentage > 100) {
      errors.push(VALIDATION_MESSAGES.hurdleAboveMaximum);
    } else {
      done += 1;
    }
  }
  return sectionRecord(roundedRate(done, CROP_DETAIL_FIELD_COUNT), errors);
}

/** The yield-price mode in force: the crop-details mode, else the farm's, else crop. */
export function yieldPriceModeOf(quote: QuoteView): CropDetailMode {
  return quote.cropDetails?.yieldPriceMode ?? quote.farmData?.yieldPriceMode ?? 'crop';
}

/**
 * Where a section's yield, price and hurdle come from (docs/behaviour.md §5): the per-crop details in crop mode,
 * the section's group in group mode, the section itself in section mode. There is no fallback
 * between sources: a value missing from the mode's source is missing.
 */
export function resolveSectionCropInputs(section: SectionView, quote: QuoteView): SectionCropInputs {
  const crop = section.crop;
  const mode = yieldPriceModeOf(quote);
  if (mode === 'crop') {
    const detail = crop === undefined ? undefined : cropDetailFor(quote.cropDetails?.byCrop, crop);
    return { crop, expectedYield: detail?.expectedYield, pricePerTonne: detail?.pricePerTonne, hurdlePercentage: detail?.hurdlePercentage };
  }
  if (mode === 'group') {
    const group = section.groupId === undefined ? undefined : quote.cropDetails?.groupDetails?.[section.groupId];
    return { crop, expectedYield: group?.averageYield, pricePerTonne: group?.averagePrice, hurdlePercentage: group?.hurdlePercentage };
  }
  return { crop, expectedYield: section.expectedYield, pricePerTonne: section.pricePerTonne, hurdlePercentage: section.hurdlePercentage };
}

/** A section has progress when any field is filled in, rightly or wrongly. */
function hasProgress(record: SectionValidation): boolean {
  return record.completionRate > 0 || record.errors.length > 0;
}

/** Recomputes the global record from the section records (docs/behaviour.md §4: after any section change). */
export function computeGlobalValidation(sections: Readonly<Record<string, SectionValidation>>): GlobalValidation {
  const records = Object.values(sections);
  const totalSections = records.length;
  const completedSections = records.filter((record) => record.isComplete).length;
  const userEnteredSections = records.filter(hasProgress).length;
  return {
    isComplete: totalSections > 0 && completedSections === totalSections,
    completionRate: roundedRate(completedSections, totalSections),
    errors: [...new Set(records.flatMap((record) => record.errors))],
    warnings: [...new Set(records.flatMap((record) => record.warnings))],
    // With no sections nothing has been validated, so nothing counts as all valid.
    isAllValid: totalSections > 0 && records.every((record) => record.isValid),
    totalSections,
    completedSections,
    userEnteredSections,
    userEnteredRate: roundedRate(userEnteredSections, totalSections),
  };
}

/** Validates every section that is priced (not excluded and not a group): its crop details, and an area a paddock can have. */
export function validateQuoteSections(quote: QuoteView): ValidationData {
  const minimums = quote.cropDetails?.minimumHurdlePercentages ?? {};
  const sections: Record<string, SectionValidation> = {};
  for (const section of quote.farmData?.paddockSections ?? []) {
    if (section.isExcluded === true || section.isGroup === true) continue;
    const record = validateSectionCropDetails(resolveSectionCropInputs(section, quote), minimums);
    const areaProblem = paddockAreaProblem(section);
    sections[section.id] = areaProblem === null ? record : sectionRecord(record.completionRate, [...record.errors, areaProblem], record.warnings);
  }
  return { sections, global: computeGlobalValidation(sections) };
}

function withSections(sections: Record<string, SectionValidation>): ValidationData {
  return { sections, global: computeGlobalValidation(sections) };
}

/** Replaces one section's record and recomputes the global one. */
export function setSectionValidation(data: ValidationData, sectionId: string, record: SectionValidation): ValidationData {
  return withSections({ ...data.sections, [sectionId]: record });
}

/** Drops one section's record and recomputes the global one. */
export function removeSectionValidation(data: ValidationData, sectionId: string): ValidationData {
  const { [sectionId]: _removed, ...rest } = data.sections;
  return withSections(rest);
}

/** Adds an error to a section (making it invalid); a missing section starts empty. */
export function addSectionError(data: ValidationData, sectionId: string, error: string): ValidationData {
  const record = data.sections[sectionId] ?? sectionRecord(0);
  if (record.errors.includes(error)) return data;
  return setSectionValidation(data, sectionId, { ...record, errors: [...record.errors, error], isValid: false, isComplete: false });
}

/** Removes an error from a section; removing its last error makes it valid again. */
export function removeSectionError(data: ValidationData, sectionId: string, error: string): ValidationData {
  const record = data.sections[sectionId];
  if (record === undefined || !record.errors.includes(error)) return data;
  const errors = record.errors.filter((item) => item !== error);
  return setSectionValidation(data, sectionId, sectionRecord(record.completionRate, errors, record.warnings));
}

/** The empty validation data: no section records and the initial global record. */
export function resetValidation(): ValidationData {
  return { sections: {}, global: emptyGlobalValidation() };
}

/** docs/behaviour.md §4: changing the pricing mode resets section records and the global result. */
export function applyPricingModeChange(data: ValidationData, previousMode: string | undefined, nextMode: string): ValidationData {
  return previousMode === nextMode ? data : resetValidation();
}
