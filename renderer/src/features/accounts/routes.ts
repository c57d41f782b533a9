import type { RouteObject } from 'react-router';

export const accountRoutes: RouteObject[] = [
  { path: 'auth/signin', lazy: async () => ({ Component: (await import('./sign-in-page')).default }) },
  { path: 'auth/referrer-signin', lazy: async () => ({ Component: (await import('./referrer-sign-in-page')).default }) },
  { path: 'auth/signout', lazy: async () => ({ Component: (await import('./sign-out-page')).default }) },
  { path: 'auth/error', lazy: async () => ({ Component: (await import('./auth-error-page')).default }) },
  { path: 'auth/register', lazy: async () => ({ Component: (await import('./register-page')).default }) },
  { path: 'auth/forgot-password', lazy: async () => ({ Component: (await import('./forgot-password-page')).default }) },
  { path: 'auth/reset-password', lazy: async () => ({ Component: (await import('./reset-password-page')).default }) },
  { path: 'referrer/leads', lazy: async () => ({ Component: (await import('./referrer-leads-page')).default }) },
];
