import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANALYTICS_QUEUE_KEY, createAnalyticsQueue } from './analytics';
import { createErrorReporter, PENDING_REPORTS_KEY, type ReportRecord } from './error-reporter';

class MemoryStorage {
  readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-10-01T00:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

function setup({ online = true, failures = 0 } = {}) {
  const storage = new MemoryStorage();
  const sent: ReportRecord[][] = [];
  let failuresLeft = failures;
  let counter = 0;
  const send = vi.fn(async (reports: ReportRecord[]) => {
    if (failuresLeft > 0) {
      failuresLeft -= 1;
      throw new Error('offline');
    }
    sent.push(reports);
  });
  const reporter = createErrorReporter({
    send,
    storage,
    isOnline: () => online,
    context: () => ({ url: 'https://site/our-product', userAgent: 'test', sessionId: 'tab' }),
    newId: () => `id-${(counter += 1)}`,
    now: () => new Date(),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  });
  return { reporter, storage, sent, send };
}

const boom = (index: number) => new Error(`fault number ${index} in ${'x'.repeat(index)}`);

describe('error reporter buffer (docs/behaviour.md §4, §9)', () => {
  it('holds ordinary reports until flushed, and gives each an id and a fingerprint', async () => {
    const { reporter, send, sent } = setup();
    const id = reporter.report({ type: 'javascript', error: new TypeError('x is undefined'), severity: 'high' });
    expect(id).toBe('id-1');
    expect(send).not.toHaveBeenCalled();
    await reporter.flush();
    expect(sent[0]?.[0]).toMatchObject({ id: 'id-1', type: 'javascript', message: 'x is undefined', severity: 'high', url: 'https://site/our-product', sessionId: 'tab' });
    expect(sent[0]?.[0]?.fingerprint).toMatch(/^javascript-[0-9a-f]{16}$/);
  });

  it('sends at once on a critical report', async () => {
    const { reporter, send } = setup();
    reporter.report({ type: 'react', error: new Error('render failed'), severity: 'critical' });
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(1));
  });

  it('sends when the buffer reaches 50', async () => {
    const { reporter, send, sent } = setup();
    for (let index = 0; index < 49; index += 1) reporter.report({ type: 'custom', error: boom(index), severity: 'low' });
    expect(send).not.toHaveBeenCalled();
    reporter.report({ type: 'custom', error: boom(49), severity: 'low' });
    await vi.waitFor(() => expect(sent[0]).toHaveLength(50));
  });

  it('retries 3 times, 1 s, 2 s and 4 s apart, then keeps the reports in local storage', async () => {
    const { reporter, send, storage } = setup({ failures: 4 });
    reporter.report({ type: 'custom', error: 'lost', severity: 'medium' });
    const flushed = reporter.flush();
    await vi.advanceTimersByTimeAsync(0);
    expect(send).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(send).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(send).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(send).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(4_000);
    expect(send).toHaveBeenCalledTimes(4);
    await flushed;
    expect(JSON.parse(storage.getItem(PENDING_REPORTS_KEY) ?? '[]')).toHaveLength(1);
  });

  it('succeeds on a retry without keeping anything', async () => {
    const { reporter, send, storage } = setup({ failures: 2 });
    reporter.report({ type: 'custom', error: 'late', severity: 'medium' });
    const flushed = reporter.flush();
    await vi.advanceTimersByTimeAsync(3_000);
    await flushed;
    expect(send).toHaveBeenCalledTimes(3);
    expect(storage.getItem(PENDING_REPORTS_KEY)).toBeNull();
  });

  it('keeps only the newest 100 in local storage and resends them when asked', async () => {
    const { reporter, storage, sent } = setup();
    const old = Array.from({ length: 120 }, (_, index) => ({ id: `old-${index}` }));
    storage.setItem(PENDING_REPORTS_KEY, JSON.stringify(old.slice(0, 60)));
    const offline = setup({ online: false });
    offline.storage.setItem(PENDING_REPORTS_KEY, JSON.stringify(old.slice(0, 95)));
    for (let index = 0; index < 10; index += 1) offline.reporter.report({ type: 'custom', error: boom(index), severity: 'low' });
    await offline.reporter.flush();
    const kept = JSON.parse(offline.storage.getItem(PENDING_REPORTS_KEY) ?? '[]') as Array<{ id: string }>;
    expect(kept).toHaveLength(100);
    expect(kept[0]?.id).toBe('old-5');

    await reporter.flush({ includeStored: true });
    // Sent in requests of at most 50.
    expect(sent.map((batch) => batch.length)).toEqual([50, 10]);
    expect(sent.flat().map((report) => report.id)).toEqual(old.slice(0, 60).map((report) => report.id));
    expect(storage.getItem(PENDING_REPORTS_KEY)).toBeNull();
  });

  it('reports API failures as docs/behaviour.md §8 lists, and never its own', async () => {
    const { reporter, sent } = setup();
    reporter.reportApiFailure({ method: 'POST', path: '/api/form-submissions', status: 400, code: 'Please enter a message.', message: 'Please enter a message.' });
    reporter.reportApiFailure({ method: 'POST', path: '/api/auth/signin', status: 401, code: 'unauthorized', message: 'Wrong password.' });
    reporter.reportApiFailure({ method: 'POST', path: '/api/errors/track', status: 500, code: 'internal_error', message: 'x' });
    reporter.reportApiFailure({ method: 'GET', path: '/api/estimates/12?isSupport=true', status: 503, code: 'database_unavailable', message: 'The database cannot be reached.' });
    reporter.reportApiFailure({ method: 'POST', path: '/api/form-submissions', status: 0, code: 'network_error', message: 'Network error.' });
    await reporter.flush();
    expect(sent.flat().map((report) => [report.type, report.metadata])).toEqual([
      ['api', { method: 'GET', path: '/api/estimates/12', status: 503, code: 'database_unavailable' }],
      ['api', { method: 'POST', path: '/api/form-submissions', status: 0, code: 'network_error' }],
    ]);
  });

  it('stops buffering one fault repeated in a loop after 10', async () => {
    const { reporter, sent } = setup();
    for (let index = 0; index < 30; index += 1) reporter.report({ type: 'javascript', error: new Error('same'), severity: 'low' });
    await reporter.flush();
    expect(sent.flat()).toHaveLength(10);
  });
});

describe('analytics queue (docs/behaviour.md §9)', () => {
  function analyticsSetup(fail = false) {
    const storage = new MemoryStorage();
    const send = vi.fn(async (_events: unknown[]) => {
      if (fail) throw new Error('offline');
    });
    const queue = createAnalyticsQueue({
      send,
      storage,
      context: () => ({ sessionId: 'tab' }),
      now: () => new Date(),
      setTimer: (callback, ms) => setTimeout(callback, ms),
      clearTimer: (timer) => clearTimeout(timer),
    });
    return { queue, storage, send };
  }

  it('sends 5 s after the last event and persists 1 s after the last change', async () => {
    const { queue, storage, send } = analyticsSetup();
    queue.track('page_view', { path: '/' });
    await vi.advanceTimersByTimeAsync(999);
    expect(storage.getItem(ANALYTICS_QUEUE_KEY)).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(JSON.parse(storage.getItem(ANALYTICS_QUEUE_KEY) ?? '[]')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(3_000);
    queue.track('page_view', { path: '/faq' });
    await vi.advanceTimersByTimeAsync(4_999);
    expect(send).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(send).toHaveBeenCalledTimes(1);
    expect(send.mock.calls[0]?.[0]).toEqual([
      { event: 'page_view', timestamp: '2026-10-01T00:00:00.000Z', properties: { path: '/' }, userId: null, sessionId: 'tab' },
      { event: 'page_view', timestamp: '2026-10-01T00:00:04.000Z', properties: { path: '/faq' }, userId: null, sessionId: 'tab' },
    ]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(storage.getItem(ANALYTICS_QUEUE_KEY)).toBeNull();
  });

  it('keeps events that could not be sent, and a later visit sends them', async () => {
    const failing = analyticsSetup(true);
    failing.queue.track('quote_cta', {});
    await vi.advanceTimersByTimeAsync(5_000);
    expect(failing.queue.queued).toHaveLength(1);
    const saved = failing.storage.getItem(ANALYTICS_QUEUE_KEY);
    expect(saved).not.toBeNull();

    const next = analyticsSetup();
    next.storage.setItem(ANALYTICS_QUEUE_KEY, saved ?? '');
    next.queue.restore();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(next.send).toHaveBeenCalledTimes(1);
  });
});
