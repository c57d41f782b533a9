import type { RouteObject } from 'react-router';

export const quoteRoutes: RouteObject[] = [{ path: 'quote', lazy: async () => ({ Component: (await import('./quote-page')).default }) }];
