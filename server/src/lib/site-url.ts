import type { AddressInfo } from 'node:net';
import type { Env } from '../config/env';

/**
 * The site's own address, for every link the server writes: e-mailed links, next-auth's URLs and
 * redirects. It is PUBLIC_URL, or, when that is not set (development and tests; production refuses
 * to start without it), the address this server listens on. No request header (Host,
 * X-Forwarded-Host) ever decides it: a forged Host must not put another site into a member's
 * password-reset e-mail.
 */
export interface SiteAddress {
  origin(): string;
  /** Told the bound address once the server listens, so that PORT=0 links to the real port. */
  listening(address: AddressInfo | string | null): void;
}

export function createSiteAddress(env: Pick<Env, 'PUBLIC_URL' | 'HOST' | 'PORT'>): SiteAddress {
  if (env.PUBLIC_URL) {
    const origin = new URL(env.PUBLIC_URL).origin;
    return { origin: () => origin, listening: () => undefined };
  }
  let origin = listeningOrigin(env.HOST, env.PORT);
  return {
    origin: () => origin,
    listening(address) {
      if (address && typeof address === 'object') origin = listeningOrigin(env.HOST, address.port);
    },
  };
}

/** http://HOST:PORT, with 'localhost' for the any-address hosts and brackets around IPv6. */
export function listeningOrigin(host: string, port: number): string {
  const name = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}`;
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
