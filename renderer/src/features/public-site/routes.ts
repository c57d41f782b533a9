import type { RouteObject } from 'react-router';

export const publicSiteRoutes: RouteObject[] = [
  { index: true, lazy: async () => ({ Component: (await import('./home-page')).default }) },
  { path: '*', lazy: async () => ({ Component: (await import('./not-found-page')).default }) },
];
