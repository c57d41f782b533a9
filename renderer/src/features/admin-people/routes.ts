import type { RouteObject } from 'react-router';

/** Finding a person and reading their timeline (docs/people.md). */
export const adminPeopleRoutes: RouteObject[] = [
  { path: 'admin/user-lookup', lazy: async () => ({ Component: (await import('./user-lookup-page')).default }) },
  { path: 'admin/user-lookup/:userId', lazy: async () => ({ Component: (await import('./person-page')).default }) },
  { path: 'admin/user-tracking', lazy: async () => ({ Component: (await import('./user-tracking-page')).default }) },
  { path: 'admin/user-tracking/:userId', lazy: async () => ({ Component: (await import('./user-tracking-page')).default }) },
];
