/**
 * docs/behaviour.md §9, link prefetch: the code of a page this site links to is fetched when the link comes within
 * 200 px of the view, so following it does not wait for its chunk. Every same-site link on the page
 * is watched, those added later too; each address is fetched once.
 */
import { LINK_PREFETCH_MARGIN_PX } from '@shared/constants';

export function prefetchLinksNearView(root: HTMLElement, prefetch: (path: string) => void, marginPx: number = LINK_PREFETCH_MARGIN_PX): () => void {
  const fetched = new Set<string>();
  const watched = new WeakSet<Element>();
  const visible = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
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
