import { redirect, type RouteObject } from 'react-router';

/** Accounts and access under the admin layout: users and their roles, referrers, the security log, the administrator's own profile and password. */
export const adminUsersRoutes: RouteObject[] = [
  { path: 'admin/security-logs', lazy: async () => ({ Component: (await import('./security-logs-page')).default }) },
  { path: 'admin/user-management', lazy: async () => ({ Component: (await import('./user-management-page')).default }) },
  // The member menu's admin item names the same page as the admin menu's user management.
  { path: 'admin/users', loader: ({ request }) => redirect(`/admin/user-management${new URL(request.url).search}`) },
  { path: 'admin/referrers', lazy: async () => ({ Component: (await import('./referrers-page')).default }) },
  { path: 'admin/profile', lazy: async () => ({ Component: (await import('./admin-profile-page')).default }) },
  { path: 'admin/change-password', lazy: async () => ({ Component: (await import('./admin-change-password-page')).default }) },
];
