import type { RouteObject } from 'react-router';

/** The public site's pages, each its own lazily loaded chunk. The catch-all 404 comes last. */
export const publicSiteRoutes: RouteObject[] = [
  { index: true, lazy: async () => ({ Component: (await import('./home-page')).default }) },
  { path: 'about', lazy: async () => ({ Component: (await import('./pages/about-page')).default }) },
  { path: 'our-product', lazy: async () => ({ Component: (await import('./pages/our-product-page')).default }) },
  { path: 'faq', lazy: async () => ({ Component: (await import('./pages/faq-page')).default }) },
  { path: 'corporate-documents', lazy: async () => ({ Component: (await import('./pages/corporate-documents-page')).default }) },
  { path: 'terms-of-use', lazy: async () => ({ Component: (await import('./pages/terms-of-use-page')).default }) },
  { path: 'privacy-policy', lazy: async () => ({ Component: (await import('./pages/privacy-policy-page')).default }) },
  { path: 'complaints-policy', lazy: async () => ({ Component: (await import('./pages/complaints-policy-page')).default }) },
  { path: 'certificate', lazy: async () => ({ Component: (await import('./pages/certificate-check-page')).default }) },
  { path: 'register', lazy: async () => ({ Component: (await import('./pages/register-page')).default }) },
  { path: '*', lazy: async () => ({ Component: (await import('./not-found-page')).default }) },
];
