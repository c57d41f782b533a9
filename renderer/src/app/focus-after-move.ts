import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** Focuses an element a script may focus without putting it in the Tab order or scrolling to it. */
function focusQuietly(element: HTMLElement) {
  if (!element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
  element.focus({ preventScroll: true });
}

/**
 * Scrolls to the element an address's #fragment names and moves focus there. It may sit in a page
 * still loading, so it is looked for over a few seconds; answers how to stop looking.
 */
function seekTarget(id: string): () => void {
  let frame = 0;
  const started = performance.now();
  const seek = () => {
    const target = document.getElementById(id);
    if (target) {
      target.scrollIntoView({ block: 'start' });
      focusQuietly(target);
    } else if (performance.now() - started < 3_000) {
      frame = requestAnimationFrame(seek);
    }
  };
  frame = requestAnimationFrame(seek);
  return () => cancelAnimationFrame(frame);
}

/**
 * Where the keyboard's focus goes after a move within the app, as a page load would put it: to the
 * element the address's #fragment names (the home page's /#contact, a layout's "Skip to content"),
 * else, on a new page, to the page's heading, so a screen reader announces the page and the next
 * Tab starts in it rather than in the menu whose link was followed. The first page of a visit is
 * left as the browser opens it, a change of the query alone is no new page, and a page that put
 * focus in itself (a list focusing its search) keeps it.
 */
export function useFocusAfterMove(): void {
  const { pathname, hash, key } = useLocation();
  const shownPath = useRef(pathname);
  useEffect(() => {
    const newPage = shownPath.current !== pathname;
    shownPath.current = pathname;
    if (hash) return seekTarget(decodeURIComponent(hash.slice(1)));
    const main = document.getElementById('main');
    if (!newPage || !main || main.contains(document.activeElement)) return;
    focusQuietly(main.querySelector<HTMLElement>('h1') ?? main);
  }, [pathname, hash, key]);
}
