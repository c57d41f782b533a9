import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdminEventSummary, SystemAlert } from '../../../shared/contracts/alerts';
import { ALERT_EVENTS_PATH, createAlertNotifiers, eventNotification, newMatchedEvents, newSystemAlerts, SYSTEM_ALERTS_PATH, systemAlertNotification } from './alert-notifier';
import type { NotificationLike } from './polling-notifier';

const event = (id: string, receivedAt: string, matchedMembers = 1): AdminEventSummary => ({
  id,
  source: 'bom',
  externalId: `urn:${id}`,
  kind: 'hail',
  title: `Severe thunderstorm warning ${id}`,
  severity: 'Severe',
  hailSizeMm: 40,
  effectiveAt: '2026-11-14T07:20:00.000Z',
  expiresAt: null,
  cancelledAt: null,
  replaced: false,
  leftFeed: false,
  endedReason: null,
  updatesEarlier: false,
  heldAt: null,
  confirmedAt: null,
  areaKm2: 1200,
  areaCodes: [],
  areaDescription: null,
  placedAt: null,
  receivedAt,
  receivedVia: 'feed:bom',
  matchedMembers,
  newlyMatchedMembers: matchedMembers,
  matchedPaddocks: matchedMembers * 2,
  emailsSent: 0,
});
const systemAlert = (id: string, link = '/admin/background-jobs'): SystemAlert => ({
  id,
  kind: 'job_failures',
  severity: 'critical',
  title: `3 background jobs of “${id}” failed in the last 24 hours.`,
  detail: 'No error was recorded.',
  since: '2026-11-14T06:00:00.000Z',
  link,
});
const eventsAnswer = (...events: AdminEventSummary[]) => ({ events, total: events.length, page: 1, pageSize: 50, feeds: [] });
const systemAnswer = (...alerts: SystemAlert[]) => ({ alerts, checkedAt: '2026-11-14T08:00:00.000Z' });

describe('which alerts are new', () => {
  it('announces no event on the first poll, then each new arrival over members’ paddocks, and none over nobody’s', () => {
    const first = newMatchedEvents(undefined, [event('a', '2026-11-14T07:00:00.000Z')]);
    expect(first.fresh).toEqual([]);
    const second = newMatchedEvents(first.mark, [event('c', '2026-11-14T07:10:00.000Z', 0), event('b', '2026-11-14T07:05:00.000Z'), event('a', '2026-11-14T07:00:00.000Z')]);
    expect(second.fresh.map((row) => row.id)).toEqual(['b']);
    // The unmatched one still moves the mark: it is not announced later either.
    expect(newMatchedEvents(second.mark, [event('c', '2026-11-14T07:10:00.000Z', 0), event('b', '2026-11-14T07:05:00.000Z')]).fresh).toEqual([]);
  });

  it('announces a warning that needs placing, though it reaches nobody yet, and says so', () => {
    const first = newMatchedEvents(undefined, [event('a', '2026-11-14T07:00:00.000Z')]);
    const unplaced = { ...event('d', '2026-11-14T07:20:00.000Z', 0), areaKm2: null, areaCodes: ['WA_PW099'], areaDescription: 'Far Inland' };
    expect(newMatchedEvents(first.mark, [unplaced]).fresh.map((row) => row.id)).toEqual(['d']);
    expect(eventNotification(unplaced)).toEqual({
      title: 'Place this hail warning: nobody is told until it is placed',
      body: 'Severe thunderstorm warning d · Far Inland',
      opens: '/admin/alerts?event=d',
    });
  });

  it('announces the agency’s update of a warning only when it tells members (newly under it, or raised for them), and says it is an update', () => {
    const first = newMatchedEvents(undefined, [event('a', '2026-11-14T07:00:00.000Z', 300)]);
    const sameMembers = { ...event('b', '2026-11-14T07:30:00.000Z', 300), updatesEarlier: true, newlyMatchedMembers: 0 };
    const grown = { ...event('c', '2026-11-14T08:00:00.000Z', 305), updatesEarlier: true, newlyMatchedMembers: 5 };
    expect(newMatchedEvents(first.mark, [grown, sameMembers]).fresh.map((row) => row.id)).toEqual(['c']);
    expect(eventNotification(grown)).toEqual({
      title: 'Hail alert updated: 5 members told',
      body: 'Severe thunderstorm warning c · 610 paddocks of 305 members in all',
      opens: '/admin/alerts?event=c',
    });
  });

  it('announces a system alert once while it stands, and again if it clears and comes back', () => {
    const first = newSystemAlerts(undefined, [systemAlert('x')]);
    expect(first.fresh).toEqual([]);
    const second = newSystemAlerts(first.mark, [systemAlert('x'), systemAlert('y')]);
    expect(second.fresh.map((alert) => alert.id)).toEqual(['y']);
    const cleared = newSystemAlerts(second.mark, [systemAlert('y')]);
    expect(cleared.fresh).toEqual([]);
    expect(newSystemAlerts(cleared.mark, [systemAlert('x'), systemAlert('y')]).fresh.map((alert) => alert.id)).toEqual(['x']);
  });

  it('words the notifications and opens only admin pages', () => {
    expect(eventNotification(event('e1', '2026-11-14T07:00:00.000Z', 3))).toEqual({
      title: 'Hail alert over 3 members’ paddocks',
      body: 'Severe thunderstorm warning e1 · 6 paddocks',
      opens: '/admin/alerts?event=e1',
    });
    expect(eventNotification(event('e2', '2026-11-14T07:00:00.000Z', 1)).title).toBe('Hail alert over a member’s paddocks');
    const held = { ...event('e3', '2026-11-14T07:00:00.000Z', 40), heldAt: '2026-11-14T07:00:00.000Z' };
    expect(eventNotification(held).title).toBe('Confirm before anyone is told: Hail alert over 40 members’ paddocks');
    expect(eventNotification({ ...held, confirmedAt: '2026-11-14T07:10:00.000Z' }).title).toBe('Hail alert over 40 members’ paddocks');
    expect(systemAlertNotification(systemAlert('x', '/admin/security-logs?type=sign_in_failure&email=grower%40example.com')).opens).toBe('/admin/security-logs?type=sign_in_failure&email=grower%40example.com');
    for (const link of ['https://evil.example/admin', '//evil.example/admin', '/dashboard', '/admin/../auth', '/admin/x/../../auth', 'javascript:alert(1)'])
      expect(systemAlertNotification(systemAlert('x', link)).opens).toBe('/admin/alerts');
  });
});

/** A stand-in for the two endpoints: answers what the test puts in `answers`. */
let server: Server;
let serverUrl: string;
let answers: Record<string, { status: number; body: unknown }>;
let requests: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    requests.push(req.url ?? '');
    const answer = answers[req.url ?? ''] ?? { status: 404, body: {} };
    res.writeHead(answer.status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

class FakeNotification implements NotificationLike {
  static shown: FakeNotification[] = [];
  private listeners: Array<() => void> = [];
  constructor(readonly options: { title: string; body: string }) {}
  on(_event: 'click', listener: () => void) {
    this.listeners.push(listener);
    return this;
  }
  show() {
    FakeNotification.shown.push(this);
  }
  click() {
    this.listeners.forEach((listener) => listener());
  }
}

let notifiers: ReturnType<typeof createAlertNotifiers> = [];
afterEach(() => {
  notifiers.forEach((notifier) => notifier.stop());
  FakeNotification.shown = [];
  requests = [];
});

describe('the alert notifiers', () => {
  it('poll both endpoints and show a notification per new matched event and new system alert; a click opens its page', async () => {
    answers = { [ALERT_EVENTS_PATH]: { status: 200, body: eventsAnswer(event('old', '2026-11-14T07:00:00.000Z')) }, [SYSTEM_ALERTS_PATH]: { status: 200, body: systemAnswer() } };
    const onClick = vi.fn();
    notifiers = createAlertNotifiers({ Notification: FakeNotification, fetch, getServerUrl: () => serverUrl, onClick, intervalMs: 25 });
    await Promise.all(notifiers.map((notifier) => notifier.start()));
    expect(requests.sort()).toEqual([ALERT_EVENTS_PATH, SYSTEM_ALERTS_PATH].sort());
    expect(FakeNotification.shown).toEqual([]);

    answers = {
      [ALERT_EVENTS_PATH]: { status: 200, body: eventsAnswer(event('new', '2026-11-14T07:30:00.000Z', 2), event('old', '2026-11-14T07:00:00.000Z')) },
      [SYSTEM_ALERTS_PATH]: { status: 200, body: systemAnswer(systemAlert('alerts.email')) },
    };
    await vi.waitFor(() => expect(FakeNotification.shown).toHaveLength(2));
    const byTitle = Object.fromEntries(FakeNotification.shown.map((shown) => [shown.options.title, shown]));
    expect(Object.keys(byTitle).sort()).toEqual(['Critical system alert', 'Hail alert over 2 members’ paddocks']);
    byTitle['Hail alert over 2 members’ paddocks']!.click();
    byTitle['Critical system alert']!.click();
    expect(onClick.mock.calls).toEqual([['/admin/alerts?event=new'], ['/admin/background-jobs']]);

    // Polled again with nothing new: nothing more is shown.
    const polls = requests.length;
    await vi.waitFor(() => expect(requests.length).toBeGreaterThan(polls + 2));
    expect(FakeNotification.shown).toHaveLength(2);
  });

  it('stop when the server says no administrator is signed in', async () => {
    answers = { [ALERT_EVENTS_PATH]: { status: 403, body: {} }, [SYSTEM_ALERTS_PATH]: { status: 401, body: {} } };
    notifiers = createAlertNotifiers({ Notification: FakeNotification, fetch, getServerUrl: () => serverUrl, onClick: vi.fn(), intervalMs: 25 });
    await Promise.all(notifiers.map((notifier) => notifier.start()));
    expect(notifiers.map((notifier) => notifier.state)).toEqual(['stopped', 'stopped']);
  });
});
