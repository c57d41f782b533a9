import type { RouteObject } from 'react-router';

/** The pricing model under the admin layout: zones and their rates, and everything else a premium is worked out from. */
export const adminPricingRoutes: RouteObject[] = [
  { path: 'admin/agriculture-zones', lazy: async () => ({ Component: (await import('./agriculture-zones-page')).default }) },
  { path: 'admin/agriculture-zones-comprehensive', lazy: async () => ({ Component: (await import('./zone-pricing-page')).default }) },
  { path: 'admin/pricing', lazy: async () => ({ Component: (await import('./pricing-page')).default }) },
];
