/**
 * SPEC §3 local storage: the session cache. It holds the lighter form of support mode while a
 * support session runs and is removed when it ends (session-store.ts writes it), so a public page
 * can tell without loading the session code whether to show the support bar.
 */
export const SESSION_CACHE_KEY = 'session-cache';

/** Whether a support session was running when this browser last knew: the cache is there. */
export function sessionCacheStored(): boolean {
  try {
    return localStorage.getItem(SESSION_CACHE_KEY) !== null;
  } catch {
    // Storage switched off: the bar then shows once the session is read by a signed-in page.
    return false;
  }
}
