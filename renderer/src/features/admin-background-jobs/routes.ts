import type { RouteObject } from 'react-router';

/** What runs in the background, and the jobs that failed, for administrators. */
export const adminBackgroundJobsRoutes: RouteObject[] = [{ path: 'admin/background-jobs', lazy: async () => ({ Component: (await import('./background-jobs-page')).default }) }];
