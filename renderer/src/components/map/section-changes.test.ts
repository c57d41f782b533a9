import { describe, expect, it } from 'vitest';
import { addTypedPaddock, setExcluded, setUserDefinedArea } from '@shared/domain/geo/paddocks';
import { diffSections } from './section-changes';

describe('paddock list differences for per-section store actions', () => {
  it('lists added, changed (changed fields only) and removed sections', () => {
    const before = addTypedPaddock(addTypedPaddock([], { id: 'a', hectares: 10 }), { id: 'b', hectares: 20 });
    let after = setUserDefinedArea(before, 'a', 12);
    after = setExcluded(after, 'a', true).filter((section) => section.id !== 'b');
    after = addTypedPaddock(after, { id: 'c', name: 'New', hectares: 5 });
    const changes = diffSections(before, after);
    expect(changes.added.map((section) => section.id)).toEqual(['c']);
    expect(changes.removed).toEqual(['b']);
    expect(changes.updated).toEqual([{ id: 'a', changes: { userDefinedArea: 12, isExcluded: true } }]);
  });

  it('a removed field is reported as undefined', () => {
    const before = addTypedPaddock([], { id: 'a', hectares: 10 });
    expect(diffSections(before, setUserDefinedArea(before, 'a', undefined)).updated).toEqual([{ id: 'a', changes: { userDefinedArea: undefined } }]);
    expect(diffSections(before, before)).toEqual({ added: [], updated: [], removed: [] });
  });
});
