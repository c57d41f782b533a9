import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouteErrorScreen } from '../components/ui/error-boundaries';
import { accountRoutes } from '../features/accounts/routes';
import { adminRoutes } from '../features/admin/routes';
import { dashboardRoutes } from '../features/dashboard/routes';
import { publicSiteRoutes } from '../features/public-site/routes';
import { quoteRoutes } from '../features/quote/routes';
import { RootLayout } from './root-layout';

/** Every page, each loaded lazily; features contribute their own route lists. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorScreen />,
    children: [...accountRoutes, ...dashboardRoutes, ...adminRoutes, ...quoteRoutes, ...publicSiteRoutes],
  },
];

export const router = createBrowserRouter(routes);
