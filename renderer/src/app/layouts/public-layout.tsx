import { lazy, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { SiteFooter } from '../../components/layouts/site-footer';
import { SiteHeader } from '../../components/layouts/site-header';
import { SkipLink } from '../../components/layouts/skip-link';
import { LoadedOnDemand } from '../../components/ui/error-boundaries';
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
    <LoadedOnDemand>
      <SupportModeBar />
    </LoadedOnDemand>
  );
}

/** docs/behaviour.md §2: every page outside /admin and /dashboard, with the site's header and footer. */
export function PublicLayout() {
  const { pathname } = useLocation();
  useEffect(() => track('page_view', { path: pathname }), [pathname]);
  return (
    <div className="layout layout-public" data-layout="public">
      <SkipLink />
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
