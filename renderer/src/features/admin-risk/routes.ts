import type { RouteObject } from 'react-router';

/** The mutual's exposure and what events and seasons would cost. */
export const adminRiskRoutes: RouteObject[] = [{ path: 'admin/risk-simulation', lazy: async () => ({ Component: (await import('./risk-simulation-page')).default }) }];
