import type { RouteObject } from 'react-router';

/** docs/behaviour.md §2 Core Operations → Support Requests: the staff queue of every request for help. */
export const adminSupportRequestsRoutes: RouteObject[] = [{ path: 'admin/support-requests', lazy: async () => ({ Component: (await import('./support-requests-page')).default }) }];
