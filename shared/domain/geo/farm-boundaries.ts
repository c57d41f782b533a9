/**
 * Your Farm's map (docs/dashboard.md 'Your Farm's boundaries'): the paddocks' boundaries drawn,
 * imported and redrawn there, for next season's quote. A shape drawn or imported is a new paddock,
 * named by its file or as the quote's map names one; a boundary drawn or redrawn sets the paddock's
 * area to the area measured, as the quote's map does (the grower may type another after); a boundary
 * deleted leaves the paddock with its area.
 */
import { farmTooManyCornersMessage, MAX_DRAFT_VERTICES } from '../quote/draft-limits';
import { compactGeometry, vertexCount } from './compact-geometry';
import { geodesicAreaHectares, roundHectares, type PaddockGeometry } from './geometry';
import { nextPaddockName } from './paddocks';

interface FarmBoundary {
  name: string;
  areaHa: number;
  geometry: PaddockGeometry | null;
}

/** The paddock with this boundary, kept as the quote keeps outlines, and the area it measures. */
export function withBoundary<P extends FarmBoundary>(paddock: P, geometry: PaddockGeometry): P {
  const kept = compactGeometry(geometry);
  return { ...paddock, geometry: kept, areaHa: roundHectares(geodesicAreaHectares(kept)) };
}

/** The paddock without a boundary: its area stays as it was. */
export function withoutBoundary<P extends FarmBoundary>(paddock: P): P {
  return { ...paddock, geometry: null };
}

/**
 * Paddocks for shapes drawn or imported on the farm's map, after those there are: each by the name
 * its file gives it, else named as the quote's map names one.
 */
export function newPaddocks(paddocks: readonly FarmBoundary[], shapes: ReadonlyArray<{ name?: string; geometry: PaddockGeometry }>): FarmBoundary[] {
  const added: FarmBoundary[] = [];
  for (const shape of shapes) {
    const name = shape.name?.trim() || nextPaddockName([...paddocks, ...added]);
    added.push(withBoundary({ name, areaHa: 0, geometry: null }, shape.geometry));
  }
  return added;
}

/** Why these boundaries cannot be kept, or null: the farm becomes next season's quote, which keeps at most MAX_DRAFT_VERTICES corners. */
export function farmCornersProblem(paddocks: ReadonlyArray<{ geometry: { type: string; coordinates?: unknown } | null | undefined }>): string | null {
  const corners = paddocks.reduce((total, paddock) => total + vertexCount(paddock.geometry), 0);
  return corners > MAX_DRAFT_VERTICES ? farmTooManyCornersMessage(corners) : null;
}
