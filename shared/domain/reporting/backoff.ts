/**
 * docs/behaviour.md §8/§9: a failed report is retried up to 3 times with exponential delay from 1 s
 * (1 s, 2 s, 4 s); after the last retry the reports are kept in local storage, the newest 100.
 */
export const REPORT_RETRY = { maxRetries: 3, firstDelayMs: 1_000 } as const;

/** Delay before retry number `retry` (1-based), or undefined when no retry is left. */
export function retryDelayMs(retry: number, { maxRetries, firstDelayMs }: { maxRetries: number; firstDelayMs: number } = REPORT_RETRY): number | undefined {
  if (!Number.isInteger(retry) || retry < 1 || retry > maxRetries) return undefined;
  return firstDelayMs * 2 ** (retry - 1);
}

/** What local storage keeps after a failed send: the newest `cap` items, oldest first. */
export function keepNewest<T>(stored: readonly T[], added: readonly T[], cap: number): T[] {
  const all = [...stored, ...added];
  return all.slice(Math.max(0, all.length - cap));
}
