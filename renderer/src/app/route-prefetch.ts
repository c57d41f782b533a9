import { matchRoutes, type RouteObject } from 'react-router';

/**
 * Fetches the code of the page at `path` ahead of a visit: the lazy route modules on its branch are
 * imported now, and the router finds them already loaded when the link is followed.
 */
export function prefetchRoute(routes: RouteObject[], path: string): void {
  for (const { route } of matchRoutes(routes, path) ?? []) {
    if (typeof route.lazy === 'function') void route.lazy().catch(() => undefined);
  }
}
