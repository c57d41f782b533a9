/**
 * A paddock's area and how large one may be: the wizard's map and forms, the quote's validation and
 * the server's submission all hold a paddock to the same bound. Kept apart from the map's geometry so
 * the steps that check an area do not load it.
 */
import { MAX_PADDOCK_HECTARES, paddockTooLargeMessage } from '../../contracts/pricing';
import { formatHectares } from '../../format';

/** A section's areas, as a quote or a stored paddock holds them or as they were sent (either may be missing). */
type SectionArea = { name?: string | null | undefined; area?: number | null | undefined; userDefinedArea?: number | null | undefined };

const positive = (value: number | null | undefined): value is number => typeof value === 'number' && Number.isFinite(value) && value > 0;

/**
 * The area that counts for a section, wherever a paddock's size is priced, shown or summed: the typed
 * area when there is one, else the mapped one; 0 when neither is a positive number.
 */
export function effectiveArea(section: SectionArea): number {
  if (positive(section.userDefinedArea)) return section.userDefinedArea;
  return positive(section.area) ? section.area : 0;
}

/** Checks a typed area: a positive number of hectares up to the maximum. Returns the message or null. */
export function hectaresProblem(hectares: number): string | null {
  if (!Number.isFinite(hectares) || hectares <= 0) return 'Enter the area in hectares, more than 0';
  if (hectares > MAX_PADDOCK_HECTARES) return paddockTooLargeMessage();
  return null;
}

/** Why a paddock of a quote cannot be priced for its size (typed or drawn larger than a paddock can be), or null. */
export function paddockAreaProblem(section: SectionArea): string | null {
  const area = effectiveArea(section);
  if (!(area > MAX_PADDOCK_HECTARES)) return null;
  const name = section.name?.trim() || 'A paddock';
  return `${name} is ${formatHectares(Math.round(area))}: a paddock can be at most ${formatHectares(MAX_PADDOCK_HECTARES)}. Check its outline, or the area typed for it.`;
}

/** The first paddock of a quote that is priced (neither excluded nor a group) and too large to be one, or null. */
export function quotePaddockAreaProblem(sections: ReadonlyArray<SectionArea & { isExcluded?: boolean | undefined; isGroup?: boolean | undefined }>): string | null {
  for (const section of sections) {
    const problem = section.isExcluded === true || section.isGroup === true ? null : paddockAreaProblem(section);
    if (problem !== null) return problem;
  }
  return null;
}
