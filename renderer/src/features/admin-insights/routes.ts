import type { RouteObject } from 'react-router';

/** What the site reports under the admin layout: browser errors, analytics, and the corporate documents it publishes. */
export const adminInsightsRoutes: RouteObject[] = [
  { path: 'admin/errors', lazy: async () => ({ Component: (await import('./errors-page')).default }) },
  { path: 'admin/errors/:fingerprint', lazy: async () => ({ Component: (await import('./error-group-page')).default }) },
  { path: 'admin/analytics', lazy: async () => ({ Component: (await import('./analytics-page')).default }) },
  { path: 'admin/blob-management', lazy: async () => ({ Component: (await import('./blob-management-page')).default }) },
];
