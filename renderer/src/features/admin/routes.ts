import type { RouteObject } from 'react-router';

export const adminRoutes: RouteObject[] = [
  { path: 'admin', lazy: async () => ({ Component: (await import('./admin-dashboard-page')).default }) },
  { path: 'admin/dashboard', lazy: async () => ({ Component: (await import('./admin-dashboard-page')).default }) },
  { path: 'admin/members', lazy: async () => ({ Component: (await import('./members-page')).default }) },
  { path: 'admin/security-logs', lazy: async () => ({ Component: (await import('./security-logs-page')).default }) },
  { path: 'admin/user-management', lazy: async () => ({ Component: (await import('./user-management-page')).default }) },
  { path: 'admin/referrers', lazy: async () => ({ Component: (await import('./referrers-page')).default }) },
  { path: 'admin/errors', lazy: async () => ({ Component: (await import('./errors-page')).default }) },
  { path: 'admin/errors/:fingerprint', lazy: async () => ({ Component: (await import('./error-group-page')).default }) },
  { path: 'admin/analytics', lazy: async () => ({ Component: (await import('./analytics-page')).default }) },
  { path: 'admin/blob-management', lazy: async () => ({ Component: (await import('./blob-management-page')).default }) },
];
