import { redirect, type RouteObject } from 'react-router';

export const adminRoutes: RouteObject[] = [
  { path: 'admin', lazy: async () => ({ Component: (await import('./admin-dashboard-page')).default }) },
  { path: 'admin/dashboard', lazy: async () => ({ Component: (await import('./admin-dashboard-page')).default }) },
  { path: 'admin/members', lazy: async () => ({ Component: (await import('./members-page')).default }) },
  { path: 'admin/security-logs', lazy: async () => ({ Component: (await import('./security-logs-page')).default }) },
  { path: 'admin/user-management', lazy: async () => ({ Component: (await import('./user-management-page')).default }) },
  { path: 'admin/referrers', lazy: async () => ({ Component: (await import('./referrers-page')).default }) },
  { path: 'admin/profile', lazy: async () => ({ Component: (await import('./admin-profile-page')).default }) },
  { path: 'admin/change-password', lazy: async () => ({ Component: (await import('./admin-change-password-page')).default }) },
  // The member menu's admin item names the same page as the admin menu's user management.
  { path: 'admin/users', loader: ({ request }) => redirect(`/admin/user-management${new URL(request.url).search}`) },
  { path: 'admin/claims', lazy: async () => ({ Component: (await import('./admin-claims-page')).default }) },
  { path: 'admin/member-paddocks', lazy: async () => ({ Component: (await import('./member-paddocks-page')).default }) },
  { path: 'admin/agriculture-zones', lazy: async () => ({ Component: (await import('./agriculture-zones-page')).default }) },
  { path: 'admin/agriculture-zones-comprehensive', lazy: async () => ({ Component: (await import('./zone-pricing-page')).default }) },
  { path: 'admin/pricing', lazy: async () => ({ Component: (await import('./pricing-page')).default }) },
  { path: 'admin/errors', lazy: async () => ({ Component: (await import('./errors-page')).default }) },
  { path: 'admin/errors/:fingerprint', lazy: async () => ({ Component: (await import('./error-group-page')).default }) },
  { path: 'admin/analytics', lazy: async () => ({ Component: (await import('./analytics-page')).default }) },
  { path: 'admin/blob-management', lazy: async () => ({ Component: (await import('./blob-management-page')).default }) },
];
