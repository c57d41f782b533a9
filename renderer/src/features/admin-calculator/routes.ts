import type { RouteObject } from 'react-router';

/** The calculator's figures and how pricing behaves in the field, under the admin layout. */
export const adminCalculatorRoutes: RouteObject[] = [
  { path: 'admin/calculator-settings', lazy: async () => ({ Component: (await import('./calculator-settings-page')).default }) },
  { path: 'admin/pricing-monitor', lazy: async () => ({ Component: (await import('./pricing-monitor-page')).default }) },
];
