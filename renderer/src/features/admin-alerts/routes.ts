import type { RouteObject } from 'react-router';

/** The storm and fire events received, the feeds' health and the system's own alerts. */
export const adminAlertsRoutes: RouteObject[] = [{ path: 'admin/alerts', lazy: async () => ({ Component: (await import('./alerts-page')).default }) }];
