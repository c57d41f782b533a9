/**
 * What the protection calculator shows besides the inputs: which crops and groups need figures,
 * the hurdle floor of a group, and for each paddock section what is still missing. Built on the
 * docs/behaviour.md §5 rules in shared/domain/quote/validation.ts, so the step and the validation modal say the
 * same as the navigation rules.
 */
import type { PaddockSection, QuoteStateInput } from '@shared/contracts/quote';
import { isUnassignedCrop, minimumHurdleFor, resolveSectionCropInputs, yieldPriceModeOf } from '@shared/domain/quote/validation';

/** Sections whose crop details count: not excluded and not a group (docs/behaviour.md §5). */
export function pricedSections(sections: readonly PaddockSection[]): PaddockSection[] {
  return sections.filter((section) => !section.isExcluded && !section.isGroup);
}

/** The crops chosen on priced sections, in the order they first appear. */
export function cropsInUse(sections: readonly PaddockSection[]): string[] {
  const crops = pricedSections(sections)
    .map((section) => section.crop)
    .filter((crop): crop is string => !isUnassignedCrop(crop));
  return [...new Set(crops)];
}

export interface PaddockGroup {
  id: string;
  name: string;
  /** Crops of the group's priced member sections. */
  crops: string[];
  memberCount: number;
}

/** The paddock groups the map made (sections with isGroup), with their members' crops. */
export function paddockGroups(sections: readonly PaddockSection[]): PaddockGroup[] {
  return sections
    .filter((section) => section.isGroup)
    .map((group) => {
      const members = pricedSections(sections).filter((section) => section.groupId === group.id);
      return { id: group.id, name: group.name, crops: cropsInUse(members), memberCount: members.length };
    });
}

/** A group's hurdle can be no lower than the highest minimum of its crops (each crop's docs/behaviour.md §5 minimum). */
export function groupMinimumHurdle(crops: readonly string[], minimums: Readonly<Record<string, number>>): number {
  return Math.max(0, ...crops.map((crop) => minimumHurdleFor(crop, minimums)));
}

export interface SectionGap {
  sectionId: string;
  sectionName: string;
  /** What the person still has to do for this section, addressed to them; empty when complete. */
  missing: string[];
  /** Values filled in wrongly (from the section's validation record). */
  errors: string[];
}

/** What each priced section still lacks, from the source its yield, price and hurdle come from. */
export function sectionGaps(quote: QuoteStateInput): SectionGap[] {
  const mode = yieldPriceModeOf(quote);
  const sections = pricedSections((quote.farmData?.paddockSections ?? []) as PaddockSection[]);
  return sections.map((section) => {
    const name = section.name.trim() || 'Unnamed paddock';
    const inputs = resolveSectionCropInputs(section, quote);
    const missing: string[] = [];
    if (isUnassignedCrop(inputs.crop)) missing.push('Choose the crop');
    if (mode === 'group' && section.groupId === undefined) {
      missing.push('Put it in a paddock group, or enter figures by crop');
    } else {
      const source = mode === 'group' ? 'its group' : isUnassignedCrop(inputs.crop) ? 'its crop' : `the ${inputs.crop ?? ''} crop`;
      if (inputs.expectedYield === undefined) missing.push(`Enter the expected yield (t/ha) for ${source}`);
      if (inputs.pricePerTonne === undefined) missing.push(`Enter the price ($/t) for ${source}`);
      if (inputs.hurdlePercentage === undefined) missing.push(`Choose the hurdle for ${source}`);
    }
    const record = quote.validationData?.sections?.[section.id];
    return { sectionId: section.id, sectionName: name, missing, errors: record?.errors ?? [] };
  });
}

/** Parses a typed number: blank is undefined (not entered), anything unreadable NaN (an error the validation names). */
export function parseDecimal(value: string): number | undefined {
  const trimmed = value.trim().replace(/,/g, '');
  if (trimmed === '') return undefined;
  const parsed = Number(trimmed);
  return Number.isFinite(parsed) ? parsed : Number.NaN;
}
