import type { ReactNode } from 'react';
import { SiteFooter } from '../../components/layouts/site-footer';
import { SiteHeader } from '../../components/layouts/site-header';

export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <div className="layout layout-public" data-layout="public">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" className="layout-main">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
