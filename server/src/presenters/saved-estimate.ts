import type { SavedEstimateResponse } from '@shared/contracts/quote';
import type { SavedEstimate } from '../generated/prisma/client';

/**
 * A saved estimate as the quote opens it again: what was stored (its quote under quoteData, and the
 * pricing beside it; a row stored as bare quote data is put under quoteData) with its id, owner and time.
 */
export function presentSavedEstimate(row: SavedEstimate): SavedEstimateResponse['estimate'] {
  const data = typeof row.data === 'object' && row.data !== null && !Array.isArray(row.data) ? row.data : { quoteData: row.data };
  return { ...data, id: row.id, userId: row.userId, createdAt: row.createdAt.toISOString() };
}
