/**
 * docs/behaviour.md §9, link prefetch: the code of a page this site links to is fetched when the link comes within
 * 200 px of the view, so following it does not wait for its chunk. Every same-site link on the page
 * is watched, those added later too; each address is fetched once. A browser that says its person
 * is saving data fetches nothing ahead (docs/public-site.md, "Prefetching").
 */
import { LINK_PREFETCH_MARGIN_PX } from '@shared/constants';

/** What a browser tells of its connection (the Network Information API; Chromium's browsers have it, Safari and Firefox not). */
interface ConnectionHints {
  saveData?: boolean;
  effectiveType?: string;
}

/**
 * The person asked their browser to save data (Data Saver, Save-Data), or the line is as slow as 2G:
 * a page they may never open is not worth their data or their wait for the page they are on.
 */
export function savingData(connection: ConnectionHints | undefined = (navigator as { connection?: ConnectionHints }).connection): boolean {
  return connection?.saveData === true || connection?.effectiveType === '2g' || connection?.effectiveType === 'slow-2g';
}

export function prefetchLinksNearView(root: HTMLElement, prefetch: (path: string) => void, marginPx: number = LINK_PREFETCH_MARGIN_PX): () => void {
  const fetched = new Set<string>();
  const watched = new WeakSet<Element>();
  const visible = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        // Still watched while data is being saved: the link fetches ahead if it comes near again once it is not.
        if (!entry.isIntersecting || savingData()) continue;
        visible.unobserve(entry.target);
        const path = sameSitePath(entry.target as HTMLAnchorElement);
        if (path === null || fetched.has(path)) continue;
        fetched.add(path);
        prefetch(path);
      }
    },
    { rootMargin: `${marginPx}px` },
  );
  const watchLink = (anchor: Element) => {
    if (watched.has(anchor)) return;
    watched.add(anchor);
    visible.observe(anchor);
  };
  const watch = (scope: Element) => {
    if (scope.matches('a[href]')) watchLink(scope);
    scope.querySelectorAll('a[href]').forEach(watchLink);
  };
  watch(root);
  const added = new MutationObserver((mutations) => {
    for (const mutation of mutations) mutation.addedNodes.forEach((node) => node instanceof Element && watch(node));
  });
  added.observe(root, { childList: true, subtree: true });
  return () => {
    visible.disconnect();
    added.disconnect();
  };
}

function sameSitePath(anchor: HTMLAnchorElement): string | null {
  const url = new URL(anchor.href, window.location.href);
  if (url.origin !== window.location.origin || anchor.hasAttribute('download')) return null;
  return url.pathname;
}
