import type { CoverageType } from '../../constants';
import { COVERAGE_TYPES } from '../../constants';
import type { CoveragePreferences, CropAllocation } from '../../contracts/pricing';
import { COVERAGE_TYPE_REQUIRED_MESSAGE, NO_VALID_CROP_SECTIONS_MESSAGE, RISK_ZONE_REQUIRED_MESSAGE } from '../../contracts/pricing';
import { isPaddockGeometry } from '../../paddock-geometry';
import { effectiveArea } from '../geo/paddock-area';
import { PricingError } from './types';

/**
 * docs/behaviour.md §5 'Pricing preconditions': which paddock sections become crop allocations, and with which
 * area, yield, price and hurdle. Field names follow docs/behaviour.md §3; only the fields pricing reads are listed.
 */
export interface PaddockSectionInput {
  id: string;
  name?: string | null;
  area?: number | null;
  userDefinedArea?: number | null;
  crop?: string | null;
  expectedYield?: number | null;
  pricePerTonne?: number | null;
  hurdlePercentage?: number | null;
  isExcluded?: boolean | null;
  groupId?: string | null;
  isGroup?: boolean | null;
  /** The paddock's outline: it decides the zone the paddock is priced in (shared/domain/geo/paddock-zones.ts). */
  geometry?: unknown;
}

/** cropDetails entry (keyed by crop). */
export interface CropDetailInput {
  area?: number | null;
  expectedYield?: number | null;
  pricePerTonne?: number | null;
  hurdlePercentage?: number | null;
}

/** groupDetails entry (keyed by group id). */
export interface GroupDetailInput {
  id?: string | null;
  name?: string | null;
  crops?: readonly string[] | null;
  averageYield?: number | null;
  averagePrice?: number | null;
  hurdlePercentage?: number | null;
}

export type YieldPriceMode = 'crop' | 'group' | 'section';

export interface AllocationSourceInput {
  paddockSections: readonly PaddockSectionInput[];
  cropDetails?: Readonly<Record<string, CropDetailInput | null | undefined>> | null;
  groupDetails?: Readonly<Record<string, GroupDetailInput | null | undefined>> | null;
  /** Where yield, price and hurdle come from; default 'crop'. */
  yieldPriceMode?: YieldPriceMode | null;
}

export const SKIP_REASONS = ['group', 'excluded', 'unassigned', 'noProtection', 'noArea', 'noYield', 'noPrice'] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

export interface SkippedSection {
  sectionId: string;
  sectionName: string;
  reason: SkipReason;
  message: string;
}

export interface AllocationExtraction {
  /** One allocation per priced section, in section order. */
  allocations: CropAllocation[];
  /** sectionIds[i] is the section allocations[i] came from. */
  sectionIds: string[];
  skippedSections: SkippedSection[];
  /** Σ hectares of the allocations. */
  coveredArea: number;
  coveredSectionsCount: number;
  totalSectionsProvided: number;
  /** True when some allocation has a hurdle above 0% (drives the hurdle comparison, docs/behaviour.md §9). */
  hasHurdleSet: boolean;
}

const UNASSIGNED = 'unassigned';
const NO_PROTECTION = 'no protection';
const GROUP_CROP = 'group';

export function extractCropAllocations(input: AllocationSourceInput): AllocationExtraction {
  const mode: YieldPriceMode = input.yieldPriceMode ?? 'crop';
  const allocations: CropAllocation[] = [];
  const sectionIds: string[] = [];
  const skippedSections: SkippedSection[] = [];

  for (const section of input.paddockSections) {
    const sectionName = section.name?.trim() || section.id;
    const skip = (reason: SkipReason, message: string) => skippedSections.push({ sectionId: section.id, sectionName, reason, message });
    const crop = section.crop?.trim() ?? '';
    const cropKey = crop.toLowerCase();

    if (section.isGroup === true || cropKey === GROUP_CROP) {
      skip('group', `'${sectionName}' is a group; its member sections are priced instead.`);
      continue;
    }
    if (section.isExcluded === true) {
      skip('excluded', `'${sectionName}' is excluded from cover; include it again to price it.`);
      continue;
    }
    if (crop === '' || cropKey === UNASSIGNED) {
      skip('unassigned', `'${sectionName}' has no crop assigned; choose its crop to include it.`);
      continue;
    }
    if (cropKey === NO_PROTECTION) {
      skip('noProtection', `'${sectionName}' is marked 'no protection', so it is not priced.`);
      continue;
    }

    const hectares = effectiveArea(section);
    if (hectares === 0) {
      skip('noArea', `'${sectionName}' has no area; map it or enter its area in hectares.`);
      continue;
    }

    // One source per mode, as the quote's validation reads it (resolveSectionCropInputs): a figure
    // missing from it is missing, never taken from elsewhere (docs/pricing.md, "Where the figures come from").
    const details = detailsFor(section, crop, mode, input);
    const expectedYield = positive(details.expectedYield);
    if (expectedYield === undefined) {
      skip('noYield', `'${sectionName}' (${crop}) has no expected yield; enter it in tonnes per hectare.`);
      continue;
    }
    const pricePerTonne = positive(details.pricePerTonne);
    if (pricePerTonne === undefined) {
      skip('noPrice', `'${sectionName}' (${crop}) has no price; enter the expected price per tonne.`);
      continue;
    }
    const hurdlePercentage = nonNegative(details.hurdlePercentage) ?? 0;

    const outline = isPaddockGeometry(section.geometry) ? section.geometry : undefined;
    // A drawn paddock's outline decides its zone (shared/domain/geo/paddock-zones.ts); its name is for the messages about it.
    allocations.push({ type: crop, hectares, expectedYield, pricePerTonne, hurdlePercentage, ...(outline ? { paddock: sectionName, outline } : {}) });
    sectionIds.push(section.id);
  }

  return {
    allocations,
    sectionIds,
    skippedSections,
    coveredArea: allocations.reduce((total, allocation) => total + allocation.hectares, 0),
    coveredSectionsCount: allocations.length,
    totalSectionsProvided: input.paddockSections.length,
    hasHurdleSet: allocations.some((allocation) => allocation.hurdlePercentage > 0),
  };
}

function detailsFor(section: PaddockSectionInput, crop: string, mode: YieldPriceMode, input: AllocationSourceInput): CropDetailInput {
  if (mode === 'section') return section;
  if (mode === 'group') {
    const group = section.groupId ? input.groupDetails?.[section.groupId] : undefined;
    return group ? { expectedYield: group.averageYield, pricePerTonne: group.averagePrice, hurdlePercentage: group.hurdlePercentage } : {};
  }
  return cropDetailFor(input.cropDetails, crop) ?? {};
}

/** A crop's details as typed ('Canola') or in any other case ('canola'). */
export function cropDetailFor<Detail>(cropDetails: Readonly<Record<string, Detail | null | undefined>> | null | undefined, crop: string): Detail | undefined {
  const details = cropDetails ?? {};
  const exact = details[crop];
  if (exact) return exact;
  const key = Object.keys(details).find((candidate) => candidate.trim().toLowerCase() === crop.trim().toLowerCase());
  return (key === undefined ? undefined : details[key]) ?? undefined;
}

function positive(value: number | null | undefined): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : undefined;
}

function nonNegative(value: number | null | undefined): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;
}

// ---------------------------------------------------------------------------------------------

export interface QuotePricingInput extends AllocationSourceInput {
  /** farmData.zone: the risk zone code found by farm mapping. */
  zone?: string | null;
  /** farmData.farmLocation: sent along so the server checks the zone against it. */
  farmLocation?: { lat: number; lng: number; label?: string | undefined } | null;
  referrerCode?: string | null;
  coveragePreferences?: Partial<CoveragePreferences> | null;
}

export interface PreparedPricingRequest {
  request: {
    coverageType: CoverageType;
    cropAllocations: CropAllocation[];
    zone: string;
    referrerCode?: string;
    coveragePreferences: CoveragePreferences;
    farmLocation?: { lat: number; lng: number; label?: string };
  };
  extraction: AllocationExtraction;
}

/** The farm location sent with a price request; only the start of a long place name, which is only shown back. */
function farmPointOf({ lat, lng, label }: { lat: number; lng: number; label?: string | undefined }) {
  return label === undefined ? { lat, lng } : { lat, lng, label: label.slice(0, 100) };
}

/**
 * Builds the POST /api/pricing/calculate body from quote state, checking the docs/behaviour.md §5 preconditions
 * in order and throwing PricingError with the docs/behaviour.md §8 texts.
 */
export function preparePricingRequest(quote: QuotePricingInput, coverageType: CoverageType | null | undefined): PreparedPricingRequest {
  if (!coverageType || !(COVERAGE_TYPES as readonly string[]).includes(coverageType)) {
    throw new PricingError('COVERAGE_TYPE_REQUIRED', COVERAGE_TYPE_REQUIRED_MESSAGE);
  }
  const extraction = extractCropAllocations(quote);
  if (extraction.allocations.length === 0) throw new PricingError('NO_VALID_ALLOCATIONS', NO_VALID_CROP_SECTIONS_MESSAGE);
  const zone = quote.zone?.trim() ?? '';
  if (zone === '') throw new PricingError('ZONE_REQUIRED', RISK_ZONE_REQUIRED_MESSAGE);
  const referrerCode = quote.referrerCode?.trim();
  return {
    request: {
      coverageType,
      cropAllocations: extraction.allocations,
      zone,
      ...(referrerCode ? { referrerCode } : {}),
      coveragePreferences: {
        irrigation: quote.coveragePreferences?.irrigation === true,
        hailNetting: quote.coveragePreferences?.hailNetting === true,
        frostPrevention: quote.coveragePreferences?.frostPrevention === true,
      },
      ...(quote.farmLocation ? { farmLocation: farmPointOf(quote.farmLocation) } : {}),
    },
    extraction,
  };
}
