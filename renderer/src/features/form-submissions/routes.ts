import type { RouteObject } from 'react-router';

/** The administrators' list of contact and register-interest submissions (under the admin layout). */
export const formSubmissionsRoutes: RouteObject[] = [{ path: 'admin/form-submissions', lazy: async () => ({ Component: (await import('./form-submissions-page')).default }) }];
