// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isPagePath } from '@shared/site-pages';
import { type ClientUser, useSessionStore } from '../../stores/session-store';
import { renderWithProviders } from '../../testing/render';
import { server, sessionAnswer } from '../../testing/server';
import AdminLayout from './admin-layout';
import { signedInPerson } from '../../testing/accounts';

/**
 * docs/behaviour.md §2 'Admin layout menu (all under /admin/)' as an administrator sees it drawn: every group the
 * SPEC names, and in each every entry it names, a link to /admin/<entry>. (admin-menu.test.ts checks
 * the menu's data and layouts.test.tsx the open-group and highlight behaviour.)
 */
const SPEC_GROUPS: Array<[string, string[]]> = [
  ['Core Operations', ['support-requests', 'claims', 'members', 'member-paddocks', 'crm/leads', 'agriculture-zones-comprehensive', 'agriculture-zones']],
  ['User Analytics and Tracking', ['user-tracking', 'user-lookup', 'registration-analytics', 'quote-analytics', 'alerts']],
  ['Discounts', ['discount-rules', 'discount-management']],
  ['Tools', ['analytics', 'calculator-settings', 'risk-simulation', 'pricing-monitor', 'xero-testing']],
  ['Soil Testing', ['soil-testing-poc']],
  ['Content and Docs', ['blob-management', 'form-submissions']],
  ['Security and Admin', ['security-logs', 'errors', 'user-management', 'referrers']],
];

const administrator: ClientUser = signedInPerson({ id: 'u1', email: 'ada@grainmutual.example', firstName: 'Ada', lastName: 'Admin', isAdmin: true });
beforeEach(() => {
  useSessionStore.getState().sessionLoaded(administrator);
  server.use(sessionAnswer({ user: administrator, expires: '2026-12-01T00:00:00.000Z' }));
  // A laptop's window: the sidebar stands beside the page, where groups can be open side by side.
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({ matches: true, media: query, addEventListener: () => undefined, removeEventListener: () => undefined })),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function openMenu() {
  const router = createMemoryRouter([{ Component: AdminLayout, children: [{ path: '*', element: <p>The page</p> }] }], { initialEntries: ['/admin/dashboard'] });
  renderWithProviders(<RouterProvider router={router} />);
  await screen.findByText('The page');
  return screen.getByRole('navigation', { name: 'Administration' });
}

const groupButton = (menu: HTMLElement, title: string) => within(menu).getByRole('button', { name: new RegExp(`^${title}`) });

describe('the admin menu as drawn (docs/behaviour.md §2)', () => {
  it('has every SPEC group, in the SPEC’s order, each opening onto every SPEC entry as a link under /admin/', async () => {
    const menu = await openMenu();
    const titles = within(menu)
      .getAllByRole('button', { expanded: false })
      .map((button) => button.textContent?.replace(/[−+]$/, ''));
    expect(titles.filter((title) => SPEC_GROUPS.some(([group]) => group === title))).toEqual(SPEC_GROUPS.map(([group]) => group));

    for (const [title, entries] of SPEC_GROUPS) {
      await userEvent.click(groupButton(menu, title));
      const list = within(menu).getByRole('list', { name: title });
      const hrefs = within(list)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href'));
      expect(hrefs.filter((href) => entries.some((entry) => href === `/admin/${entry}`))).toEqual(entries.map((entry) => `/admin/${entry}`));
    }
  });

  it('names agriculture-zones-comprehensive Zone Pricing Management, and starts with the Admin Dashboard', async () => {
    const menu = await openMenu();
    expect(within(menu).getByRole('link', { name: 'Admin Dashboard' }).getAttribute('href')).toBe('/admin/dashboard');
    await userEvent.click(groupButton(menu, 'Core Operations'));
    expect(within(menu).getByRole('link', { name: 'Zone Pricing Management' }).getAttribute('href')).toBe('/admin/agriculture-zones-comprehensive');
  });

  it('has the account menu: Edit Profile at /admin/profile and the password at /admin/change-password', async () => {
    const menu = await openMenu();
    expect(within(menu).getByRole('link', { name: 'Edit Profile' }).getAttribute('href')).toBe('/admin/profile');
    expect(
      within(menu)
        .getAllByRole('link')
        .some((link) => link.getAttribute('href') === '/admin/change-password'),
    ).toBe(true);
  });

  it('leads only to pages the app has (none of its links is a not-found page)', async () => {
    const menu = await openMenu();
    for (const [title] of SPEC_GROUPS) await userEvent.click(groupButton(menu, title));
    const hrefs = within(menu)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href') ?? '');
    expect(hrefs.length).toBeGreaterThan(30);
    expect(hrefs.filter((href) => !isPagePath(href))).toEqual([]);
  });
});
