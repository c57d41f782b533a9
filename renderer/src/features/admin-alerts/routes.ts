import type { RouteObject } from 'react-router';

/** Issue 15 point 5: the storm and fire events received, the feeds' health and the system's own alerts. */
export const adminAlertsRoutes: RouteObject[] = [{ path: 'admin/alerts', lazy: async () => ({ Component: (await import('./alerts-page')).default }) }];
