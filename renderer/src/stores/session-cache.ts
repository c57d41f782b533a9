/**
 * docs/behaviour.md §3 local storage: the session cache. It holds the lighter form of support mode while a
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

/** The wizard on a customer's quote in support mode (docs/quote-wizard.md): kept here, where public pages can read it without the session code. */
export const supportQuotePath = (customerId: string) => `/quote?${new URLSearchParams({ support: 'true', customerId })}`;

/** The customer of the support session this browser last knew of (the cache's `customerId`), or null. */
export function cachedSupportCustomerId(): string | null {
  try {
    const stored = localStorage.getItem(SESSION_CACHE_KEY);
    if (stored === null) return null;
    const customerId: unknown = (JSON.parse(stored) as { supportMode?: { customerId?: unknown } } | null)?.supportMode?.customerId;
    return typeof customerId === 'string' && customerId !== '' ? customerId : null;
  } catch {
    return null;
  }
}

/**
 * Where a signed-in person's own pages start ('/dashboard', '/admin/dashboard'), kept while this
 * browser knows someone is signed in, so the public header can offer it in place of Sign In without
 * loading the session code (session-store.ts writes it). Only a hint: a session that ended on the
 * server meanwhile still meets the sign-in page at the guard, which then clears it.
 */
export const SIGNED_IN_HOME_KEY = 'signed-in-home';
/** Sent on the window when the hint changes in this tab (other tabs get the storage event). */
export const SIGNED_IN_HOME_EVENT = 'signed-in-home-changed';

export function signedInHome(): string | null {
  try {
    return localStorage.getItem(SIGNED_IN_HOME_KEY);
  } catch {
    return null;
  }
}

export function rememberSignedInHome(home: string | null): void {
  try {
    if (home === signedInHome()) return;
    if (home) localStorage.setItem(SIGNED_IN_HOME_KEY, home);
    else localStorage.removeItem(SIGNED_IN_HOME_KEY);
    window.dispatchEvent(new Event(SIGNED_IN_HOME_EVENT));
  } catch {
    // Storage switched off: the header then offers Sign In, which takes a signed-in person home.
  }
}
