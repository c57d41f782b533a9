import type { RouteObject } from 'react-router';

export const adminRoutes: RouteObject[] = [
  { path: 'admin', lazy: async () => ({ Component: (await import('./admin-dashboard-page')).default }) },
  { path: 'admin/dashboard', lazy: async () => ({ Component: (await import('./admin-dashboard-page')).default }) },
];
