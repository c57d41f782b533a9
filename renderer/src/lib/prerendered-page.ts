import type { DataRouter } from 'react-router';
import { canonicalPagePath } from '@shared/page-address';

/** The attribute on #root of a page drawn at build time (scripts/prerender.mjs writes it; main.tsx removes it once the app has taken the page over). */
export const PRERENDERED_MARKER = 'data-prerendered';

/** The address the document was sent drawn for, while the app is still there; null once it moves, or when the document was not drawn. */
let drawnAddress: string | null = null;

/**
 * main.tsx, before the router is made (it starts loading the page's modules at once): the document
 * is the page at `pathname` drawn at build time. It stays the drawn page until the router's first
 * move (`router` given once made).
 */
export function openedOnPrerenderedPage(pathname: string): (router: DataRouter) => void {
  drawnAddress = canonicalPagePath(pathname);
  return (router) => {
    const opening = router.state.location;
    const unsubscribe = router.subscribe((state) => {
      if (state.location === opening) return;
      drawnAddress = null;
      unsubscribe();
    });
  };
}

/**
 * Whether the page at `pathname` draws HTML drawn at build time: always in the build's pre-render
 * (there is no document), and in the browser while the app is still at the address the document was
 * sent drawn for (hydration included: React hydrates a page's lazily loaded part after the rest).
 * A page drawn differently for whoever opens it (the quote, VISITOR_PRERENDERED_PATHS in
 * shared/site-pages.ts) reads this when it first draws.
 */
export function drawingPrerenderedPage(pathname: string): boolean {
  return typeof document === 'undefined' || drawnAddress === canonicalPagePath(pathname);
}
