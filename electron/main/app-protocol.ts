import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';

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

/**
 * Serves the built renderer on app://console/ so that the router's paths work as on the web:
 * a file that exists is served, any other path gets index.html.
 */
export function createAppProtocolHandler(rendererDir: string) {
  return async (request: Request): Promise<Response> => {
    const { pathname } = new URL(request.url);
    const relative = normalize(decodeURIComponent(pathname)).replace(/^([/\\])+/, '');
    if (relative.startsWith('..')) return new Response('Not found', { status: 404 });
    const candidate = join(rendererDir, relative);
    const file = extname(relative) ? candidate : join(rendererDir, 'index.html');
    try {
      const body = await readFile(file);
      return new Response(body, { headers: { 'Content-Type': contentTypes[extname(file)] ?? 'application/octet-stream' } });
    } catch {
      return new Response('Not found', { status: 404 });
    }
  };
}
