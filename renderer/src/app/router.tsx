import type { RouteObject } from 'react-router';
import { RouteErrorScreen } from '../components/ui/error-boundaries';
import { FullScreenLoader } from '../components/ui/full-screen-loader';
import { accountRoutes } from '../features/accounts/routes';
import { adminClaimsRoutes } from '../features/admin-claims/routes';
import { adminCrmRoutes } from '../features/admin-crm/routes';
import { adminDiscountsRoutes } from '../features/admin-discounts/routes';
import { adminAlertsRoutes } from '../features/admin-alerts/routes';
import { adminAnalyticsRoutes } from '../features/admin-analytics/routes';
import { adminBackgroundJobsRoutes } from '../features/admin-background-jobs/routes';
import { adminXeroRoutes } from '../features/admin-xero/routes';
import { adminInsightsRoutes } from '../features/admin-insights/routes';
import { adminOperationsRoutes } from '../features/admin-operations/routes';
import { adminPeopleRoutes } from '../features/admin-people/routes';
import { adminRiskRoutes } from '../features/admin-risk/routes';
import { adminSoilRoutes } from '../features/admin-soil/routes';
import { adminCalculatorRoutes } from '../features/admin-calculator/routes';
import { adminPricingRoutes } from '../features/admin-pricing/routes';
import { adminSupportRequestsRoutes } from '../features/admin-support-requests/routes';
import { adminUsersRoutes } from '../features/admin-users/routes';
import { dashboardRoutes } from '../features/dashboard/routes';
import { formSubmissionsRoutes } from '../features/form-submissions/routes';
import { publicSiteRoutes } from '../features/public-site/routes';
import { quoteRoutes } from '../features/quote/routes';
import { CheckingAccess } from './layouts/checking-access';
import { PublicLayout } from './layouts/public-layout';
import { RootLayout } from './root-layout';
import { guard } from './route-guards';

/** The admin pages support staff (customer_support, not admin) work from: the members list, where support mode is entered, and their own profile and password (docs/authorization.md). */
export const supportStaffAdminPaths = ['admin/members', 'admin/profile', 'admin/change-password'];

const adminPages = [
  ...adminOperationsRoutes,
  ...adminClaimsRoutes,
  ...adminUsersRoutes,
  ...adminPricingRoutes,
  ...adminInsightsRoutes,
  ...formSubmissionsRoutes,
  ...adminCrmRoutes,
  ...adminPeopleRoutes,
  ...adminSupportRequestsRoutes,
  ...adminRiskRoutes,
  ...adminSoilRoutes,
  ...adminDiscountsRoutes,
  ...adminCalculatorRoutes,
  ...adminAnalyticsRoutes,
  ...adminBackgroundJobsRoutes,
  ...adminAlertsRoutes,
  ...adminXeroRoutes,
];
const isSupportStaffPage = (route: RouteObject) => supportStaffAdminPaths.includes(route.path ?? '');

/** The site's 404 page inside a layout, so that an unknown /admin… or /dashboard… address keeps its layout (docs/behaviour.md §2). */
const notFoundAt = (path: string): RouteObject => ({ path, lazy: async () => ({ Component: (await import('../features/public-site/not-found-page')).default }) });

/**
 * Every page, by layout and by who may open it (docs/behaviour.md §2 layouts, §4 and §6 access). Features
 * contribute their route lists; pages, and the member and admin layouts, load lazily. A guard
 * waits for the session: a visitor goes to sign-in and back, and a signed-in person without
 * the role sees the admin area's Access Denied. The server decides every call again.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    HydrateFallback: FullScreenLoader,
    errorElement: <RouteErrorScreen />,
    children: [
      {
        // /admin…: the admin layout, signed in; a spinner while the session loads.
        id: 'admin-layout',
        ...guard('signed-in'),
        // Its Access Denied page comes with the layout, so no admin code loads on the public pages.
        lazy: async () => {
          const [layout, access] = await Promise.all([import('./layouts/admin-layout'), import('./layouts/admin-access')]);
          return { Component: layout.default, ErrorBoundary: access.AdminAreaError };
        },
        HydrateFallback: CheckingAccess,
        children: [
          { id: 'support-staff-pages', ...guard('support-staff'), children: adminPages.filter(isSupportStaffPage) },
          { id: 'administrator-pages', ...guard('administrator'), children: [...adminPages.filter((route) => !isSupportStaffPage(route)), notFoundAt('admin/*')] },
        ],
      },
      {
        // /dashboard…: the member layout, for anyone signed in (members, brokers, staff).
        id: 'member-layout',
        ...guard('signed-in'),
        lazy: async () => ({ Component: (await import('./layouts/member-layout')).default }),
        children: [...dashboardRoutes, notFoundAt('dashboard/*')],
      },
      {
        // Everything else: the public layout, open to all.
        id: 'public-layout',
        Component: PublicLayout,
        children: [...accountRoutes, ...quoteRoutes, ...publicSiteRoutes],
      },
    ],
  },
];
