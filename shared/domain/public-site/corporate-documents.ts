/**
 * Rules for the corporate documents administrators publish on /corporate-documents: PDFs only,
 * recognised by their first bytes (a file's declared type is never trusted on its own), of a
 * bounded size, listed in the order staff choose.
 */
import { DOCUMENT_LIMITS } from '../../contracts/admin-insights';

export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;
export const DOCUMENT_ACCEPT = '.pdf,application/pdf';

/** A PDF starts with `%PDF-` (some writers put a few bytes of junk first; the format allows 1 KB). */
export function isPdf(bytes: Uint8Array): boolean {
  const head = String.fromCharCode(...bytes.subarray(0, 1024));
  return head.includes('%PDF-');
}

/** A file name safe for a Content-Disposition header, always ending in .pdf. */
export function safePdfFileName(original: string): string {
  const base = original
    .replace(/\.pdf$/i, '')
    .replace(/[^\w.-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, DOCUMENT_LIMITS.fileName - 4);
  return `${base || 'document'}.pdf`;
}

/** The ids in a new order with one moved `offset` places (-1 up, 1 down), kept within the list. */
export function moveInOrder(ids: readonly string[], id: string, offset: number): string[] {
  const from = ids.indexOf(id);
  if (from < 0) return [...ids];
  const to = Math.min(ids.length - 1, Math.max(0, from + offset));
  const next = [...ids];
  next.splice(from, 1);
  next.splice(to, 0, id);
  return next;
}

/** True when `proposed` holds exactly the current ids, each once (a reorder of a stale list is refused). */
export function isPermutationOf(proposed: readonly string[], current: readonly string[]): boolean {
  if (proposed.length !== current.length) return false;
  const remaining = new Set(current);
  for (const id of proposed) if (!remaining.delete(id)) return false;
  return remaining.size === 0;
}
