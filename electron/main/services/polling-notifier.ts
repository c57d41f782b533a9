/**
 * The console's notifications (docs/desktop.md 'Notifications'): while an administrator is signed
 * in, the main process polls an admin endpoint through the console session and shows one system
 * notification per new item. What is new is decided by a pure function of the last mark and the
 * answer, tested on its own; this loop only polls, remembers the mark and shows.
 */
import type { z } from 'zod';
import { NOTIFICATION_POLL_MS } from '../../../shared/constants';

/** The part of Electron's Notification the notifiers use. */
export interface NotificationLike {
  on(event: 'click', listener: () => void): unknown;
  show(): void;
}
export type NotificationConstructor = new (options: { title: string; body: string }) => NotificationLike;

type Fetch = (url: string, init: { method: 'GET'; headers: Record<string, string> }) => Promise<Response>;

export interface PollingNotifierOptions<Answer, Mark, Item> {
  /** The endpoint polled, under /api/admin. */
  path: string;
  schema: z.ZodType<Answer>;
  /** The new items of this answer and the mark to keep; `previous` is undefined on the first poll after a start. */
  decide: (previous: Mark | undefined, answer: Answer) => { fresh: Item[]; mark: Mark };
  /** The notification of one item, and the console page a click on it opens. */
  notification: (item: Item) => { title: string; body: string; opens: string };
  /** Electron's Notification in the console; a fake in tests. */
  Notification: NotificationConstructor;
  /** The console session's fetch, so the poll carries the console's sign-in. */
  fetch: Fetch;
  getServerUrl: () => string;
  /** Focus the console on this page. */
  onClick: (opens: string) => void;
  intervalMs?: number;
}

export type NotifierState = 'stopped' | 'running';

export interface Notifier {
  /** Starts polling (at once, then every interval); a second start while running does nothing. */
  start(): Promise<void>;
  stop(): void;
  readonly state: NotifierState;
}

/**
 * Polls every 30 s. A 401 or 403 means no administrator is signed in any more: polling stops until
 * start() is called again. A failed poll (server unreachable, an answer of another shape) is tried
 * again at the next tick.
 */
export function createPollingNotifier<Answer, Mark, Item>(options: PollingNotifierOptions<Answer, Mark, Item>): Notifier {
  const { path, schema, decide, notification, Notification, fetch, getServerUrl, onClick, intervalMs = NOTIFICATION_POLL_MS } = options;
  let timer: ReturnType<typeof setInterval> | undefined;
  let mark: Mark | undefined;
  let inFlight: Promise<void> | undefined;

  const stop = () => {
    if (timer !== undefined) clearInterval(timer);
    timer = undefined;
    mark = undefined;
  };

  const poll = async (): Promise<void> => {
    let response: Response;
    try {
      response = await fetch(`${getServerUrl()}${path}`, { method: 'GET', headers: { Accept: 'application/json' } });
    } catch {
      return;
    }
    if (timer === undefined) return;
    if (response.status === 401 || response.status === 403) {
      stop();
      return;
    }
    if (!response.ok) return;
    const parsed = schema.safeParse(await response.json().catch(() => undefined));
    if (!parsed.success || timer === undefined) return;
    const result = decide(mark, parsed.data);
    mark = result.mark;
    for (const item of result.fresh) {
      const { title, body, opens } = notification(item);
      const shown = new Notification({ title, body });
      shown.on('click', () => onClick(opens));
      shown.show();
    }
  };

  const tick = () => {
    inFlight ??= poll().finally(() => (inFlight = undefined));
    return inFlight;
  };

  return {
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

/** The newest item seen so far: its time, and the ids of the items of that same moment. */
export interface SeenMark {
  at: string;
  ids: string[];
}

const NOTHING_SEEN: SeenMark = { at: new Date(0).toISOString(), ids: [] };

/**
 * Which of the listed items are new since the last poll. The first poll after start only sets the
 * mark (staff are not flooded with what arrived while the console was closed); after that, an item
 * is new when it is later than the mark, or as late but not yet seen by id. The mark never moves
 * back, so an item that leaves the list does not bring older ones back.
 */
export function newItemsSince<Item extends { id: string }>(previous: SeenMark | undefined, items: readonly Item[], timeOf: (item: Item) => string): { fresh: Item[]; mark: SeenMark } {
  const byTime = [...items].sort((a, b) => Date.parse(timeOf(a)) - Date.parse(timeOf(b)) || a.id.localeCompare(b.id));
  const seen = previous ?? NOTHING_SEEN;
  const seenAt = Date.parse(seen.at);
  const fresh = previous === undefined ? [] : byTime.filter((item) => Date.parse(timeOf(item)) > seenAt || (Date.parse(timeOf(item)) === seenAt && !seen.ids.includes(item.id)));
  const newest = byTime.at(-1);
  if (!newest || Date.parse(timeOf(newest)) < seenAt) return { fresh, mark: seen };
  const newestAt = Date.parse(timeOf(newest));
  const idsAtNewest = byTime.filter((item) => Date.parse(timeOf(item)) === newestAt).map((item) => item.id);
  return { fresh, mark: { at: timeOf(newest), ids: newestAt === seenAt ? [...new Set([...seen.ids, ...idsAtNewest])] : idsAtNewest } };
}
