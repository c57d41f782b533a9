/**
 * The difference between two paddock lists as store actions understand it: sections added,
 * sections changed (only the changed fields) and sections removed. The mapping panel works on
 * whole lists; a store with per-section actions applies the difference.
 */
import type { PaddockSection } from '@shared/contracts/quote';

export interface SectionChanges {
  added: PaddockSection[];
  updated: Array<{ id: string; changes: Partial<Omit<PaddockSection, 'id'>> }>;
  removed: string[];
}

function same(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

export function diffSections(before: readonly PaddockSection[], after: readonly PaddockSection[]): SectionChanges {
  const old = new Map(before.map((section) => [section.id, section]));
  const next = new Set(after.map((section) => section.id));
  const changes: SectionChanges = { added: [], updated: [], removed: before.filter((section) => !next.has(section.id)).map((section) => section.id) };
  for (const section of after) {
    const previous = old.get(section.id);
    if (!previous) {
      changes.added.push(section);
      continue;
    }
    if (previous === section) continue;
    const changed: Record<string, unknown> = {};
    const keys = new Set([...Object.keys(previous), ...Object.keys(section)]);
    for (const key of keys) {
      if (key === 'id') continue;
      const value = (section as Record<string, unknown>)[key];
      if (!same((previous as Record<string, unknown>)[key], value)) changed[key] = value;
    }
    if (Object.keys(changed).length > 0) changes.updated.push({ id: section.id, changes: changed as Partial<Omit<PaddockSection, 'id'>> });
  }
  return changes;
}
