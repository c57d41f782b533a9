import { type RefObject, useEffect, useState } from 'react';
import { LINK_PREFETCH_MARGIN_PX } from '@shared/constants';

/** After the page has settled: in idle time where the browser offers it, else a moment later. */
function whenIdle(work: () => void): () => void {
  if ('requestIdleCallback' in window) {
    const handle = window.requestIdleCallback(work);
    return () => window.cancelIdleCallback(handle);
  }
  const handle = setTimeout(work, 1_000);
  return () => clearTimeout(handle);
}

/**
 * True once `target` comes within the prefetch margin of the view (docs/behaviour.md §9), or once the page has
 * settled, whichever is first (or at once when `now`). For the parts of a page below the fold whose
 * code or data a page does not need in order to show (the home page's JavaScript).
 */
export function useNearViewOrIdle(target: RefObject<Element | null>, now = false): boolean {
  // Set after the first render even when `now`, which is then the same as a page drawn at build time.
  const [reached, setReached] = useState(false);
  useEffect(() => {
    if (reached) return undefined;
    if (now) {
      setReached(true);
      return undefined;
    }
    if (!target.current) return undefined;
    const nearView = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && setReached(true), { rootMargin: `${LINK_PREFETCH_MARGIN_PX}px` });
    nearView.observe(target.current);
    const cancelIdle = whenIdle(() => setReached(true));
    return () => {
      nearView.disconnect();
      cancelIdle();
    };
  }, [now, reached, target]);
  return reached;
}
