import { matchPath, matchRoutes, type RouteObject } from 'react-router';
import { canonicalPagePath } from '@shared/page-address';

type PageFiles = Record<string, readonly string[]>;

/** The build's data block (scripts/prerender.mjs); absent from the development server and the desktop build. */
const mapBlock = () => document.getElementById('route-chunks');

/** The linked pages' map the page carries, from a linked page's address to its code. */
function linkedPages(): PageFiles | null {
  try {
    const parsed: unknown = JSON.parse(mapBlock()?.textContent ?? 'null');
    return parsed !== null && typeof parsed === 'object' ? (parsed as PageFiles) : null;
  } catch {
    return null;
  }
}

const otherPagesMaps = new Map<string, Promise<PageFiles>>();

/** Every other page's code (signed-in pages, by their route pattern), fetched once from the build's file; none if it cannot be had. */
async function otherPageFiles(href: string, path: string): Promise<readonly string[] | undefined> {
  let map = otherPagesMaps.get(href);
  if (!map) {
    map = fetch(href)
      .then((response) => (response.ok ? (response.json() as Promise<PageFiles>) : {}))
      .catch(() => ({}));
    otherPagesMaps.set(href, map);
  }
  const files = await map;
  const pattern = Object.keys(files).find((key) => matchPath(key, path));
  return pattern === undefined ? undefined : files[pattern];
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
 * (the quote's thirty at once were a long task). A linked public page is in the map the page carries;
 * any other (the admin menu's, the dashboard's) in the build's second map, fetched the first time one
 * is near. Where neither maps it, the lazy route modules on its branch are imported, and the router
 * finds them already loaded when the link is followed.
 */
export function prefetchRoute(routes: RouteObject[], path: string, whenIdle: WhenIdle = whenBrowserIdle): void {
  whenIdle(() => {
    const address = canonicalPagePath(path);
    const linked = linkedPages()?.[address];
    if (linked) return fetchAheadWhileIdle([...linked], whenIdle);
    const otherPages = mapBlock()?.dataset.otherPages;
    if (!otherPages) return importBranch(routes, address);
    void otherPageFiles(otherPages, address).then((files) => (files ? fetchAheadWhileIdle([...files], whenIdle) : importBranch(routes, address)));
  });
}

function importBranch(routes: RouteObject[], path: string) {
  for (const { route } of matchRoutes(routes, path) ?? []) {
    if (typeof route.lazy === 'function') void route.lazy().catch(() => undefined);
  }
}

function fetchAheadWhileIdle(queue: string[], whenIdle: WhenIdle) {
  whenIdle((deadline) => {
    do fetchAhead(queue.shift()!);
    while (queue.length > 0 && deadline.timeRemaining() > 0);
    if (queue.length > 0) fetchAheadWhileIdle(queue, whenIdle);
  });
}
