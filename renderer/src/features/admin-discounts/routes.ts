import type { RouteObject } from 'react-router';

/** The discount pages under the admin layout (docs/discounts.md). */
export const adminDiscountsRoutes: RouteObject[] = [
  { path: 'admin/discount-rules', lazy: async () => ({ Component: (await import('./discount-rules-page')).default }) },
  { path: 'admin/discount-management', lazy: async () => ({ Component: (await import('./discount-management-page')).default }) },
];
