/**
 * The Content-Security-Policy of the web app and of the desktop console, defined once so the
 * console's can never fall behind the web's.
 */
export type CspDirectives = Readonly<Record<string, readonly string[]>>;

/**
 * The web's policy (helmet adds its defaults around it: base-uri, object-src, script-src-attr).
 * It allows what Leaflet needs: tile images from any https origin (the tile sources are
 * configuration) and inline style attributes, which Leaflet sets on every tile.
 */
export const WEB_CSP_DIRECTIVES: CspDirectives = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:', 'https:'],
  'connect-src': ["'self'", 'https:'],
  'font-src': ["'self'", 'data:'],
  'worker-src': ["'self'", 'blob:'],
  'frame-ancestors': ["'none'"],
  'form-action': ["'self'"],
};

/**
 * The console's: the web's with helmet's defaults written out, and stricter where the console
 * needs less (it embeds no frames). Images may be blob: (files fetched through the bridge);
 * connect-src keeps https: for the address search, since the server itself is reached only
 * through the bridge.
 */
export const CONSOLE_CSP_DIRECTIVES: CspDirectives = {
  'base-uri': ["'self'"],
  'object-src': ["'none'"],
  'script-src-attr': ["'none'"],
  ...WEB_CSP_DIRECTIVES,
  'frame-src': ["'none'"],
  'upgrade-insecure-requests': [],
};

export const cspHeaderValue = (directives: CspDirectives) =>
  Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ');
