import { describe, expect, it } from 'vitest';
import {
  addDrawnPaddock,
  addGroup,
  addTypedPaddock,
  assignGroup,
  nextPaddockName,
  paddockOverlaps,
  removePaddock,
  renamePaddock,
  setExcluded,
  setUserDefinedArea,
  totalHectares,
  updatePaddockGeometry,
} from './paddocks';
import { effectiveArea, hectaresProblem, paddockAreaProblem } from './paddock-area';
import { extractCropAllocations } from '../pricing/allocations';
import { squareOutline } from './testing/square-outline';

describe('paddock list operations', () => {
  it('names the first paddock Main Paddock, then Paddock 2, 3', () => {
    let sections = addDrawnPaddock([], squareOutline(118.27, -31.49, 0.01), 'a');
    expect(sections[0]!.name).toBe('Main Paddock');
    expect(nextPaddockName(sections)).toBe('Paddock 2');
    sections = addTypedPaddock(sections, { id: 'b', hectares: 40 });
    expect(sections[1]!.name).toBe('Paddock 2');
    expect(nextPaddockName(sections)).toBe('Paddock 3');
  });

  it('a typed paddock has no shape and its area is the user-defined one', () => {
    const [section] = addTypedPaddock([], { id: 't', name: 'Back 40', hectares: 40.456 });
    expect(section).toMatchObject({ id: 't', name: 'Back 40', area: 0, userDefinedArea: 40.46, variant: 'standard', status: 'active' });
    expect(section!.geometry).toBeUndefined();
    expect(effectiveArea(section!)).toBe(40.46);
  });

  it('a user-defined area overrides the mapped area and can be cleared', () => {
    let sections = addDrawnPaddock([], squareOutline(118.27, -31.49, 0.01), 'a');
    const mapped = sections[0]!.area;
    sections = setUserDefinedArea(sections, 'a', 80);
    expect(effectiveArea(sections[0]!)).toBe(80);
    expect(sections[0]!.area).toBe(mapped);
    sections = setUserDefinedArea(sections, 'a', undefined);
    expect(effectiveArea(sections[0]!)).toBe(mapped);
    expect('userDefinedArea' in sections[0]!).toBe(false);
  });

  it('the area every page shows is the one the pricing counts: a typed 0 leaves the mapped area, and nothing positive is no area', () => {
    const sections = [
      { id: '1', name: 'Typed', area: 100, userDefinedArea: 87.5 },
      { id: '2', name: 'Typed 0', area: 60, userDefinedArea: 0 },
      { id: '3', name: 'Stored', area: 40, userDefinedArea: null },
      { id: '4', name: 'Nothing', area: 0, userDefinedArea: -5 },
    ];
    expect(sections.map(effectiveArea)).toEqual([87.5, 60, 40, 0]);
    const priced = extractCropAllocations({ yieldPriceMode: 'section', paddockSections: sections.map((section) => ({ ...section, crop: 'wheat', expectedYield: 2, pricePerTonne: 300, hurdlePercentage: 5 })) });
    expect(priced.allocations.map((allocation) => allocation.hectares)).toEqual([87.5, 60, 40]);
    expect(priced.skippedSections.map((skipped) => skipped.reason)).toEqual(['noArea']);
  });

  it('farm hectares leave out excluded paddocks and groups', () => {
    let sections = addTypedPaddock([], { id: 'a', hectares: 100 });
    sections = addTypedPaddock(sections, { id: 'b', hectares: 50 });
    sections = addGroup(sections, { id: 'g', name: 'East block' });
    sections = assignGroup(sections, 'a', 'g');
    sections = assignGroup(sections, 'b', 'g');
    expect(sections.find((s) => s.id === 'g')!.area).toBe(150);
    expect(totalHectares(sections)).toBe(150);
    sections = setExcluded(sections, 'b', true);
    expect(totalHectares(sections)).toBe(100);
    expect(sections.find((s) => s.id === 'g')!.area).toBe(100);
  });

  it('removing a group ungroups its members; removing a paddock updates its group', () => {
    let sections = addTypedPaddock([], { id: 'a', hectares: 10 });
    sections = addGroup(sections, { id: 'g', name: 'G' });
    sections = assignGroup(sections, 'a', 'g');
    expect(removePaddock(sections, 'g')).toEqual([expect.not.objectContaining({ groupId: 'g' })]);
    expect(removePaddock(sections, 'a').find((s) => s.id === 'g')!.area).toBe(0);
  });

  it('a redrawn shape updates area, centroid and bounding box', () => {
    let sections = addDrawnPaddock([], squareOutline(118.27, -31.49, 0.01), 'a');
    const before = sections[0]!;
    sections = updatePaddockGeometry(sections, 'a', squareOutline(118.27, -31.49, 0.02));
    expect(sections[0]!.area).toBeGreaterThan(before.area * 3.9);
    sections[0]!.boundingBox!.forEach((value, index) => expect(value).toBeCloseTo([118.27, -31.49, 118.29, -31.47][index]!, 9));
    expect(renamePaddock(sections, 'a', 'Dam')[0]!.name).toBe('Dam');
  });

  it('warns about overlapping paddocks, not excluded ones', () => {
    let sections = addDrawnPaddock([], squareOutline(118.27, -31.49, 0.01), 'a');
    sections = addDrawnPaddock(sections, squareOutline(118.275, -31.485, 0.01), 'b');
    expect(paddockOverlaps(sections)).toHaveLength(1);
    expect(paddockOverlaps(setExcluded(sections, 'b', true))).toHaveLength(0);
  });

  it('checks typed hectares', () => {
    expect(hectaresProblem(0)).toMatch(/more than 0/);
    expect(hectaresProblem(Number.NaN)).toMatch(/more than 0/);
    expect(hectaresProblem(250_000)).toMatch(/at most/);
    expect(hectaresProblem(120)).toBeNull();
  });
});

describe('a paddock too large to be one', () => {
  it('is named with its size when its typed or drawn area is over 100,000 ha, and nothing is said of one at or under it', () => {
    expect(paddockAreaProblem({ name: 'Home', area: 100_000 })).toBeNull();
    expect(paddockAreaProblem({ name: 'Shire outline', area: 342_518.6 })).toBe('Shire outline is 342,519 ha: a paddock can be at most 100,000 ha. Check its outline, or the area typed for it.');
    expect(paddockAreaProblem({ name: 'Home', area: 120, userDefinedArea: 5_000_000 })).toBe('Home is 5,000,000 ha: a paddock can be at most 100,000 ha. Check its outline, or the area typed for it.');
    expect(paddockAreaProblem({ name: ' ', area: 150_000, userDefinedArea: 90 })).toBeNull();
  });
});
