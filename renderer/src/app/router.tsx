import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouteErrorScreen } from '../components/ui/error-boundaries';
import { accountRoutes } from '../features/accounts/routes';
import { adminInsightsRoutes } from '../features/admin-insights/routes';
import { adminOperationsRoutes } from '../features/admin-operations/routes';
import { adminPricingRoutes } from '../features/admin-pricing/routes';
import { adminUsersRoutes } from '../features/admin-users/routes';
import { dashboardRoutes } from '../features/dashboard/routes';
import { formSubmissionsRoutes } from '../features/form-submissions/routes';
import { publicSiteRoutes } from '../features/public-site/routes';
import { quoteRoutes } from '../features/quote/routes';
import { installErrorReporting } from '../lib/error-reporter';
import { RootLayout } from './root-layout';

/** Every page, each loaded lazily; features contribute their own route lists. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorScreen />,
    children: [...accountRoutes, ...dashboardRoutes, ...adminOperationsRoutes, ...adminUsersRoutes, ...adminPricingRoutes, ...adminInsightsRoutes, ...formSubmissionsRoutes, ...quoteRoutes, ...publicSiteRoutes],
  },
];

export const router = createBrowserRouter(routes);

// SPEC §8: uncaught errors, failed API calls and crashes are reported from the first page on.
if (typeof window !== 'undefined') installErrorReporting();
