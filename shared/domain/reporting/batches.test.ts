import { describe, expect, it } from 'vitest';
import { REPORTING_LIMITS } from '../../contracts/public-site-limits';
import { splitIntoBatches } from './batches';

describe('splitIntoBatches', () => {
  it('keeps the order and at most maxItems a batch', () => {
    expect(splitIntoBatches([1, 2, 3, 4, 5], { maxItems: 2, maxBytes: 1_000 })).toEqual([[1, 2], [3, 4], [5]]);
    expect(splitIntoBatches([], { maxItems: 2, maxBytes: 1_000 })).toEqual([]);
  });

  it('keeps every request body within the byte limit, counting multi-byte characters', () => {
    const items = Array.from({ length: 50 }, (_, index) => ({ id: index, stack: 'é'.repeat(5_000) }));
    const batches = splitIntoBatches(items, { maxItems: REPORTING_LIMITS.errorsPerRequest, maxBytes: REPORTING_LIMITS.bodyBytes });
    expect(batches.flat()).toEqual(items);
    expect(batches.length).toBeGreaterThan(1);
    for (const batch of batches) expect(new TextEncoder().encode(JSON.stringify({ errors: batch })).length).toBeLessThanOrEqual(REPORTING_LIMITS.bodyBytes);
  });
});
