import type { RouteObject } from 'react-router';

/** How members register and how far quotes get: the administrators' two analytics pages. */
export const adminAnalyticsRoutes: RouteObject[] = [
  { path: 'admin/registration-analytics', lazy: async () => ({ Component: (await import('./registration-analytics-page')).default }) },
  { path: 'admin/quote-analytics', lazy: async () => ({ Component: (await import('./quote-analytics-page')).default }) },
];
