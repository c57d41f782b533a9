import type { RouteObject } from 'react-router';

/** The season's work under the admin layout: the dashboard, members and support mode, applications and their paddocks, and the seasons themselves. */
export const adminOperationsRoutes: RouteObject[] = [
  { path: 'admin', lazy: async () => ({ Component: (await import('./admin-dashboard-page')).default }) },
  { path: 'admin/dashboard', lazy: async () => ({ Component: (await import('./admin-dashboard-page')).default }) },
  { path: 'admin/members', lazy: async () => ({ Component: (await import('./members-page')).default }) },
  { path: 'admin/applications', lazy: async () => ({ Component: (await import('./applications-page')).default }) },
  { path: 'admin/renewals', lazy: async () => ({ Component: (await import('./renewals-page')).default }) },
  { path: 'admin/seasons', lazy: async () => ({ Component: (await import('./seasons-page')).default }) },
  { path: 'admin/member-paddocks', lazy: async () => ({ Component: (await import('./member-paddocks-page')).default }) },
];
