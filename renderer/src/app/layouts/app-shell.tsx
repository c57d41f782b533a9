import { type ReactNode, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { SkipLink } from '../../components/layouts/skip-link';
import { DisplayErrorBoundary } from '../../components/ui/error-boundaries';
import styles from './shell.module.css';

interface AppShellProps {
  layout: 'admin' | 'member';
  header: ReactNode;
  /** A bar under the header, such as the support-mode bar. */
  banner?: ReactNode;
  navLabel: string;
  nav: ReactNode;
  children: ReactNode;
}

/**
 * The signed-in shell shared by the member and admin layouts: header, sidebar menu and page. On a
 * phone the sidebar folds behind a Menu button so the page, not the menu, fills the screen.
 */
export function AppShell({ layout, header, banner, navLabel, nav, children }: AppShellProps) {
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  useEffect(() => setMenuOpen(false), [pathname]);
  return (
    <div className={`layout layout-${layout}`} data-layout={layout}>
      <SkipLink />
      {header}
      {banner}
      <div className={styles.body}>
        <button type="button" className={`button ${styles.menuToggle}`} aria-expanded={menuOpen} aria-controls="app-sidebar" onClick={() => setMenuOpen((open) => !open)}>
          {menuOpen ? 'Close menu' : 'Menu'}
        </button>
        <nav id="app-sidebar" aria-label={navLabel} className={styles.sidebar} data-open={menuOpen}>
          {nav}
        </nav>
        <main id="main" className={styles.content}>
          {/* A page that cannot draw its data shows Display Error inside the shell, whose menu still works; a new address starts afresh. */}
          <DisplayErrorBoundary key={pathname}>{children}</DisplayErrorBoundary>
        </main>
      </div>
    </div>
  );
}
