import { NOTIFICATION_POLL_MS } from '../../../shared/constants';
import { notificationCountResponseSchema, type NotificationCountResponse, type RecentSubmission } from '../../../shared/contracts/public-site';

export const NOTIFICATIONS_PATH = '/api/admin/notifications/count';

/** What the notifier remembers between polls: the newest submission it has already seen. */
export interface SeenMark {
  createdAt: string;
  ids: string[];
}

const NOTHING_SEEN: SeenMark = { createdAt: new Date(0).toISOString(), ids: [] };

/**
 * Which of the recent submissions are new since the last poll. The first poll after start only
 * sets the mark (staff are not flooded with what arrived while the console was closed); after
 * that, a submission is new when it is later than the mark, or as late but not yet seen by id.
 * The mark never moves back, so a submission marked read elsewhere does not bring older ones back.
 */
export function newSubmissions(previous: SeenMark | undefined, response: NotificationCountResponse): { fresh: RecentSubmission[]; mark: SeenMark } {
  const byTime = [...response.recentSubmissions].sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt) || a.id.localeCompare(b.id));
  const seen = previous ?? NOTHING_SEEN;
  const seenAt = Date.parse(seen.createdAt);
  const fresh = previous === undefined ? [] : byTime.filter((row) => Date.parse(row.createdAt) > seenAt || (Date.parse(row.createdAt) === seenAt && !seen.ids.includes(row.id)));
  const newest = byTime.at(-1);
  if (!newest || Date.parse(newest.createdAt) < seenAt) return { fresh, mark: seen };
  const newestAt = Date.parse(newest.createdAt);
  const idsAtNewest = byTime.filter((row) => Date.parse(row.createdAt) === newestAt).map((row) => row.id);
  return { fresh, mark: { createdAt: newest.createdAt, ids: newestAt === seenAt ? [...new Set([...seen.ids, ...idsAtNewest])] : idsAtNewest } };
}

export function notificationText(submission: RecentSubmission): { title: string; body: string } {
  return {
    title: submission.type === 'register' ? 'New interest registration' : 'New contact message',
    body: `${submission.name} · ${submission.email}`,
  };
}

/** The part of Electron's Notification the notifier uses. */
export interface NotificationLike {
  on(event: 'click', listener: () => void): unknown;
  show(): void;
}
export type NotificationConstructor = new (options: { title: string; body: string }) => NotificationLike;

type Fetch = (url: string, init: { method: 'GET'; headers: Record<string, string> }) => Promise<Response>;

export interface SubmissionNotifierOptions {
  /** Electron's Notification in the console; a fake in tests. */
  Notification: NotificationConstructor;
  /** The console session's fetch, so the poll carries the console's sign-in. */
  fetch: Fetch;
  getServerUrl: () => string;
  /** Focus the console and open /admin/form-submissions. */
  onClick: () => void;
  intervalMs?: number;
}

export type NotifierState = 'stopped' | 'running';

/**
 * Polls the notification count every 30 s while an administrator is signed in and shows one system
 * notification per new form submission. A 401 or 403 means no administrator is signed in any
 * more: polling stops until start() is called again. A failed poll (server unreachable, an
 * answer of another shape) is tried again at the next tick.
 */
export function createSubmissionNotifier({ Notification, fetch, getServerUrl, onClick, intervalMs = NOTIFICATION_POLL_MS }: SubmissionNotifierOptions) {
  let timer: ReturnType<typeof setInterval> | undefined;
  let mark: SeenMark | undefined;
  let inFlight: Promise<void> | undefined;

  const stop = () => {
    if (timer !== undefined) clearInterval(timer);
    timer = undefined;
    mark = undefined;
  };

  const poll = async (): Promise<void> => {
    let response: Response;
    try {
      response = await fetch(`${getServerUrl()}${NOTIFICATIONS_PATH}`, { method: 'GET', headers: { Accept: 'application/json' } });
    } catch {
      return;
    }
    if (timer === undefined) return;
    if (response.status === 401 || response.status === 403) {
      stop();
      return;
    }
    if (!response.ok) return;
    const parsed = notificationCountResponseSchema.safeParse(await response.json().catch(() => undefined));
    if (!parsed.success || timer === undefined) return;
    const result = newSubmissions(mark, parsed.data);
    mark = result.mark;
    for (const submission of result.fresh) {
      const notification = new Notification(notificationText(submission));
      notification.on('click', onClick);
      notification.show();
    }
  };

  const tick = () => {
    inFlight ??= poll().finally(() => (inFlight = undefined));
    return inFlight;
  };

  return {
    /** Starts polling (at once, then every interval); a second start while running does nothing. */
    start(): Promise<void> {
      if (timer !== undefined) return inFlight ?? Promise.resolve();
      timer = setInterval(() => void tick(), intervalMs);
      return tick();
    },
    stop,
    get state(): NotifierState {
      return timer === undefined ? 'stopped' : 'running';
    },
  };
}
