/**
 * Splits reports or events into requests the server accepts: at most `maxItems` each and at most
 * `maxBytes` of JSON body (REPORTING_LIMITS), keeping their order.
 */
const encoder = new TextEncoder();
/** Room for the request's wrapper, e.g. `{"errors":[` and `]}`. */
const ENVELOPE_BYTES = 64;

export function splitIntoBatches<T>(items: readonly T[], { maxItems, maxBytes }: { maxItems: number; maxBytes: number }): T[][] {
  const batches: T[][] = [];
  let batch: T[] = [];
  let bytes = ENVELOPE_BYTES;
  for (const item of items) {
    // Each item after the first also costs its separating comma.
    const size = encoder.encode(JSON.stringify(item)).length + 1;
    if (batch.length && (batch.length >= maxItems || bytes + size > maxBytes)) {
      batches.push(batch);
      batch = [];
      bytes = ENVELOPE_BYTES;
    }
    batch.push(item);
    bytes += size;
  }
  if (batch.length) batches.push(batch);
  return batches;
}
