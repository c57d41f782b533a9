import type { RouteObject } from 'react-router';

/** The staff's lead pipeline under the admin layout. */
export const adminCrmRoutes: RouteObject[] = [{ path: 'admin/crm/leads', lazy: async () => ({ Component: (await import('./leads-page')).default }) }];
