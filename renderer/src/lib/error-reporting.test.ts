// @vitest-environment happy-dom
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '../testing/server';
import { resetCsrfToken } from './api-client';
import { errorReporter, installErrorReporting, PENDING_REPORTS_KEY, reportError } from './error-reporter';

/** The reports that reached POST /api/errors/track, as the server would read them. */
let received: { message: string }[][] = [];
let online = true;
let stop: () => void = () => undefined;

beforeEach(() => {
  vi.useFakeTimers();
  received = [];
  online = true;
  localStorage.clear();
  resetCsrfToken();
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  server.use(
    http.post('/api/errors/track', async ({ request }) => {
      if (!online) return HttpResponse.error();
      received.push(((await request.json()) as { errors: { message: string }[] }).errors);
      return HttpResponse.json({ accepted: 1 }, { status: 202 });
    }),
  );
  stop = installErrorReporting();
});
afterEach(async () => {
  stop();
  await errorReporter().flush();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

const messages = () => received.flat().map((report) => report.message);

describe('error reporting on the page (docs/behaviour.md §4 error report buffer, §9)', () => {
  it('sends what it holds every 30 seconds, not before', async () => {
    reportError({ type: 'javascript', error: new Error('the map would not draw'), severity: 'medium' });
    await vi.advanceTimersByTimeAsync(29_000);
    expect(messages()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(messages()).toEqual(['the map would not draw']);
  });

  it('keeps reports made offline and sends them as soon as the browser is back online', async () => {
    online = false;
    reportError({ type: 'javascript', error: new Error('lost while offline'), severity: 'medium' });
    // The 30-second flush finds no network: the report waits in local storage (after its three retries).
    await vi.advanceTimersByTimeAsync(30_000 + 1_000 + 2_000 + 4_000);
    expect(messages()).toEqual([]);
    expect(localStorage.getItem(PENDING_REPORTS_KEY)).toContain('lost while offline');

    online = true;
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(messages()).toEqual(['lost while offline']);
    expect(localStorage.getItem(PENDING_REPORTS_KEY)).toBeNull();
  });
});
