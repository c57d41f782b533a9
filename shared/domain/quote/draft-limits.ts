/**
 * What the quote page accepts and what the server stores, in one place, so the two always agree
 * (a boundary file the page imported used to make every auto-save fail).
 *
 * Imported boundaries are kept compactly (shared/domain/geo/compact-geometry.ts): coordinates to
 * 6 decimals (about 0.1 m) and outlines simplified to BOUNDARY_SIMPLIFY_TOLERANCE_METRES, more if
 * needed, so a file of up to MAX_IMPORTED_BOUNDARIES shapes fits in MAX_DRAFT_VERTICES corners. The
 * body limit of the routes that carry a whole quote is worked out from those figures, so the
 * largest quote the importer lets through can always be saved, priced and submitted.
 */
import { COORDINATE_DECIMALS, outlineVertexCount, simplifyGeometry, vertexCount, type SectionOutline } from '../geo/compact-geometry';
import type { PaddockGeometry } from '../../paddock-geometry';

/** A boundary file larger than this is refused: a farm's boundaries are kilobytes, not tens of megabytes. */
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;
/** At most this many shapes are taken from one file, and a quote holds at most this many paddocks' outlines. */
export const MAX_IMPORTED_BOUNDARIES = 500;
/** Imported outlines are first simplified this far: GPS-traced fences lose only the points that add nothing. */
export const BOUNDARY_SIMPLIFY_TOLERANCE_METRES = 0.5;
/** Further tolerances tried, in turn, while a file still has more corners than a quote keeps. */
export const BOUNDARY_SIMPLIFY_FALLBACK_METRES = [1, 2, 5] as const;
/** The corners (positions) a quote's paddock outlines may have in all. */
export const MAX_DRAFT_VERTICES = 60_000;

/** '[-180.123456,-90.123456],': the longest a position is written at COORDINATE_DECIMALS. */
const MAX_BYTES_PER_VERTEX = '[-180.,-90.],'.length + 2 * COORDINATE_DECIMALS;
/** A section keeps its outline twice: as `geometry` and as the outer ring in `coordinates`. */
const OUTLINE_COPIES = 2;
/** A paddock section without its outline, with its validation record (names, crops, dates, notes). */
const MAX_BYTES_PER_SECTION = 4 * 1024;
/** Everything else in a quote: personal details, crop and group details, estimates, the wizard's state. */
const QUOTE_BASE_BYTES = 1024 * 1024;

/**
 * The JSON body limit of the routes that carry a whole quote (auto-save, drafts, saved estimates,
 * submission): the largest quote the page can produce, about 5 MB.
 */
export const DRAFT_BODY_LIMIT_BYTES = MAX_DRAFT_VERTICES * MAX_BYTES_PER_VERTEX * OUTLINE_COPIES + MAX_IMPORTED_BOUNDARIES * MAX_BYTES_PER_SECTION + QUOTE_BASE_BYTES;

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export const KEPT_IN_BROWSER_MESSAGE = 'Your work is kept in this browser and is saved as soon as it fits.';

export function draftTooLargeMessage(bytes?: number): string {
  const size = bytes === undefined ? '' : ` (${megabytes(bytes)})`;
  return `This quote is too large to save${size}: the most we keep is ${megabytes(DRAFT_BODY_LIMIT_BYTES)}. Remove paddocks you do not need protected, or import fewer boundaries.`;
}

export function tooManyVerticesMessage(vertices: number): string {
  return `The paddock outlines in this quote have ${vertices.toLocaleString('en-AU')} corners; a quote keeps at most ${MAX_DRAFT_VERTICES.toLocaleString('en-AU')}. Remove paddocks you do not need protected, or import fewer boundaries.`;
}

export function farmTooManyCornersMessage(vertices: number): string {
  return `Your paddocks’ boundaries have ${vertices.toLocaleString('en-AU')} corners; a farm keeps at most ${MAX_DRAFT_VERTICES.toLocaleString('en-AU')}, as next season’s quote does. Remove boundaries you do not need.`;
}

/** The refusal of a farm (Your Farm's paddocks) larger than its body limit, DRAFT_BODY_LIMIT_BYTES. */
export function farmTooLargeMessage(bytes?: number): string {
  const size = bytes === undefined ? '' : ` (${megabytes(bytes)})`;
  return `Your paddocks are too large to save${size}: the most we keep is ${megabytes(DRAFT_BODY_LIMIT_BYTES)}. Remove boundaries you do not need.`;
}

/** Why a quote with these paddock sections cannot be stored, or null when it can. */
export function outlineBudgetProblem(sections: readonly SectionOutline[]): string | null {
  const corners = outlineVertexCount(sections);
  return corners > MAX_DRAFT_VERTICES ? tooManyVerticesMessage(corners) : null;
}

export type FittedOutlines<T> = { ok: true; items: T[]; toleranceMetres: number } | { ok: false; corners: number; message: string };

/**
 * Imported outlines as a quote keeps them: simplified to BOUNDARY_SIMPLIFY_TOLERANCE_METRES, or to
 * the first fallback tolerance at which they all fit in MAX_DRAFT_VERTICES; not ok (with the count)
 * when they do not fit even then.
 */
export function fitOutlinesInQuote<T extends { geometry: PaddockGeometry }>(items: readonly T[]): FittedOutlines<T> {
  let corners = 0;
  for (const toleranceMetres of [BOUNDARY_SIMPLIFY_TOLERANCE_METRES, ...BOUNDARY_SIMPLIFY_FALLBACK_METRES]) {
    const simplified = items.map((item) => ({ ...item, geometry: simplifyGeometry(item.geometry, toleranceMetres) }));
    corners = simplified.reduce((total, item) => total + vertexCount(item.geometry), 0);
    if (corners <= MAX_DRAFT_VERTICES) return { ok: true, items: simplified, toleranceMetres };
  }
  return { ok: false, corners, message: tooManyVerticesMessage(corners) };
}
