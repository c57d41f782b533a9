/**
 * Every address the web app draws a page for, so that the server can answer an unknown address
 * 404 (with the app's not-found page) instead of 200, and write the sitemap. The renderer's route
 * table must serve exactly these (renderer/src/app/router.test.tsx); a new page adds its path here.
 * `:name` stands for one segment of the address.
 */
export const PAGE_PATHS = [
  '/',
  '/about',
  '/our-product',
  '/faq',
  '/corporate-documents',
  '/terms-of-use',
  '/privacy-policy',
  '/complaints-policy',
  '/register',
  '/quote',
  '/auth/signin',
  '/auth/referrer-signin',
  '/auth/signout',
  '/auth/error',
  '/auth/register',
  '/auth/forgot-password',
  '/auth/reset-password',
  '/referrer/leads',
  '/dashboard',
  '/dashboard/protection',
  '/dashboard/claims',
  '/dashboard/payments',
  '/dashboard/paddocks',
  '/dashboard/reports',
  '/dashboard/alerts',
  '/dashboard/fire-risk-survey',
  '/dashboard/help',
  '/dashboard/settings',
  '/admin',
  '/admin/dashboard',
  '/admin/members',
  '/admin/claims',
  '/admin/member-paddocks',
  '/admin/agriculture-zones',
  '/admin/agriculture-zones-comprehensive',
  '/admin/pricing',
  '/admin/errors',
  '/admin/errors/:fingerprint',
  '/admin/analytics',
  '/admin/blob-management',
  '/admin/security-logs',
  '/admin/user-management',
  '/admin/users',
  '/admin/referrers',
  '/admin/profile',
  '/admin/change-password',
  '/admin/form-submissions',
  '/admin/crm/leads',
  '/admin/user-lookup',
  '/admin/user-lookup/:userId',
  '/admin/user-tracking',
  '/admin/user-tracking/:userId',
  '/admin/support-requests',
  '/admin/risk-simulation',
  '/admin/discount-rules',
  '/admin/discount-management',
  '/admin/calculator-settings',
  '/admin/pricing-monitor',
  '/admin/registration-analytics',
  '/admin/quote-analytics',
  '/admin/background-jobs',
  '/admin/soil-testing-poc',
  '/admin/alerts',
  '/admin/xero-testing',
] as const;

/** The public pages a search engine may list (the sitemap); sign-in, account and member pages are not among them. */
export const SITEMAP_PATHS = ['/', '/about', '/our-product', '/faq', '/quote', '/register', '/corporate-documents', '/terms-of-use', '/privacy-policy', '/complaints-policy'] as const;

const segmentsOf = (path: string) =>
  path
    .toLowerCase()
    .split('/')
    .filter((segment) => segment !== '');
const patterns = PAGE_PATHS.map(segmentsOf);

/**
 * The public pages sent as HTML drawn at build time (scripts/prerender.mjs), so that a phone paints
 * them before any script has run. Not the quote: its first screen is each visitor's own (a saved
 * draft, a signed-in member's details), which only the browser knows.
 */
export const PRERENDERED_PATHS: readonly string[] = SITEMAP_PATHS.filter((path) => path !== '/quote');

/** The file in the web build's prerendered/ folder for a page address ('/' → home.html, '/about/' → about.html), or null for a page drawn in the browser only. */
export function prerenderedPageFile(pathname: string): string | null {
  const segments = segmentsOf(pathname);
  if (!PRERENDERED_PATHS.includes(`/${segments.join('/')}`)) return null;
  return `${segments.length === 0 ? 'home' : segments.join('-')}.html`;
}

/** Whether the app has a page at this address (a path without query or hash; as in the router, case and a trailing slash do not matter). */
export function isPagePath(pathname: string): boolean {
  const segments = segmentsOf(pathname);
  return patterns.some((pattern) => pattern.length === segments.length && pattern.every((part, index) => part.startsWith(':') || part === segments[index]));
}
