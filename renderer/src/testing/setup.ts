import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { clearTimersAtEnd } from './file-timers';

// The files of a worker share its libraries (isolate: false, vitest.config.ts), but each file starts
// with our own modules evaluated afresh, as a page load starts them: the session, the query cache,
// the CSRF token and every other module's state one file left are not the next file's; and the
// timers it left end with it.
vi.resetModules();
clearTimersAtEnd(afterAll);

/**
 * Setup of the renderer's tests: in a test file with a page (`// @vitest-environment happy-dom`), fetch
 * goes to the stand-in server of testing/server.ts. A call no handler answers fails at the fetch (a
 * network error) and fails the test, so a page calling an unexpected endpoint cannot pass unseen.
 * Before that check, it waits for the calls of the pages the test rendered (see settle.ts).
 * Files without a page (shared, electron, scripts; node environment) keep the real network.
 */
if (typeof window !== 'undefined') {
  // Storage can outlive a file's window: each file starts as a first visit does.
  localStorage.clear();
  sessionStorage.clear();
  // A page's first render may load its code as a chunk; on a busy two-core machine that can pass
  // Testing Library's 1 s default for findBy…/waitFor, which then fails a test that is right.
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 5_000 });
  // Each test starts with nobody signed in, as a page does before its first session read.
  const { useSessionStore } = await import('../stores/session-store');
  beforeEach(() => useSessionStore.setState(useSessionStore.getInitialState(), true));
  const { server } = await import('./server');
  const { settleQueryClients } = await import('./settle');
  let unhandled: string[] = [];
  server.events.on('request:unhandled', ({ request }) => {
    const url = new URL(request.url);
    unhandled.push(`${request.method} ${url.origin === location.origin ? '' : url.origin}${url.pathname}${url.search}`);
  });

  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
  afterEach(async () => {
    const unsettled: unknown = await settleQueryClients().then(
      () => undefined,
      (error: unknown) => error,
    );
    server.resetHandlers();
    const calls = unhandled;
    unhandled = [];
    if (calls.length > 0) throw new Error(`Calls no request handler answers (add one with server.use): ${calls.join(', ')}`);
    if (unsettled) throw unsettled;
  });
  afterAll(() => server.close());
}
