import type { RouteObject } from 'react-router';

/** Staff's claims queue under the admin layout: triage, messages to the member, status moves. */
export const adminClaimsRoutes: RouteObject[] = [{ path: 'admin/claims', lazy: async () => ({ Component: (await import('./admin-claims-page')).default }) }];
