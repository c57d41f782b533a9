/**
 * A paddock's area and how large one may be: the wizard's map and forms, the quote's validation and
 * the server's submission all hold a paddock to the same bound. Kept apart from the map's geometry so
 * the steps that check an area do not load it.
 */
import { formatHectares } from '../../format';

/** The largest area one paddock may have, typed or mapped: 100,000 ha (a very large WA station). */
export const MAX_PADDOCK_HECTARES = 100_000;

/** A section's areas, as a quote holds them or as they were sent (the mapped area may be missing). */
type SectionArea = { name?: string | undefined; area?: number | undefined; userDefinedArea?: number | undefined };

/** The area that counts for a section: the typed area when there is one, else the mapped one. */
export function effectiveArea(section: SectionArea): number {
  return typeof section.userDefinedArea === 'number' && Number.isFinite(section.userDefinedArea) && section.userDefinedArea > 0 ? section.userDefinedArea : (section.area ?? 0);
}

/** Checks a typed area: a positive number of hectares up to the maximum. Returns the message or null. */
export function hectaresProblem(hectares: number): string | null {
  if (!Number.isFinite(hectares) || hectares <= 0) return 'Enter the area in hectares, more than 0';
  if (hectares > MAX_PADDOCK_HECTARES) return `A paddock can be at most ${formatHectares(MAX_PADDOCK_HECTARES)}`;
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
