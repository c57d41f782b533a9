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

/**
 * Imports `parts`, one per task, then `last`: a module graph that builds much as it loads (zod
 * schemas, the form library) is evaluated in pieces rather than in one long task. The parts are
 * modules `last` imports itself, so nothing is fetched twice.
 */
export async function importInParts<Module>(parts: Array<() => Promise<unknown>>, last: () => Promise<Module>): Promise<Module> {
  for (const part of parts) {
    await nextTask();
    await part();
  }
  await nextTask();
  return last();
}
