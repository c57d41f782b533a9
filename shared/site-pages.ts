import { canonicalPagePath } from './page-address';

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
  '/certificate',
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
  '/admin/applications',
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
  '/admin/seasons',
  '/admin/renewals',
  '/admin/soil-testing-poc',
  '/admin/alerts',
  '/admin/xero-testing',
] as const;

/**
 * The public pages a search engine may list (the sitemap); sign-in, account and member pages are not
 * among them. They are also the pages sent as HTML drawn at build time (scripts/prerender.mjs), so
 * that a phone paints them before any script has run.
 */
export const SITEMAP_PATHS = ['/', '/about', '/our-product', '/faq', '/quote', '/register', '/corporate-documents', '/terms-of-use', '/privacy-policy', '/complaints-policy'] as const;

const segmentsOf = (path: string) =>
  canonicalPagePath(path)
    .split('/')
    .filter((segment) => segment !== '');
const patterns = PAGE_PATHS.map(segmentsOf);

/**
 * Pages whose drawn first screen is a visitor's: the quote opens on its first step for a visitor, but
 * on a member's own details, drafts or a saved estimate otherwise. Their drawn HTML is sent only to a
 * browser without a session (no one can be signed in) asking for the bare address (?step=,
 * ?customerId=, ?savedEstimate= and ?ref= each open the quote differently); the browser, sent that
 * HTML, starts as a visitor.
 */
export const VISITOR_PRERENDERED_PATHS: readonly string[] = ['/quote'];

/** The request a page's HTML is chosen for: whether the browser sent a session cookie, and whether the address has a query. */
export interface PageRequest {
  carriesSession: boolean;
  hasQuery: boolean;
}

/** The file in the web build's prerendered/ folder a drawn page is written to: '/' → home.html, '/about/' → about.html. */
export function prerenderedFileName(pathname: string): string {
  const segments = segmentsOf(pathname);
  return `${segments.length === 0 ? 'home' : segments.join('-')}.html`;
}

/**
 * The drawn page to answer a request for this address with, or null when the app draws the page in
 * the browser: a page not drawn at build time, or one drawn for a visitor and asked for by someone
 * else. As in the router, case and a trailing slash do not matter.
 */
export function prerenderedPageFile(pathname: string, request: PageRequest): string | null {
  const path = canonicalPagePath(pathname);
  if (!(SITEMAP_PATHS as readonly string[]).includes(path)) return null;
  if (drawnForVisitorsOnly(path) && (request.carriesSession || request.hasQuery)) return null;
  return prerenderedFileName(path);
}

/** Whether the HTML for this address depends on the request's session cookie (VISITOR_PRERENDERED_PATHS). */
export function drawnForVisitorsOnly(pathname: string): boolean {
  return VISITOR_PRERENDERED_PATHS.includes(canonicalPagePath(pathname));
}

/** The page of PAGE_PATHS at this address (a path without query or hash; as in the router, case and a trailing slash do not matter), if any. */
export function pageOf(pathname: string): (typeof PAGE_PATHS)[number] | undefined {
  const segments = segmentsOf(pathname);
  const at = patterns.findIndex((pattern) => pattern.length === segments.length && pattern.every((part, index) => part.startsWith(':') || part === segments[index]));
  return PAGE_PATHS[at];
}

/** Whether the app has a page at this address. */
export const isPagePath = (pathname: string): boolean => pageOf(pathname) !== undefined;
