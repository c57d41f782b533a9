import type { RouteObject } from 'react-router';

/** docs/behaviour.md §2 member dashboard menu and the header's Reports item; each page loads on first visit. */
export const dashboardRoutes: RouteObject[] = [
  { path: 'dashboard', lazy: async () => ({ Component: (await import('./dashboard-home-page')).default }) },
  { path: 'dashboard/protection', lazy: async () => ({ Component: (await import('./protection-page')).default }) },
  { path: 'dashboard/claims', lazy: async () => ({ Component: (await import('./claims/claims-page')).default }) },
  { path: 'dashboard/payments', lazy: async () => ({ Component: (await import('./payments-page')).default }) },
  { path: 'dashboard/paddocks', lazy: async () => ({ Component: (await import('./paddocks-page')).default }) },
  { path: 'dashboard/reports', lazy: async () => ({ Component: (await import('./reports-page')).default }) },
  // Not in the menu (docs/behaviour.md §2): the alert e-mails link here.
  { path: 'dashboard/alerts', lazy: async () => ({ Component: (await import('./alerts/alerts-page')).default }) },
  { path: 'dashboard/fire-risk-survey', lazy: async () => ({ Component: (await import('./fire-risk-survey-page')).default }) },
  { path: 'dashboard/help', lazy: async () => ({ Component: (await import('./help/help-page')).default }) },
  { path: 'dashboard/settings', lazy: async () => ({ Component: (await import('./settings-page')).default }) },
];
