import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { NotificationCountResponse, RecentSubmission } from '../../../shared/contracts/public-site';
import type { NotificationLike } from './polling-notifier';
import { createSubmissionNotifier, newSubmissions, NOTIFICATIONS_PATH } from './submission-notifier';
import { NOTHING_WAITING } from '../../../shared/domain/notifications/staff-attention';

const submission = (id: string, createdAt: string, type = 'contact'): RecentSubmission => ({ id, type, name: `Grower ${id}`, email: `${id}@example.com`, createdAt });
const answer = (...rows: RecentSubmission[]): NotificationCountResponse => ({
  unreadCount: rows.length,
  recentSubmissions: rows.slice(0, 3),
  attention: NOTHING_WAITING,
});

describe('which submissions are new', () => {
  it('announces nothing on the first poll, then only what arrived since', () => {
    const first = newSubmissions(undefined, answer(submission('b', '2026-03-10T02:00:00.000Z'), submission('a', '2026-03-10T01:00:00.000Z')));
    expect(first.fresh).toEqual([]);
    const second = newSubmissions(first.mark, answer(submission('c', '2026-03-10T03:00:00.000Z'), submission('b', '2026-03-10T02:00:00.000Z')));
    expect(second.fresh.map((row) => row.id)).toEqual(['c']);
    expect(newSubmissions(second.mark, answer(submission('c', '2026-03-10T03:00:00.000Z'))).fresh).toEqual([]);
  });

  it('tells apart two submissions of the same moment by id', () => {
    const first = newSubmissions(undefined, answer(submission('a', '2026-03-10T01:00:00.000Z')));
    const second = newSubmissions(first.mark, answer(submission('b', '2026-03-10T01:00:00.000Z'), submission('a', '2026-03-10T01:00:00.000Z')));
    expect(second.fresh.map((row) => row.id)).toEqual(['b']);
    expect(newSubmissions(second.mark, answer(submission('a', '2026-03-10T01:00:00.000Z'), submission('b', '2026-03-10T01:00:00.000Z'))).fresh).toEqual([]);
  });

  it('announces the first submission after an empty start, oldest first', () => {
    const first = newSubmissions(undefined, answer());
    const second = newSubmissions(first.mark, answer(submission('y', '2026-03-10T05:00:00.000Z'), submission('x', '2026-03-10T04:00:00.000Z')));
    expect(second.fresh.map((row) => row.id)).toEqual(['x', 'y']);
  });

  it('does not announce older submissions again when the newest is marked read', () => {
    const first = newSubmissions(undefined, answer(submission('b', '2026-03-10T02:00:00.000Z'), submission('a', '2026-03-10T01:00:00.000Z')));
    const afterRead = newSubmissions(first.mark, answer(submission('a', '2026-03-10T01:00:00.000Z')));
    expect(afterRead.fresh).toEqual([]);
    expect(afterRead.mark).toEqual(first.mark);
  });
});

/** A stand-in for GET /api/admin/notifications/count: answers what the test puts in `next`. */
let server: Server;
let serverUrl: string;
let next: { status: number; body: unknown } = { status: 200, body: answer() };
let requests: Array<{ url?: string; cookie?: string }> = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    requests.push({ url: req.url, cookie: req.headers.cookie });
    res.writeHead(next.status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(next.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A fake of Electron's Notification: records what was shown and lets the test click it. */
class FakeNotification implements NotificationLike {
  static shown: FakeNotification[] = [];
  private clickListeners: Array<() => void> = [];
  constructor(readonly options: { title: string; body: string }) {}
  on(_event: 'click', listener: () => void) {
    this.clickListeners.push(listener);
    return this;
  }
  show() {
    FakeNotification.shown.push(this);
  }
  click() {
    this.clickListeners.forEach((listener) => listener());
  }
}

const notifiers: Array<ReturnType<typeof createSubmissionNotifier>> = [];
function startNotifier(onClick = vi.fn()) {
  // The console passes its session's fetch; the cookie shows the poll carries the console's sign-in.
  const sessionFetch = (url: string, init: { method: 'GET'; headers: Record<string, string> }) => fetch(url, { ...init, headers: { ...init.headers, Cookie: 'console-session=1' } });
  const notifier = createSubmissionNotifier({ Notification: FakeNotification, fetch: sessionFetch, getServerUrl: () => serverUrl, onClick, intervalMs: 25 });
  notifiers.push(notifier);
  return { notifier, onClick };
}

afterEach(() => {
  notifiers.splice(0).forEach((notifier) => notifier.stop());
  FakeNotification.shown = [];
  requests = [];
  next = { status: 200, body: answer() };
});

describe('the submission notifier', () => {
  it('polls the count through the console session and shows one notification per new submission', async () => {
    next = { status: 200, body: answer(submission('old', '2026-03-10T01:00:00.000Z')) };
    const { notifier, onClick } = startNotifier();
    await notifier.start();
    expect(notifier.state).toBe('running');
    expect(requests[0]).toEqual({ url: NOTIFICATIONS_PATH, cookie: 'console-session=1' });
    expect(FakeNotification.shown).toEqual([]);

    next = {
      status: 200,
      body: answer(submission('reg', '2026-03-10T03:00:00.000Z', 'register'), submission('msg', '2026-03-10T02:00:00.000Z'), submission('old', '2026-03-10T01:00:00.000Z')),
    };
    await vi.waitFor(() => expect(FakeNotification.shown).toHaveLength(2));
    expect(FakeNotification.shown.map((shown) => shown.options)).toEqual([
      { title: 'New contact message', body: 'Grower msg · msg@example.com' },
      { title: 'New interest registration', body: 'Grower reg · reg@example.com' },
    ]);
    const polls = requests.length;
    await vi.waitFor(() => expect(requests.length).toBeGreaterThan(polls + 1));
    expect(FakeNotification.shown).toHaveLength(2);

    FakeNotification.shown[0]?.click();
    expect(onClick).toHaveBeenCalledOnce();
  });

  it.each([401, 403])('stops polling when the server answers %i (no administrator signed in)', async (status) => {
    next = { status, body: { error: 'unauthorized', message: 'Sign in.' } };
    const { notifier } = startNotifier();
    await notifier.start();
    expect(notifier.state).toBe('stopped');
    const polls = requests.length;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(requests.length).toBe(polls);
  });

  it('keeps polling through a server error and an answer of another shape', async () => {
    next = { status: 500, body: { error: 'internal', message: 'Oops' } };
    const { notifier } = startNotifier();
    await notifier.start();
    next = { status: 200, body: { unexpected: true } };
    const polls = requests.length;
    await vi.waitFor(() => expect(requests.length).toBeGreaterThan(polls));
    expect(notifier.state).toBe('running');
    expect(FakeNotification.shown).toEqual([]);
  });

  it('keeps polling while the server cannot be reached', async () => {
    const notifier = createSubmissionNotifier({ Notification: FakeNotification, fetch, getServerUrl: () => 'http://127.0.0.1:1', onClick: vi.fn(), intervalMs: 25 });
    notifiers.push(notifier);
    await notifier.start();
    expect(notifier.state).toBe('running');
  });

  it('does not flood staff after a restart: the first poll after start only sets the mark', async () => {
    const { notifier } = startNotifier();
    await notifier.start();
    notifier.stop();
    next = { status: 200, body: answer(submission('while-away', '2026-03-10T04:00:00.000Z')) };
    await notifier.start();
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(FakeNotification.shown).toEqual([]);
  });
});
