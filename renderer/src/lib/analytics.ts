/**
 * The analytics queue (docs/behaviour.md §7, §9): events are sent to POST /api/analytics/events 5 s after the
 * last one was tracked (debounced), and the unsent queue is written to local storage 1 s after the
 * last change, so a closed tab loses nothing: the next visit sends it.
 */
import { ANALYTICS } from '@shared/constants';
import type { AnalyticsEvent } from '@shared/contracts/public-site';
import { REPORTING_LIMITS } from '@shared/contracts/public-site-limits';
import { splitIntoBatches } from '@shared/domain/reporting/batches';
import { callEndpoint } from './api-client';
import { tabSessionId } from './error-reporter';

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
type Timer = ReturnType<typeof setTimeout>;

export interface AnalyticsDeps {
  send(events: AnalyticsEvent[]): Promise<void>;
  storage?: KeyValueStorage;
  context(): { userId?: string | null; sessionId?: string | null };
  now(): Date;
  setTimer(callback: () => void, ms: number): Timer;
  clearTimer(timer: Timer): void;
}

export const ANALYTICS_QUEUE_KEY = 'gm:analytics:queue';
/** The most kept while the site cannot reach us. */
const QUEUE_CAP = 1_000;

export function createAnalyticsQueue(deps: AnalyticsDeps) {
  let queue: AnalyticsEvent[] = [];
  let sendTimer: Timer | undefined;
  let persistTimer: Timer | undefined;
  let sending = false;

  const persistNow = () => {
    if (persistTimer !== undefined) deps.clearTimer(persistTimer);
    persistTimer = undefined;
    try {
      if (queue.length) deps.storage?.setItem(ANALYTICS_QUEUE_KEY, JSON.stringify(queue));
      else deps.storage?.removeItem(ANALYTICS_QUEUE_KEY);
    } catch {
      // Storage full or off: the events stay in memory for this visit.
    }
  };
  const schedulePersist = () => {
    if (persistTimer !== undefined) deps.clearTimer(persistTimer);
    persistTimer = deps.setTimer(persistNow, ANALYTICS.persistDebounceMs);
  };
  const scheduleSend = () => {
    if (sendTimer !== undefined) deps.clearTimer(sendTimer);
    sendTimer = deps.setTimer(() => void analytics.sendNow(), ANALYTICS.sendDebounceMs);
  };

  const analytics = {
    track(event: string, properties: Record<string, unknown> = {}): void {
      const context = deps.context();
      queue.push({ event, timestamp: deps.now().toISOString(), properties, userId: context.userId ?? null, sessionId: context.sessionId ?? null });
      if (queue.length > QUEUE_CAP) queue = queue.slice(queue.length - QUEUE_CAP);
      schedulePersist();
      scheduleSend();
    },

    async sendNow(): Promise<void> {
      if (sendTimer !== undefined) deps.clearTimer(sendTimer);
      sendTimer = undefined;
      if (sending || !queue.length) return;
      sending = true;
      // The first request's worth: at most 50 events and 128 kB (the server's limits).
      const [batch = []] = splitIntoBatches(queue, { maxItems: REPORTING_LIMITS.eventsPerRequest, maxBytes: REPORTING_LIMITS.bodyBytes });
      try {
        await deps.send(batch);
        queue = queue.slice(batch.length);
        schedulePersist();
        if (queue.length) scheduleSend();
      } catch {
        // Kept (and persisted) for the next event or the next visit.
      } finally {
        sending = false;
      }
    },

    /** Loads what an earlier visit could not send and schedules it. */
    restore(): void {
      try {
        const parsed: unknown = JSON.parse(deps.storage?.getItem(ANALYTICS_QUEUE_KEY) ?? '[]');
        if (Array.isArray(parsed) && parsed.length) {
          queue = [...(parsed as AnalyticsEvent[]), ...queue].slice(-QUEUE_CAP);
          scheduleSend();
        }
      } catch {
        // A corrupt entry is dropped.
      }
    },

    persistNow,
    get queued(): readonly AnalyticsEvent[] {
      return queue;
    },
  };
  return analytics;
}

export type AnalyticsQueue = ReturnType<typeof createAnalyticsQueue>;

let active: AnalyticsQueue | undefined;

/** The page's queue, created on first use with what an earlier visit left behind. */
export function analyticsQueue(): AnalyticsQueue {
  if (!active) {
    let storage: KeyValueStorage | undefined;
    try {
      storage = window.localStorage;
    } catch {
      storage = undefined;
    }
    active = createAnalyticsQueue({
      send: async (events) => {
        // The endpoint (with zod and the contracts) loads with the first send, never with the page (docs/public-site.md, 'Weight, layout shift and prefetching').
        await callEndpoint((await import('@shared/endpoints/public-site')).publicSiteEndpoints.analyticsEvents, { body: { events } });
      },
      storage,
      // The tab's id is made on first use, so one visit's steps can be followed (docs/admin-analytics.md) and a visitor's events before and after registering share it (docs/people.md).
      context: () => ({ sessionId: tabSessionId() }),
      now: () => new Date(),
      setTimer: (callback, ms) => setTimeout(callback, ms),
      clearTimer: (timer) => clearTimeout(timer),
    });
    active.restore();
    window.addEventListener('pagehide', () => active?.persistNow());
  }
  return active;
}

/** Records one thing a visitor did, e.g. track('page_view', { path: '/faq' }). */
export function track(event: string, properties?: Record<string, unknown>): void {
  analyticsQueue().track(event, properties);
}
