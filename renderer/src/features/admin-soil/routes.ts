import type { RouteObject } from 'react-router';

/** The soil-testing pilot (docs/soil-testing.md). */
export const adminSoilRoutes: RouteObject[] = [{ path: 'admin/soil-testing-poc', lazy: async () => ({ Component: (await import('./soil-testing-page')).default }) }];
