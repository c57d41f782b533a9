import { describe, expect, it } from 'vitest';
import { farmCornersProblem, newPaddocks, withBoundary, withoutBoundary } from './farm-boundaries';
import { farmTooManyCornersMessage, MAX_DRAFT_VERTICES } from '../quote/draft-limits';
import { geodesicAreaHectares, roundHectares } from './geometry';
import { squareOutline } from './testing/square-outline';

describe('Your Farm’s boundaries', () => {
  const home = { name: 'Home Paddock', areaHa: 400, geometry: null, crop: 'wheat' };

  it('gives a paddock a boundary with the area it measures, kept to six decimals, and keeps its other fields', () => {
    const traced = { type: 'Polygon' as const, coordinates: [squareOutline(117.2, -31.6, 0.01).coordinates[0]!.map(([lng, lat]) => [lng! + 1e-8, lat!])] };
    const redrawn = withBoundary(home, traced);
    expect(redrawn.geometry).toEqual({
      type: 'Polygon',
      coordinates: [
        [
          [117.2, -31.6],
          [117.21, -31.6],
          [117.21, -31.59],
          [117.2, -31.59],
          [117.2, -31.6],
        ],
      ],
    });
    expect(redrawn.areaHa).toBe(roundHectares(geodesicAreaHectares(squareOutline(117.2, -31.6, 0.01))));
    expect(redrawn.areaHa).toBeGreaterThan(100);
    expect(redrawn.areaHa).toBeLessThan(110);
    expect(redrawn).toMatchObject({ name: 'Home Paddock', crop: 'wheat' });
  });

  it('leaves a paddock whose boundary is deleted with the area it had', () => {
    const mapped = withBoundary(home, squareOutline(117.2, -31.6, 0.01));
    expect(withoutBoundary(mapped)).toEqual({ ...mapped, geometry: null });
  });

  it('names a shape drawn as the quote’s map names one, and an imported one as its file does, after the paddocks there are', () => {
    expect(newPaddocks([], [{ geometry: squareOutline(117.2, -31.6, 0.01) }]).map((paddock) => paddock.name)).toEqual(['Main Paddock']);
    const added = newPaddocks(
      [home, { name: 'Paddock 3', areaHa: 20, geometry: null }],
      [{ geometry: squareOutline(117.3, -31.6, 0.02) }, { name: ' Dam Block ', geometry: squareOutline(117.4, -31.6, 0.01) }, { name: '', geometry: squareOutline(117.5, -31.6, 0.01) }],
    );
    expect(added.map((paddock) => paddock.name)).toEqual(['Paddock 4', 'Dam Block', 'Paddock 5']);
    expect(added[0]!.areaHa).toBeGreaterThan(350);
  });

  it('keeps as many corners over the farm as next season’s quote keeps, and no more', () => {
    const ring = (positions: number) => Array.from({ length: positions }, (_, at) => [117 + at * 1e-5, -31.6]);
    const paddockOf = (positions: number) => ({ geometry: { type: 'Polygon', coordinates: [ring(positions)] } });
    expect(farmCornersProblem([paddockOf(MAX_DRAFT_VERTICES - 10), paddockOf(10), { geometry: null }])).toBeNull();
    expect(farmCornersProblem([paddockOf(MAX_DRAFT_VERTICES - 10), paddockOf(11)])).toBe(farmTooManyCornersMessage(MAX_DRAFT_VERTICES + 1));
  });
});
