import type { Request } from 'express';
import type { Env } from '../config/env';

/** The site's origin: PUBLIC_URL when set, else the origin this request was made to. */
export function siteOrigin(req: Request, env: Pick<Env, 'PUBLIC_URL'>): string {
  return env.PUBLIC_URL ? new URL(env.PUBLIC_URL).origin : `${req.protocol}://${req.get('host')}`;
}

/**
 * A callbackUrl is followed only within this site: a path ('/dashboard') or an absolute URL of the
 * same origin. Anything else ('//evil.example', 'https://evil.example', 'javascript:') gives the fallback.
 */
export function safeCallbackUrl(raw: unknown, origin: string, fallbackPath: string): string {
  const fallback = `${origin}${fallbackPath}`;
  if (typeof raw !== 'string' || raw === '') return fallback;
  try {
    const url = new URL(raw, origin);
    if (url.origin !== origin) return fallback;
    if (raw.startsWith('/') && (raw.startsWith('//') || raw.startsWith('/\\'))) return fallback;
    return url.toString();
  } catch {
    return fallback;
  }
}
