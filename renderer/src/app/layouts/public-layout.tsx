import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { SiteFooter } from '../../components/layouts/site-footer';
import { SiteHeader } from '../../components/layouts/site-header';
import { track } from '../../lib/analytics';
import { sessionCacheStored } from '../../stores/session-cache';
import styles from './public-layout.module.css';

const SupportModeBar = lazy(async () => ({ default: (await import('./support-mode-bar')).SupportModeBar }));

/**
 * The support bar on the public pages (the quote among them), loaded only while the session cache
 * says staff are in support mode; read again on every move, so it follows the cache. Read after the
 * first render, which must match a page drawn at build time (no bar there) for hydration.
 */
function PublicSupportModeBar() {
  const { key } = useLocation();
  const [stored, setStored] = useState(false);
  useEffect(() => setStored(sessionCacheStored()), [key]);
  if (!stored) return null;
  return (
    <Suspense fallback={null}>
      <SupportModeBar />
    </Suspense>
  );
}

/**
 * Anchors such as /#mission and /#contact: the target may sit in a page that is still loading,
 * so look for it for a short while after each navigation, then scroll to it and move focus there.
 */
function useScrollToHash() {
  const { pathname, hash, key } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const id = decodeURIComponent(hash.slice(1));
    let frame = 0;
    const started = performance.now();
    const seek = () => {
      const target = document.getElementById(id);
      if (target) {
        target.scrollIntoView({ block: 'start' });
        if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
        target.focus({ preventScroll: true });
      } else if (performance.now() - started < 3_000) {
        frame = requestAnimationFrame(seek);
      }
    };
    frame = requestAnimationFrame(seek);
    return () => cancelAnimationFrame(frame);
  }, [pathname, hash, key]);
}

/** docs/behaviour.md §2: every page outside /admin and /dashboard, with the site's header and footer. */
export function PublicLayout() {
  const { pathname } = useLocation();
  useScrollToHash();
  useEffect(() => track('page_view', { path: pathname }), [pathname]);
  return (
    <div className="layout layout-public" data-layout="public">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <div className={styles.top}>
        <SiteHeader />
        <PublicSupportModeBar />
      </div>
      <main id="main" className="layout-main">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
