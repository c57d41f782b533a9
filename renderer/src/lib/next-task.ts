/**
 * Resolves in a later task, so that the browser can paint and answer input in between: long start-up
 * work split this way is no long task on a slow phone (Lighthouse counts each task's time past 50 ms
 * as blocking). `scheduler.yield` resumes ahead of other queued work where the browser has it.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
