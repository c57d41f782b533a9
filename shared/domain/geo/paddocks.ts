/**
 * Pure operations on the list of paddock sections the farm-mapping step edits (docs/behaviour.md §3
 * 'Paddock section'). Each returns a new list and never mutates its input.
 *
 * Groups: a group is a section with `isGroup: true` and no shape; its members carry its id in
 * `groupId`. Groups are not priced themselves (the pricing engine skips them), their members are.
 */
import { DEFAULT_PADDOCK_NAME } from '../../constants';
import type { PaddockSection } from '../../contracts/quote';
import { effectiveArea } from './paddock-area';
import { findOverlaps, geometryFields, polygonToPaddockSection, roundHectares, sectionGeometry, type PaddockGeometry, type PaddockOverlap } from './geometry';

/** Farm hectares: the effective areas of the sections that are neither groups nor excluded. */
export function totalHectares(sections: readonly PaddockSection[]): number {
  return roundHectares(sections.filter((section) => !section.isGroup && !section.isExcluded).reduce((total, section) => total + effectiveArea(section), 0));
}

/** 'Main Paddock' for the first paddock, then 'Paddock 2', 'Paddock 3', … (never a name in use). */
export function nextPaddockName(sections: ReadonlyArray<{ name: string; isGroup?: boolean }>): string {
  const paddocks = sections.filter((section) => !section.isGroup);
  const names = new Set(sections.map((section) => section.name.trim().toLowerCase()));
  if (paddocks.length === 0 && !names.has(DEFAULT_PADDOCK_NAME.toLowerCase())) return DEFAULT_PADDOCK_NAME;
  for (let n = paddocks.length + 1; ; n += 1) {
    const name = `Paddock ${n}`;
    if (!names.has(name.toLowerCase())) return name;
  }
}

export function addDrawnPaddock(sections: readonly PaddockSection[], geometry: PaddockGeometry, id: string, name?: string): PaddockSection[] {
  return [...sections, polygonToPaddockSection(geometry, { id, name: name?.trim() || nextPaddockName(sections) })];
}

/** A paddock added without drawing: a name and the hectares the grower knows (docs/behaviour.md §3 userDefinedArea). */
export function addTypedPaddock(sections: readonly PaddockSection[], input: { id: string; name?: string; hectares: number }): PaddockSection[] {
  const hectares = roundHectares(input.hectares);
  const section: PaddockSection = {
    id: input.id,
    name: input.name?.trim() || nextPaddockName(sections),
    area: 0,
    userDefinedArea: hectares,
    variant: 'standard',
    riskZone: 'moderate',
    isExcluded: false,
    status: 'active',
    isGroup: false,
    podguardApplied: false,
    swathApplied: false,
  };
  return [...sections, section];
}

function update(sections: readonly PaddockSection[], id: string, change: (section: PaddockSection) => PaddockSection): PaddockSection[] {
  return sections.map((section) => (section.id === id ? change(section) : section));
}

/** A redrawn shape: area, outline, centroid and bounding box follow it; the typed area stays. */
export function updatePaddockGeometry(sections: readonly PaddockSection[], id: string, geometry: PaddockGeometry): PaddockSection[] {
  return refreshGroupAreas(update(sections, id, (section) => ({ ...section, ...geometryFields(geometry) })));
}

export function renamePaddock(sections: readonly PaddockSection[], id: string, name: string): PaddockSection[] {
  return update(sections, id, (section) => ({ ...section, name }));
}

/** Sets the typed area, or clears it (undefined) so the mapped area counts again. */
export function setUserDefinedArea(sections: readonly PaddockSection[], id: string, hectares: number | undefined): PaddockSection[] {
  return refreshGroupAreas(
    update(sections, id, (section) => {
      const next = { ...section };
      if (hectares === undefined) delete next.userDefinedArea;
      else next.userDefinedArea = roundHectares(hectares);
      return next;
    }),
  );
}

export function setExcluded(sections: readonly PaddockSection[], id: string, isExcluded: boolean): PaddockSection[] {
  return refreshGroupAreas(update(sections, id, (section) => ({ ...section, isExcluded })));
}

/** Removes a section; removing a group leaves its members ungrouped. */
export function removePaddock(sections: readonly PaddockSection[], id: string): PaddockSection[] {
  return refreshGroupAreas(
    sections
      .filter((section) => section.id !== id)
      .map((section) => {
        if (section.groupId !== id) return section;
        const next = { ...section };
        delete next.groupId;
        return next;
      }),
  );
}

/** A new, empty paddock group. */
export function addGroup(sections: readonly PaddockSection[], input: { id: string; name: string }): PaddockSection[] {
  const group: PaddockSection = {
    id: input.id,
    name: input.name.trim() || `Group ${sections.filter((section) => section.isGroup).length + 1}`,
    area: 0,
    variant: 'standard',
    riskZone: 'moderate',
    isExcluded: false,
    status: 'active',
    isGroup: true,
    podguardApplied: false,
    swathApplied: false,
  };
  return refreshGroupAreas([...sections, group]);
}

/** Puts a paddock in a group, or takes it out (groupId undefined). */
export function assignGroup(sections: readonly PaddockSection[], id: string, groupId: string | undefined): PaddockSection[] {
  const group = groupId === undefined ? undefined : sections.find((section) => section.id === groupId && section.isGroup);
  return refreshGroupAreas(
    update(sections, id, (section) => {
      const next = { ...section };
      if (group) next.groupId = group.id;
      else delete next.groupId;
      return next;
    }),
  );
}

/** A group's area is the sum of its members' effective areas (excluded members left out). */
export function refreshGroupAreas(sections: readonly PaddockSection[]): PaddockSection[] {
  return sections.map((section) => {
    if (!section.isGroup) return section;
    const area = roundHectares(sections.filter((member) => member.groupId === section.id && !member.isGroup && !member.isExcluded).reduce((total, member) => total + effectiveArea(member), 0));
    return area === section.area ? section : { ...section, area };
  });
}

/** Overlaps between the mapped, included paddocks. */
export function paddockOverlaps(sections: readonly PaddockSection[]): PaddockOverlap[] {
  const candidates = sections.flatMap((section) => {
    const geometry = section.isGroup || section.isExcluded ? null : sectionGeometry(section);
    return geometry ? [{ id: section.id, name: section.name, geometry }] : [];
  });
  return findOverlaps(candidates);
}
