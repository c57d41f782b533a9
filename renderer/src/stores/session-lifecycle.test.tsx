// @vitest-environment happy-dom
import { act, cleanup, screen } from '@testing-library/react';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetCsrfToken } from '../lib/api-client';
import { renderWithProviders } from '../testing/render';
import { pathOf, requestsMade, server } from '../testing/server';
import { SESSION_CACHE_KEY, sessionCacheStored } from './session-cache';
import { logout, useSessionStore } from './session-store';
import { useSession } from './use-session';
import { signedInPerson } from '../testing/accounts';

const signedIn = {
  user: signedInPerson({ id: 'u1', firstName: 'Jo', lastName: 'Grower' }),
  expires: '2026-12-01T00:00:00.000Z',
};
let calls: string[] = [];
let session: JsonBodyType = signedIn;

beforeEach(() => {
  resetCsrfToken();
  calls = requestsMade((request) => `${request.method} ${pathOf(request)}`);
  session = signedIn;
  server.use(
    http.get('/api/auth/session', () => HttpResponse.json(session)),
    http.post('/api/auth/force-signout', () => HttpResponse.json({ ok: true })),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function WhoIsSignedIn() {
  const { status, user } = useSession();
  return <output aria-label="Session">{status === 'authenticated' ? user?.name : status}</output>;
}

describe('the session in the browser (docs/behaviour.md §4, §7)', () => {
  it('is read again when the window regains focus, so a sign-out in another tab shows here', async () => {
    renderWithProviders(<WhoIsSignedIn />);
    expect((await screen.findByText('Jo Grower')).tagName).toBe('OUTPUT');
    expect(calls.filter((call) => call === 'GET /api/auth/session')).toHaveLength(1);

    session = {};
    await act(async () => {
      window.dispatchEvent(new Event('focus'));
    });
    expect(await screen.findByText('unauthenticated')).toBeTruthy();
    expect(calls.filter((call) => call === 'GET /api/auth/session')).toHaveLength(2);
  });

  it('logout ends the server session and clears local and session storage, readable cookies and caches, then goes home', async () => {
    localStorage.setItem('gm:quote-draft', '{"farm":"Kellerberrin"}');
    sessionStorage.setItem('gm:tab-session', 'tab-1');
    document.cookie = 'gm_visitor=abc; path=/';
    const cacheNames = ['images-v1', 'pages-v1'];
    const deleted: string[] = [];
    vi.stubGlobal('caches', { keys: async () => cacheNames, delete: async (name: string) => deleted.push(name) > 0 });
    useSessionStore.getState().sessionLoaded(signedIn.user, null);
    const navigate = vi.fn();

    await logout(navigate);

    expect(calls).toContain('POST /api/auth/force-signout');
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
    expect(document.cookie).not.toContain('gm_visitor=abc');
    expect(deleted).toEqual(cacheNames);
    expect(useSessionStore.getState().user).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/');
  });
});

describe('the session cache in local storage (docs/behaviour.md §3: the lighter form of support mode)', () => {
  it('holds (enabled, customerId) while support mode runs and nothing once it ends', () => {
    localStorage.clear();
    expect(sessionCacheStored()).toBe(false);
    useSessionStore.getState().supportModeEntered({ customerId: 'c1', customerName: 'Casey', permissionLevel: 'read', adminUserId: 'u1' });
    expect(JSON.parse(localStorage.getItem(SESSION_CACHE_KEY)!)).toEqual({ supportMode: { enabled: true, customerId: 'c1' } });
    expect(sessionCacheStored()).toBe(true);
    useSessionStore.getState().supportModeExited();
    expect(sessionCacheStored()).toBe(false);
    expect(localStorage.getItem(SESSION_CACHE_KEY)).toBeNull();
  });
});
