// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DisplayErrorBoundary, RouteErrorScreen } from '../../components/ui/error-boundaries';
import { createQueryClient } from '../../lib/react-query';
import { type ClientUser, useSessionStore } from '../../stores/session-store';
import { jsonResponse } from '../../testing/dom';
import AdminLayout from './admin-layout';
import MemberLayout from './member-layout';

const person = (overrides: Partial<ClientUser>): ClientUser => ({
  id: 'u1',
  email: 'sam@example.com',
  name: 'Sam Broker',
  firstName: 'Sam',
  lastName: 'Broker',
  isAdmin: false,
  isBroker: false,
  permissions: [],
  ...overrides,
});
const initial = useSessionStore.getState();

function signIn(user: ClientUser) {
  useSessionStore.getState().sessionLoaded(user, null);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      if (path === '/api/auth/session') return jsonResponse(200, { user, expires: '2026-12-01T00:00:00.000Z' });
      if (path === '/api/admin/notifications/count') return jsonResponse(200, { unreadCount: 0, recentSubmissions: [] });
      if (path === '/api/admin/support-requests/count') return jsonResponse(200, { newCount: 0 });
      return jsonResponse(404, { error: 'not_found', message: 'No such route.' });
    }),
  );
}

function renderAt(path: string, Layout: () => React.ReactNode) {
  const router = createMemoryRouter([{ Component: Layout, children: [{ path: '*', element: <p>The page</p> }] }], { initialEntries: [path] });
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

beforeEach(() => useSessionStore.setState(initial, true));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the member layout’s words (SPEC §2)', () => {
  it('says Clients and Your Clients to a broker', async () => {
    signIn(person({ isBroker: true }));
    renderAt('/dashboard', MemberLayout);
    await screen.findByText('The page');
    expect(
      within(screen.getByRole('navigation', { name: 'Sections' }))
        .getByRole('link', { name: 'Clients' })
        .getAttribute('href'),
    ).toBe('/dashboard/paddocks');
    expect(
      within(screen.getByRole('navigation', { name: 'Dashboard' }))
        .getByRole('link', { name: 'Your Clients' })
        .getAttribute('href'),
    ).toBe('/dashboard/paddocks');
    expect(screen.queryByRole('link', { name: 'Your Farm' })).toBeNull();
  });

  it('says Paddocks and Your Farm to a grower', async () => {
    signIn(person({ name: 'Grace Grower' }));
    renderAt('/dashboard', MemberLayout);
    await screen.findByText('The page');
    expect(within(screen.getByRole('navigation', { name: 'Sections' })).getByRole('link', { name: 'Paddocks' })).toBeTruthy();
    expect(within(screen.getByRole('navigation', { name: 'Dashboard' })).getByRole('link', { name: 'Your Farm' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Clients/ })).toBeNull();
  });
});

describe('the admin menu (SPEC §2)', () => {
  it('opens the current page’s group with its item marked, and keeps one group open at a time', async () => {
    signIn(person({ isAdmin: true, name: 'Ada Admin' }));
    renderAt('/admin/security-logs', AdminLayout);
    await screen.findByText('The page');
    const menu = screen.getByRole('navigation', { name: 'Administration' });
    const expanded = () =>
      within(menu)
        .getAllByRole('button', { expanded: true })
        .map((button) => button.textContent?.replace(/[−+]$/, ''));
    expect(expanded()).toEqual(['Security and Admin']);
    expect(within(menu).getByRole('link', { name: 'Security Logs' }).getAttribute('aria-current')).toBe('page');

    await userEvent.click(within(menu).getByRole('button', { name: /Core Operations/ }));
    expect(expanded()).toEqual(['Core Operations']);
    expect(within(menu).queryByRole('link', { name: 'Security Logs' })).toBeNull();

    await userEvent.click(within(menu).getByRole('button', { name: /Core Operations/ }));
    expect(within(menu).queryAllByRole('button', { expanded: true })).toEqual([]);
  });
});

describe('error screens (SPEC §8)', () => {
  it('a page that fails shows the crash screen’s words, an error id, Try Again, Reload Page and a way to contact support, and reports it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const reported: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string, init: RequestInit = {}) => {
        if (path === '/api/auth/csrf') return jsonResponse(200, { csrfToken: 'token' });
        if (path === '/api/errors/track')
          reported.push(...(JSON.parse(String(init.body)) as { errors: { message: string; metadata: { errorId: string } }[] }).errors.map((error) => `${error.metadata.errorId} ${error.message}`));
        return jsonResponse(202, { received: 1 });
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

  it('one panel that cannot draw its data shows Display Error, and the panels beside it still show', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(202, { received: 1 })),
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
  });
});
