import type { RouteObject } from 'react-router';

/** The Xero connection, a test invoice and the sync log, for administrators. */
export const adminXeroRoutes: RouteObject[] = [{ path: 'admin/xero-testing', lazy: async () => ({ Component: (await import('./xero-testing-page')).default }) }];
