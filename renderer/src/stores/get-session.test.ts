// @vitest-environment happy-dom
import { QueryObserver } from '@tanstack/react-query';
import { OUTAGE_MESSAGES } from '@shared/contracts/api-error';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../lib/react-query';
import { server } from '../testing/server';
import { refetchSession, sessionQueryOptions } from './get-session';
import { useSessionStore } from './session-store';

const user = {
  id: 'u1',
  email: 'jo@example.com',
  name: 'Jo Grower',
  firstName: 'Jo',
  lastName: 'Grower',
  isAdmin: false,
  isBroker: false,
  isReferrer: false,
  permissions: [],
  createdAt: '2026-11-01T00:00:00.000Z',
};

/** What GET /api/auth/session answers next (a status other than 200 with it, if set), and how often it was asked. */
let answer: JsonBodyType;
let status: number;
let calls: number;

beforeEach(() => {
  calls = 0;
  status = 200;
  server.use(
    http.get('/api/auth/session', () => {
      calls += 1;
      return HttpResponse.json(answer, { status });
    }),
  );
});

/** A page whose member is signed in, watching the session as the app does (read again when the window regains focus). */
async function signedInPageWatchingFocus() {
  const client = createQueryClient();
  // As QueryClientProvider does: the client now listens for focus.
  client.mount();
  answer = { user, expires: '2026-12-01T00:00:00.000Z' };
  const observer = new QueryObserver(client, sessionQueryOptions());
  const stop = observer.subscribe(() => undefined);
  await vi.waitFor(() => expect(useSessionStore.getState().status).toBe('authenticated'));
  return {
    observer,
    close: () => {
      stop();
      client.unmount();
    },
  };
}

describe('the session query (docs/behaviour.md §7)', () => {
  it('feeds the session store and answers whether someone is signed in', async () => {
    const client = createQueryClient();
    answer = {};
    expect(await client.fetchQuery(sessionQueryOptions())).toEqual({ signedIn: false });
    expect(useSessionStore.getState().status).toBe('unauthenticated');
    answer = { user, expires: '2026-12-01T00:00:00.000Z' };
    expect(await client.fetchQuery(sessionQueryOptions())).toEqual({ signedIn: true });
    expect(useSessionStore.getState()).toMatchObject({ status: 'authenticated', user: { id: 'u1', email: 'jo@example.com' } });
  });

  it('is read again when the window regains focus: a sign-out in another tab shows here', async () => {
    const page = await signedInPageWatchingFocus();
    try {
      expect(calls).toBe(1);
      answer = {};
      window.dispatchEvent(new Event('focus'));
      await vi.waitFor(() => expect(useSessionStore.getState().status).toBe('unauthenticated'));
      expect(calls).toBe(2);
    } finally {
      page.close();
    }
  });

  it('keeps a signed-in page signed in when the server cannot check the session (Redis away), and says why', async () => {
    const page = await signedInPageWatchingFocus();
    try {
      status = 503;
      answer = { error: 'sessions_unavailable', message: OUTAGE_MESSAGES.redis };
      window.dispatchEvent(new Event('focus'));
      await vi.waitFor(() => expect(calls).toBe(2));
      await vi.waitFor(() => expect(page.observer.getCurrentResult().data).toEqual({ signedIn: true, unavailable: OUTAGE_MESSAGES.redis }));
      expect(useSessionStore.getState()).toMatchObject({ status: 'authenticated', user: { id: 'u1' } });
    } finally {
      page.close();
    }
  });

  it('leaves a signed-in page signed in after any other failed read (a 500 in a deploy), with no sentence to show', async () => {
    const page = await signedInPageWatchingFocus();
    try {
      status = 500;
      answer = { error: 'internal_error', message: 'Something went wrong on our side. Please try again in a moment.' };
      window.dispatchEvent(new Event('focus'));
      // The read before answered the same: wait for the failed read itself to be done.
      await vi.waitFor(() => expect(calls).toBe(2));
      await vi.waitFor(() => expect(page.observer.getCurrentResult().isFetching).toBe(false));
      expect(page.observer.getCurrentResult().data).toEqual({ signedIn: true });
      expect(useSessionStore.getState()).toMatchObject({ status: 'authenticated', user: { id: 'u1' } });
    } finally {
      page.close();
    }
  });

  it('sets aside a read answered after a sign-out on this page: the page stays signed out', async () => {
    const page = await signedInPageWatchingFocus();
    try {
      let answerNow!: () => void;
      const held = new Promise<void>((resolve) => (answerNow = resolve));
      // The read finds the member still signed in, but its answer arrives after they signed out here.
      server.use(
        http.get('/api/auth/session', async () => {
          calls += 1;
          await held;
          return HttpResponse.json({ user, expires: '2026-12-01T00:00:00.000Z' });
        }),
      );
      window.dispatchEvent(new Event('focus'));
      await vi.waitFor(() => expect(calls).toBe(2));
      useSessionStore.getState().clearSession();
      answerNow();
      await vi.waitFor(() => expect(page.observer.getCurrentResult().data).toEqual({ signedIn: false }));
      expect(useSessionStore.getState()).toMatchObject({ status: 'unauthenticated', user: null });
    } finally {
      page.close();
    }
  });

  it('reads the session anew after a sign-in that set only the cookie, setting aside the first read still on its way', async () => {
    let answerFirst!: () => void;
    const firstHeld = new Promise<void>((resolve) => (answerFirst = resolve));
    server.use(
      http.get('/api/auth/session', async () => {
        calls += 1;
        // The page's first read, sent before the sign-in: nobody, answered late.
        if (calls === 1) {
          await firstHeld;
          return HttpResponse.json({});
        }
        return HttpResponse.json({ user, expires: '2026-12-01T00:00:00.000Z' });
      }),
    );
    const client = createQueryClient();
    const observer = new QueryObserver(client, sessionQueryOptions());
    const stop = observer.subscribe(() => undefined);
    try {
      await vi.waitFor(() => expect(calls).toBe(1));
      // As the referrer sign-in does around its call to the sign-in service.
      useSessionStore.getState().loginStarted();
      expect(await refetchSession(client)).toEqual({ signedIn: true });
      answerFirst();
      await vi.waitFor(() => expect(observer.getCurrentResult().data).toEqual({ signedIn: true }));
      expect(useSessionStore.getState()).toMatchObject({ status: 'authenticated', user: { id: 'u1' } });
    } finally {
      stop();
    }
  });

  it('counts a first read the server could not answer as signed out, with the sentence; a gateway’s own 502 page gets one of ours', async () => {
    const client = createQueryClient();
    status = 503;
    answer = { error: 'database_unavailable', message: OUTAGE_MESSAGES.database };
    expect(await client.fetchQuery(sessionQueryOptions())).toEqual({ signedIn: false, unavailable: answer.message });
    expect(useSessionStore.getState().status).toBe('unauthenticated');
    status = 502;
    answer = 'Bad Gateway';
    expect(await client.fetchQuery({ ...sessionQueryOptions(), staleTime: 0 })).toEqual({ signedIn: false, unavailable: OUTAGE_MESSAGES.redis });
  });
});
