import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { CONSOLE_CSP_DIRECTIVES, cspHeaderValue } from '../../shared/content-security-policy';

export const APP_SCHEME = 'app';
export const APP_ORIGIN = `${APP_SCHEME}://console`;

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
};

/** The console's Content-Security-Policy: the web's, directive by directive, or stricter (shared/content-security-policy.ts). */
export const CONSOLE_CONTENT_SECURITY_POLICY = cspHeaderValue(CONSOLE_CSP_DIRECTIVES);

/** Sent with every answer of the app:// handler. */
export const CONSOLE_RESPONSE_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': CONSOLE_CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
};

const notFound = () => new Response('Not found', { status: 404, headers: { ...CONSOLE_RESPONSE_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' } });

/**
 * Serves the built renderer on app://console/ so that the router's paths work as on the web:
 * a file that exists is served, any other path gets index.html. Paths under /api/ are not the
 * renderer's: the console reaches its server only through the bridge, so they answer 404.
 */
export function createAppProtocolHandler(rendererDir: string) {
  return async (request: Request): Promise<Response> => {
    const { pathname } = new URL(request.url);
    if (pathname === '/api' || pathname.startsWith('/api/')) return notFound();
    const relative = normalize(decodeURIComponent(pathname)).replace(/^([/\\])+/, '');
    if (relative.startsWith('..')) return notFound();
    const candidate = join(rendererDir, relative);
    const file = extname(relative) ? candidate : join(rendererDir, 'index.html');
    try {
      const body = await readFile(file);
      return new Response(body, { headers: { ...CONSOLE_RESPONSE_HEADERS, 'Content-Type': contentTypes[extname(file)] ?? 'application/octet-stream' } });
    } catch {
      return notFound();
    }
  };
}
