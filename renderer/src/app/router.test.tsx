// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OUTAGE_MESSAGES } from '@shared/contracts/api-error';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, matchRoutes, Outlet, type RouteObject, RouterProvider } from 'react-router';
import { PAGE_PATHS } from '@shared/site-pages';
import { queryClient } from '../lib/react-query';
import { sessionQueryOptions } from '../stores/get-session';
import { type ClientUser, useSessionStore } from '../stores/session-store';
import { pathOf, requestsMade, server } from '../testing/server';
import { adminAccountMenu, adminMenu } from './layouts/admin-menu';
import { routes, supportStaffAdminPaths } from './router';
import { signedInPerson } from '../testing/accounts';

const ACCESS_DENIED = "You don't have permission to access the admin dashboard.";

/** The ids of the routes an address goes through, outermost first. */
const routeIdsFor = (path: string) => (matchRoutes(routes, path) ?? []).map((match) => match.route.id);

const person = (overrides: Partial<ClientUser>): ClientUser => signedInPerson({ id: 'u1', email: 'grower@example.com', firstName: 'Grace', lastName: 'Grower', ...overrides });
const member = person({});
const supportStaff = person({ id: 'u2', permissions: ['customer_support'] });
const administrator = person({ id: 'u3', isAdmin: true });

/** Every address the route table draws a page for, in full ('/admin/errors/:fingerprint'); the catch-all not-found routes left out. */
function pagePathsOf(table: RouteObject[], parent = ''): string[] {
  return table.flatMap((route) => {
    const path = route.path === undefined ? parent : `${parent}/${route.path}`;
    const own = route.path === '*' || route.path?.endsWith('/*') ? [] : route.index || (route.path !== undefined && !route.children) ? [path || '/'] : [];
    return [...own, ...pagePathsOf(route.children ?? [], path)];
  });
}

describe('the route table (docs/behaviour.md §2 layouts, §6 roles)', () => {
  it('draws a page at exactly the addresses the server answers 200 for (shared/site-pages.ts); any other is 404', () => {
    expect(pagePathsOf(routes).sort()).toEqual([...PAGE_PATHS].sort());
  });

  it.each([
    ['/admin', 'admin-layout'],
    ['/admin/dashboard', 'admin-layout'],
    ['/admin/form-submissions', 'admin-layout'],
    ['/admin/no-such-page', 'admin-layout'],
    ['/dashboard', 'member-layout'],
    ['/dashboard/claims', 'member-layout'],
    ['/dashboard/no-such-page', 'member-layout'],
    ['/', 'public-layout'],
    ['/quote', 'public-layout'],
    ['/auth/signin', 'public-layout'],
    ['/administrator-info', 'public-layout'],
    ['/dashboards', 'public-layout'],
    ['/no-such-page', 'public-layout'],
  ])('%s is drawn by the %s', (path, layout) => {
    expect(routeIdsFor(path)).toContain(layout);
    expect(routeIdsFor(path).filter((id) => id?.endsWith('-layout'))).toHaveLength(1);
  });

  it('opens the members list and their own profile and password to support staff, every other admin page to administrators only', () => {
    for (const path of ['/admin/members', '/admin/profile', '/admin/change-password']) expect(routeIdsFor(path)).toContain('support-staff-pages');
    for (const path of ['/admin', '/admin/dashboard', '/admin/claims', '/admin/security-logs', '/admin/user-management', '/admin/no-such-page']) {
      expect(routeIdsFor(path)).toContain('administrator-pages');
    }
  });

  it('names, as support-staff pages, exactly the pages the admin menu offers support staff', () => {
    const offered = [...adminMenu.flatMap((group) => group.items), ...adminAccountMenu].filter((entry) => entry.forSupportStaff).map((entry) => entry.path.slice(1));
    expect(offered.sort()).toEqual([...supportStaffAdminPaths].sort());
    for (const path of supportStaffAdminPaths) expect(routeIdsFor(`/${path}`)).toContain('support-staff-pages');
  });
});

/** The real table with every lazily loaded page and layout drawn as a labelled stand-in, so the guards, fallbacks and error elements run as in the app. */
function withStandIns(table: RouteObject[]): RouteObject[] {
  return table.map((route) => {
    const { lazy, children, ...rest } = route;
    const standIn = lazy || (route.Component && route.id !== 'root');
    const label = route.id ?? route.path ?? 'home';
    const layout = label.endsWith('-layout') ? label.replace('-layout', '') : undefined;
    // A lazy route's error element comes with its module (the admin area's Access Denied): kept, so it is tested.
    const errorBoundaryOnly = typeof lazy === 'function' ? { lazy: async () => ({ ErrorBoundary: (await lazy()).ErrorBoundary }) } : {};
    return {
      ...rest,
      ...errorBoundaryOnly,
      ...(standIn
        ? {
            Component: () => (
              <section data-layout={layout} aria-label={label}>
                <Outlet />
              </section>
            ),
          }
        : {}),
      ...(children ? { children: withStandIns(children) } : {}),
    } as RouteObject;
  });
}

function open(path: string) {
  const router = createMemoryRouter(withStandIns(routes), { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

const addressOf = (router: ReturnType<typeof open>) => `${router.state.location.pathname}${router.state.location.search}`;

function signedInAs(user: ClientUser | null) {
  useSessionStore.getState().sessionLoaded(user);
}

beforeEach(() => {
  useSessionStore.setState({ status: 'loading', user: null, isAuthenticated: false, permissions: [] });
  // Each test's first guard reads the session afresh, not an earlier test's answer.
  queryClient.removeQueries({ queryKey: sessionQueryOptions().queryKey });
});

afterEach(cleanup);

describe('the guards of the layout routes', () => {
  it('sends a signed-out visitor of /dashboard or /admin to sign-in, and back afterwards', async () => {
    signedInAs(null);
    const dashboard = open('/dashboard/claims?year=2026');
    await screen.findByRole('region', { name: 'auth/signin' });
    expect(addressOf(dashboard)).toBe(`/auth/signin?error=SessionRequired&callbackUrl=${encodeURIComponent('/dashboard/claims?year=2026')}`);
    cleanup();
    const admin = open('/admin');
    await screen.findByRole('region', { name: 'auth/signin' });
    expect(addressOf(admin)).toBe('/auth/signin?error=SessionRequired&callbackUrl=%2Fadmin');
  });

  it('shows a member Access Denied in the admin area, with a way to the dashboard', async () => {
    signedInAs(member);
    const router = open('/admin');
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeTruthy();
    expect(screen.getByText(ACCESS_DENIED)).toBeTruthy();
    // The title is set by an effect after the heading is drawn (a busy machine showed the gap).
    await waitFor(() => expect(document.title).toBe('Access Denied | Grain Growers Mutual'));
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Go to Dashboard' }));
    await screen.findByRole('region', { name: 'member-layout' });
    expect(addressOf(router)).toBe('/dashboard');
  });

  it('lets support staff open the members list and their profile, and nothing else of the admin area', async () => {
    signedInAs(supportStaff);
    const router = open('/admin/members');
    expect(await screen.findByRole('region', { name: 'admin/members' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'admin-layout' })).toBeTruthy();
    await act(() => router.navigate('/admin/dashboard'));
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeTruthy();
    await act(() => router.navigate('/admin/profile'));
    expect(await screen.findByRole('region', { name: 'admin/profile' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Access Denied' })).toBeNull();
  });

  it('opens every admin page to an administrator, and an unknown one as not found inside the admin layout', async () => {
    signedInAs(administrator);
    const router = open('/admin/security-logs');
    expect(await screen.findByRole('region', { name: 'admin/security-logs' })).toBeTruthy();
    await act(() => router.navigate('/admin/no-such-page'));
    expect(await screen.findByRole('region', { name: 'admin/*' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'admin-layout' })).toBeTruthy();
  });

  it('does not hold a page that changes its own search behind the guards (no full-screen loader)', async () => {
    signedInAs(administrator);
    const router = open('/admin/user-management');
    await screen.findByRole('region', { name: 'admin/user-management' });
    const states: string[] = [];
    const stopWatching = router.subscribe((state) => states.push(state.navigation.state));
    await act(() => router.navigate('/admin/user-management?q=bron'));
    stopWatching();
    expect(addressOf(router)).toBe('/admin/user-management?q=bron');
    expect(states).not.toContain('loading');
  });

  it('shows the admin spinner while the session loads, then decides', async () => {
    let answer: (response: Response) => void = () => undefined;
    // Every call the page makes, as it made it (path, init).
    const fetch = vi.fn();
    requestsMade((request) => fetch(pathOf(request), { method: request.method }));
    server.use(http.get('/api/auth/session', () => new Promise<Response>((resolve) => (answer = resolve))));
    open('/admin/dashboard');
    expect(await screen.findByText('Checking your access…')).toBeTruthy();
    expect(fetch).toHaveBeenCalledWith('/api/auth/session', expect.objectContaining({ method: 'GET' }));
    answer(HttpResponse.json({ user: member, expires: '2026-12-01T00:00:00.000Z' }));
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeTruthy();
    expect(screen.queryByText('Checking your access…')).toBeNull();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('follows the session: signed out elsewhere, the dashboard sends the visitor to sign-in', async () => {
    signedInAs(administrator);
    const router = open('/dashboard');
    await screen.findByRole('region', { name: 'member-layout' });
    act(() => useSessionStore.getState().sessionLoaded(null));
    await screen.findByRole('region', { name: 'auth/signin' });
    expect(addressOf(router)).toBe('/auth/signin?error=SessionRequired&callbackUrl=%2Fdashboard');
  });

  it('shows a member the server’s sentence and Try again while it cannot check the sign-in, not the sign-in page; Try again opens the page once it can', async () => {
    let away = true;
    server.use(
      http.get('/api/auth/session', () =>
        away ? HttpResponse.json({ error: 'sessions_unavailable', message: OUTAGE_MESSAGES.redis }, { status: 503 }) : HttpResponse.json({ user: member, expires: '2026-12-01T00:00:00.000Z' }),
      ),
    );
    const router = open('/dashboard/claims');
    expect(await screen.findByRole('heading', { name: 'Not available just now' })).toBeTruthy();
    expect(screen.getByText(OUTAGE_MESSAGES.redis)).toBeTruthy();
    expect(addressOf(router)).toBe('/dashboard/claims');
    away = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'dashboard/claims' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Not available just now' })).toBeNull();
  });
});
