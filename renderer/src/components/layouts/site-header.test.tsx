// @vitest-environment happy-dom
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rememberSignedInHome, SESSION_CACHE_KEY, SIGNED_IN_HOME_KEY } from '../../stores/session-cache';
import { SiteHeader } from './site-header';

/** happy-dom has no layout: the header is told whether the screen is wide (the floating dropdown) or a phone's. */
const screenIsWide = (wide: boolean) => vi.spyOn(window, 'matchMedia').mockImplementation((query) => ({ matches: wide, media: query }) as MediaQueryList);

const menuItems = () =>
  within(screen.getByRole('navigation', { name: 'Main' }))
    .getAllByRole('listitem')
    .filter((item) => item.parentElement?.getAttribute('role') !== 'menu')
    .map((item) => item.firstElementChild?.textContent);

beforeEach(() => screenIsWide(true));
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the public header menu (docs/behaviour.md §2)', () => {
  it('lists its items in the spec’s order, the quote button between Our Product and Contact', () => {
    render(<SiteHeader />, { wrapper: MemoryRouter });
    expect(menuItems()).toEqual(['About', 'Our Mission', 'Our Product', 'Get a Quote', 'Contact', 'FAQ', 'Sign In']);
  });

  it('shows a signed-in person Dashboard in place of Sign In (the one deviation from docs/behaviour.md §2), and follows the session as it changes', async () => {
    localStorage.setItem(SIGNED_IN_HOME_KEY, '/dashboard');
    render(<SiteHeader />, { wrapper: MemoryRouter });
    expect(screen.getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/dashboard');
    expect(screen.queryByRole('link', { name: 'Sign In' })).toBeNull();
    act(() => rememberSignedInHome(null));
    expect(await screen.findByRole('link', { name: 'Sign In' })).toBeTruthy();
    act(() => rememberSignedInHome('/admin/dashboard'));
    expect((await screen.findByRole('link', { name: 'Dashboard' })).getAttribute('href')).toBe('/admin/dashboard');
    localStorage.clear();
  });

  it('in quote mode, the quote button reads "Get a Quote" and is the anchor /#quote', () => {
    render(<SiteHeader quoteMode="quote" />, { wrapper: MemoryRouter });
    expect(screen.getByRole('link', { name: 'Get a Quote' }).getAttribute('href')).toBe('/#quote');
  });

  it('opens the wizard for a member of staff, not the home page’s quote section: their own quote, or the customer’s in support mode', async () => {
    localStorage.setItem(SIGNED_IN_HOME_KEY, '/admin/dashboard');
    render(<SiteHeader quoteMode="quote" />, { wrapper: MemoryRouter });
    expect((await screen.findByRole('link', { name: 'Get a Quote' })).getAttribute('href')).toBe('/quote');
    cleanup();
    localStorage.setItem(SESSION_CACHE_KEY, JSON.stringify({ supportMode: { enabled: true, customerId: 'c1' } }));
    render(<SiteHeader quoteMode="quote" />, { wrapper: MemoryRouter });
    expect((await screen.findByRole('link', { name: 'Get a Quote' })).getAttribute('href')).toBe('/quote?support=true&customerId=c1');
    cleanup();
    // A grower keeps docs/behaviour.md §2's anchor.
    localStorage.removeItem(SESSION_CACHE_KEY);
    localStorage.setItem(SIGNED_IN_HOME_KEY, '/dashboard');
    render(<SiteHeader quoteMode="quote" />, { wrapper: MemoryRouter });
    expect(screen.getByRole('link', { name: 'Get a Quote' }).getAttribute('href')).toBe('/#quote');
    localStorage.clear();
  });

  it('in register mode, it reads "Register Interest" and links to /register', () => {
    render(<SiteHeader quoteMode="register" />, { wrapper: MemoryRouter });
    expect(screen.queryByRole('link', { name: 'Get a Quote' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Register Interest' }).getAttribute('href')).toBe('/register');
  });

  it('on a phone, About’s list stays open while a finger moves on to the next item, so the tap lands where it was aimed', async () => {
    screenIsWide(false);
    const user = userEvent.setup();
    render(<SiteHeader />, { wrapper: MemoryRouter });
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    await user.click(screen.getByRole('button', { name: 'About' }));
    expect(screen.queryByRole('menu', { name: 'About' })).not.toBeNull();
    // The press starts on Our Mission: on a phone the list must not fold up under it.
    await user.pointer({ keys: '[TouchA>]', target: screen.getByRole('link', { name: 'Our Mission' }) });
    expect(screen.queryByRole('menu', { name: 'About' })).not.toBeNull();
  });

  it('on a wide screen, About’s dropdown closes when the pointer goes down elsewhere', async () => {
    const user = userEvent.setup();
    render(<SiteHeader />, { wrapper: MemoryRouter });
    await user.click(screen.getByRole('button', { name: 'About' }));
    expect(screen.queryByRole('menu', { name: 'About' })).not.toBeNull();
    await user.pointer({ keys: '[MouseLeft>]', target: screen.getByRole('link', { name: 'FAQ' }) });
    expect(screen.queryByRole('menu', { name: 'About' })).toBeNull();
  });
});
