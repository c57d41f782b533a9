// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DisplayErrorBoundary, RouteErrorScreen } from '../../components/ui/error-boundaries';
import { errorReporter } from '../../lib/error-reporter';
import type { SessionSupportMode } from '@shared/contracts/support';
import { SESSION_CACHE_KEY } from '../../stores/session-cache';
import { type ClientUser, useSessionStore } from '../../stores/session-store';
import { brokerClientsAnswer, signedInPerson } from '../../testing/accounts';
import { renderWithProviders } from '../../testing/render';
import { getExactly, noSuchRoute, pathOf, requestsMade, server, sessionAnswer } from '../../testing/server';
import AdminLayout from './admin-layout';
import MemberLayout from './member-layout';
import { PublicLayout } from './public-layout';

const person = (overrides: Partial<ClientUser>): ClientUser => signedInPerson({ id: 'u1', firstName: 'Sam', lastName: 'Broker', ...overrides });
const initial = useSessionStore.getState();

/**
 * Signs `user` in; `answers` are what other GET calls answer (path and query → JSON body). In support
 * mode the bar looks up the member's drafts and protections: not found, unless `answers` say otherwise.
 */
function signIn(user: ClientUser, supportMode: SessionSupportMode | null = null, answers: Record<string, JsonBodyType> = {}) {
  useSessionStore.getState().sessionLoaded(user, supportMode);
  server.use(
    ...Object.entries(answers).map(([path, body]) => getExactly(path, () => HttpResponse.json(body))),
    sessionAnswer({ user, expires: '2026-12-01T00:00:00.000Z', ...(supportMode ? { supportMode } : {}) }),
    ...(supportMode ? [http.get('/api/user/drafts', noSuchRoute), http.get('/api/dashboard/protections', noSuchRoute)] : []),
  );
}

function renderAt(path: string, Layout: () => React.ReactNode) {
  const router = createMemoryRouter([{ Component: Layout, children: [{ path: '*', element: <p>The page</p> }] }], { initialEntries: [path] });
  return renderWithProviders(<RouterProvider router={router} />);
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the member layout’s words (docs/behaviour.md §2)', () => {
  it('says Your Clients to a broker', async () => {
    signIn(person({ isBroker: true }));
    renderAt('/dashboard', MemberLayout);
    await screen.findByText('The page');
    expect(
      within(screen.getByRole('navigation', { name: 'Dashboard' }))
        .getByRole('link', { name: 'Your Clients' })
        .getAttribute('href'),
    ).toBe('/dashboard/paddocks');
    expect(screen.queryByRole('link', { name: 'Your Farm' })).toBeNull();
  });

  it('says Your Farm to a grower', async () => {
    signIn(person({ name: 'Grace Grower' }));
    renderAt('/dashboard', MemberLayout);
    await screen.findByText('The page');
    expect(within(screen.getByRole('navigation', { name: 'Dashboard' })).getByRole('link', { name: 'Your Farm' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Clients/ })).toBeNull();
  });

  it('offers a referrer partner their referrals, and nobody else', async () => {
    signIn(person({ name: 'Pat Partner', isReferrer: true }));
    renderAt('/dashboard', MemberLayout);
    await screen.findByText('The page');
    expect(
      within(screen.getByRole('navigation', { name: 'Dashboard' }))
        .getByRole('link', { name: 'Your referrals' })
        .getAttribute('href'),
    ).toBe('/referrer/leads');
    cleanup();
    signIn(person({ name: 'Grace Grower' }));
    renderAt('/dashboard', MemberLayout);
    await screen.findByText('The page');
    expect(screen.queryByRole('link', { name: 'Your referrals' })).toBeNull();
  });

  it('gives a member one navigation, the menu, with every dashboard page and no second list in the header', async () => {
    signIn(person({ name: 'Grace Grower' }));
    renderAt('/dashboard/reports', MemberLayout);
    await screen.findByText('The page');
    expect(screen.queryByRole('navigation', { name: 'Sections' })).toBeNull();
    const menu = within(screen.getByRole('navigation', { name: 'Dashboard' }));
    expect(menu.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Dashboard', '/dashboard'],
      ['Protection', '/dashboard/protection'],
      ['Claims', '/dashboard/claims'],
      ['Payments', '/dashboard/payments'],
      ['Your Farm', '/dashboard/paddocks'],
      ['Reports', '/dashboard/reports'],
      ['Settings', '/dashboard/settings'],
    ]);
    expect(menu.getByRole('link', { name: 'Reports' }).getAttribute('aria-current')).toBe('page');
    expect(menu.getByRole('button', { name: 'Sign Out' })).toBeTruthy();
  });

  it('keeps a broker’s chosen client (?member=) in every menu link, and marks the page by its path', async () => {
    signIn(person({ isBroker: true }));
    server.use(brokerClientsAnswer({ id: 'c1', name: 'Jess Whitfield' }));
    renderAt('/dashboard/reports?member=c1', MemberLayout);
    await screen.findByText('The page');
    const menu = within(screen.getByRole('navigation', { name: 'Dashboard' }));
    expect(menu.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '/dashboard?member=c1',
      '/dashboard/protection?member=c1',
      '/dashboard/claims?member=c1',
      '/dashboard/payments?member=c1',
      '/dashboard/paddocks?member=c1',
      '/dashboard/reports?member=c1',
      '/dashboard/settings?member=c1',
    ]);
    expect(menu.getByRole('link', { name: 'Reports' }).getAttribute('aria-current')).toBe('page');
  });
});

describe('the staff header', () => {
  const sectionLinks = () =>
    within(screen.getByRole('navigation', { name: 'Sections' }))
      .getAllByRole('link')
      .map((link) => link.textContent);

  it('starts with the admin area and has no member links outside support mode', async () => {
    signIn(person({ isAdmin: true, name: 'Ada Admin' }));
    renderAt('/admin/security-logs', AdminLayout);
    await screen.findByText('The page');
    expect(sectionLinks()).toEqual(['Admin Dashboard']);
    expect(screen.queryByRole('region', { name: 'Support mode' })).toBeNull();
  });

  it('in support mode adds the member’s sections under their name, and the bar says whose data, the level and since when, on dashboard pages too', async () => {
    signIn(person({ isAdmin: false, name: 'Sasha Support', permissions: ['customer_support'] }), {
      isActive: true,
      customerId: 'c1',
      customerName: 'Carey Customer',
      permissionLevel: 'read',
      adminUserId: 'u1',
      sessionStartTime: Date.parse('2026-11-27T01:30:00Z'),
    });
    renderAt('/dashboard/claims', MemberLayout);
    await screen.findByText('The page');
    expect(sectionLinks()).toEqual(['Members', 'Dashboard', 'Protection', 'Paddocks', 'Claims', 'Reports', 'Payments', 'Settings']);
    expect(screen.getByRole('list', { name: 'Carey Customer’s sections' })).toBeTruthy();
    const bar = await screen.findByRole('region', { name: 'Support mode' });
    expect(bar.textContent).toContain('Support mode: Carey Customer · read only · since 9:30 am AWST');
    expect(within(bar).getByRole('link', { name: 'Their dashboard' }).getAttribute('href')).toBe('/dashboard');
    expect(within(bar).getByRole('link', { name: 'Their quote' }).getAttribute('href')).toBe('/quote?support=true&customerId=c1');
    expect(within(bar).getByRole('button', { name: 'Exit support mode' })).toBeTruthy();
    // Staff in support mode take the member from the session, not the address: their menu links carry no ?member=.
    expect(
      within(screen.getByRole('navigation', { name: 'Dashboard' }))
        .getByRole('link', { name: 'Claims' })
        .getAttribute('href'),
    ).toBe('/dashboard/claims');
  });

  it('has the bar’s Their quote resume the member’s draft at its step', async () => {
    const draft = { id: 'draft_a', userId: 'c1', step: 'protection-calculator', status: 'DRAFT', createdAt: '2026-11-20T01:00:00Z', updatedAt: '2026-11-26T01:00:00Z', version: 3 };
    signIn(
      person({ isAdmin: true, name: 'Ada Admin' }),
      { isActive: true, customerId: 'c1', customerName: 'Carey Customer', permissionLevel: 'write', adminUserId: 'u1', sessionStartTime: Date.parse('2026-11-27T01:30:00Z') },
      { '/api/user/drafts?userId=c1': { success: true, drafts: [draft] }, '/api/dashboard/protections?memberId=c1': { protections: [] } },
    );
    renderAt('/dashboard', MemberLayout);
    const bar = await screen.findByRole('region', { name: 'Support mode' });
    await vi.waitFor(() => expect(within(bar).getByRole('link', { name: 'Their quote' }).getAttribute('href')).toBe('/quote?support=true&customerId=c1&step=protection-calculator'));
  });
});

describe('the support bar on public pages (docs/behaviour.md §3 session cache)', () => {
  const supportSession: SessionSupportMode = {
    isActive: true,
    customerId: 'c1',
    customerName: 'Carey Customer',
    permissionLevel: 'write',
    adminUserId: 'u1',
    sessionStartTime: Date.parse('2026-11-27T01:30:00Z'),
  };
  let made: string[];
  beforeEach(() => {
    made = requestsMade(pathOf);
  });
  const sessionCalls = () => made.filter((path) => path === '/api/auth/session').length;

  it('asks for the session only when the cache says a support session runs, and shows the bar the server confirms', async () => {
    signIn(person({ isAdmin: true, name: 'Ada Admin' }), supportSession);
    useSessionStore.setState(initial, true);
    localStorage.setItem(SESSION_CACHE_KEY, JSON.stringify({ supportMode: { enabled: true, customerId: 'c1' } }));
    renderAt('/faq', PublicLayout);
    const bar = await screen.findByRole('region', { name: 'Support mode' });
    expect(bar.textContent).toContain('Support mode: Carey Customer · write access');
    expect(sessionCalls()).toBe(1);
  });

  it('costs a visitor no session call', async () => {
    signIn(person({}));
    useSessionStore.setState(initial, true);
    localStorage.clear();
    renderAt('/faq', PublicLayout);
    await screen.findByText('The page');
    expect(screen.queryByRole('region', { name: 'Support mode' })).toBeNull();
    expect(sessionCalls()).toBe(0);
  });
});

describe('the admin menu (docs/behaviour.md §2)', () => {
  /** The window as wide as a laptop's (the sidebar beside the page) or as a phone's (folded behind Menu). */
  const screenWidth = (wide: boolean) =>
    vi.stubGlobal(
      'matchMedia',
      vi.fn((query: string) => ({ matches: wide, media: query, addEventListener: () => undefined, removeEventListener: () => undefined })),
    );

  async function openAdminMenu(path: string) {
    signIn(person({ isAdmin: true, name: 'Ada Admin' }));
    renderAt(path, AdminLayout);
    await screen.findByText('The page');
    const menu = screen.getByRole('navigation', { name: 'Administration' });
    const expanded = () =>
      within(menu)
        .queryAllByRole('button', { expanded: true })
        .map((button) => button.textContent?.replace(/[−+]$/, ''));
    return { menu, expanded };
  }

  it('on a phone opens the current page’s group with its item marked, and keeps one group open at a time', async () => {
    screenWidth(false);
    const { menu, expanded } = await openAdminMenu('/admin/security-logs');
    expect(expanded()).toEqual(['Security and Admin']);
    expect(within(menu).getByRole('link', { name: 'Security Logs' }).getAttribute('aria-current')).toBe('page');

    await userEvent.click(within(menu).getByRole('button', { name: /Core Operations/ }));
    expect(expanded()).toEqual(['Core Operations']);
    expect(within(menu).queryByRole('link', { name: 'Security Logs' })).toBeNull();

    await userEvent.click(within(menu).getByRole('button', { name: /Core Operations/ }));
    expect(expanded()).toEqual([]);
  });

  it('on a wide screen keeps the groups a person opens open side by side, and finds Applications and Alerts under Core Operations', async () => {
    screenWidth(true);
    const { menu, expanded } = await openAdminMenu('/admin/security-logs');
    await userEvent.click(within(menu).getByRole('button', { name: /Core Operations/ }));
    await userEvent.click(within(menu).getByRole('button', { name: /Tools/ }));
    expect(expanded()).toEqual(['Core Operations', 'Tools', 'Security and Admin']);
    expect(within(menu).getByRole('link', { name: 'Security Logs' }).getAttribute('aria-current')).toBe('page');
    const core = within(menu).getByRole('list', { name: 'Core Operations' });
    expect(within(core).getByRole('link', { name: 'Applications' }).getAttribute('href')).toBe('/admin/applications');
    expect(within(core).getByRole('link', { name: 'Alerts' }).getAttribute('href')).toBe('/admin/alerts');
    expect(within(core).getByRole('link', { name: 'Pricing Model' }).getAttribute('href')).toBe('/admin/pricing');

    await userEvent.click(within(menu).getByRole('button', { name: /Tools/ }));
    expect(expanded()).toEqual(['Core Operations', 'Security and Admin']);
  });
});

describe('error screens (docs/behaviour.md §8)', () => {
  it('a page that fails shows the crash screen’s words, an error id, Try Again, Reload Page and a way to contact support, and reports it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const reported: string[] = [];
    server.use(
      http.post('/api/errors/track', async ({ request }) => {
        reported.push(...((await request.json()) as { errors: { message: string; metadata: { errorId: string } }[] }).errors.map((error) => `${error.metadata.errorId} ${error.message}`));
        return HttpResponse.json({ accepted: 1 }, { status: 202 });
      }),
    );
    const router = createMemoryRouter([{ path: '/', errorElement: <RouteErrorScreen />, loader: () => Promise.reject(new Error('the loader broke')), element: <p>never</p> }]);
    render(<RouterProvider router={router} />);
    expect((await screen.findByRole('heading', { name: 'Something went wrong' })).tagName).toBe('H1');
    expect(screen.getByText("We've encountered an unexpected error. This issue has been automatically reported to our team.")).toBeTruthy();
    expect(screen.getByText(/Error ID:/).textContent).toMatch(/^Error ID: [0-9A-F]{8}$/);
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload Page' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Contact support' }).getAttribute('href')).toBe('/#contact');
    const errorId = screen.getByText(/Error ID:/).textContent?.slice('Error ID: '.length);
    await vi.waitFor(() => expect(reported).toEqual([`${errorId} the loader broke`]));
  });

  it('one panel that cannot draw its data shows Display Error, and the panels beside it still show; the failure goes with the next reports sent', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const reported: string[] = [];
    server.use(
      http.post('/api/errors/track', async ({ request }) => {
        reported.push(...((await request.json()) as { errors: { message: string }[] }).errors.map((error) => error.message));
        return HttpResponse.json({ accepted: 1 }, { status: 202 });
      }),
    );
    const BadRecord = (): React.ReactNode => {
      throw new Error('a record without a name');
    };
    render(
      <>
        <DisplayErrorBoundary>
          <BadRecord />
        </DisplayErrorBoundary>
        <DisplayErrorBoundary>
          <p>Key dates</p>
        </DisplayErrorBoundary>
      </>,
    );
    expect(screen.getByRole('heading', { name: 'Display Error' })).toBeTruthy();
    expect(screen.getByText('There was an issue displaying some data. Please refresh the page.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Refresh Page' })).toBeTruthy();
    expect(screen.getByText('Key dates')).toBeTruthy();
    // Not critical, so it waits with the page's other reports for the next send (docs/behaviour.md §4).
    await errorReporter().flush();
    expect(reported).toEqual(['a record without a name']);
  });
});
