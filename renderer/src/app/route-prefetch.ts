import { matchRoutes, type RouteObject } from 'react-router';
import { canonicalPagePath } from '@shared/page-address';

/** The build's map from a linked page's address to its code (scripts/prerender.mjs); absent from the development server and the desktop build. */
function routeChunks(): Record<string, readonly string[]> | null {
  try {
    const parsed: unknown = JSON.parse(document.getElementById('route-chunks')?.textContent ?? 'null');
    return parsed !== null && typeof parsed === 'object' ? (parsed as Record<string, readonly string[]>) : null;
  } catch {
    return null;
  }
}

/** Fetched and compiled, not run: a script as a module preload, a style sheet into the cache. */
function fetchAhead(href: string) {
  if (document.head.querySelector(`link[href="${CSS.escape(href)}"]`)) return;
  const link = document.createElement('link');
  link.rel = href.endsWith('.css') ? 'prefetch' : 'modulepreload';
  if (href.endsWith('.css')) link.as = 'style';
  link.crossOrigin = '';
  link.href = href;
  document.head.append(link);
}

/** Runs a step when the browser is idle (requestIdleCallback), giving it the time left. */
export type WhenIdle = (step: (deadline: IdleDeadline) => void) => void;

const whenBrowserIdle: WhenIdle = (step) => void requestIdleCallback(step);

/**
 * Fetches the code of the page at `path` ahead of a visit, in idle time. Where the build mapped the
 * address, its files are fetched without being run, so a phone's main thread is not held up by a page
 * it may never open, and their links are added only while the idle period lasts, the rest in the next
 * (the quote's thirty at once were a long task); elsewhere the lazy route modules on its branch are
 * imported, and the router finds them already loaded when the link is followed.
 */
export function prefetchRoute(routes: RouteObject[], path: string, whenIdle: WhenIdle = whenBrowserIdle): void {
  whenIdle(() => {
    const files = routeChunks()?.[canonicalPagePath(path)];
    if (files) {
      fetchAheadWhileIdle([...files], whenIdle);
      return;
    }
    for (const { route } of matchRoutes(routes, path) ?? []) {
      if (typeof route.lazy === 'function') void route.lazy().catch(() => undefined);
    }
  });
}

function fetchAheadWhileIdle(queue: string[], whenIdle: WhenIdle) {
  whenIdle((deadline) => {
    do fetchAhead(queue.shift()!);
    while (queue.length > 0 && deadline.timeRemaining() > 0);
    if (queue.length > 0) fetchAheadWhileIdle(queue, whenIdle);
  });
}
