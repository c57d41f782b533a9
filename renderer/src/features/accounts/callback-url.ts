/**
 * Where to go after signing in: a callbackUrl on this site (a path, or an absolute URL of this
 * origin), else the fallback. Another site's address is never followed.
 */
export function safeReturnPath(callbackUrl: string | null, fallback: string): string {
  if (!callbackUrl) return fallback;
  try {
    const url = new URL(callbackUrl, window.location.origin);
    if (url.origin !== window.location.origin || callbackUrl.startsWith('//')) return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}
