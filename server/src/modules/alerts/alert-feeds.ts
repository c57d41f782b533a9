/**
 * The feeds read on a schedule (docs/alerts.md 'Sources'): each configured feed's answer goes through
 * the same readers as POST /api/admin/events and is stored the same way, so a warning seen by a
 * poll and posted by staff is one event. Each feed's last poll, last success and last error are kept
 * for the administrators' page.
 */
import { storableText } from '../../lib/stored-text';
import { ALERT_FEEDS, type AlertFeed, type AlertFeedMessage, type AlertFeedStatus, FEED_MESSAGES_SHOWN, type IngestResult } from '@shared/contracts/alerts';
import type { AppContext } from '../../context';
import type { Env } from '../../config/env';
import type { Database } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import { presentFeedMessage, presentKeptFeedMessage } from '../../presenters/alert-feed-message';
import { ingestFeedMessage } from './alerts.service';

export const ALERT_FEED_QUEUE = 'alerts.poll-feeds';
const FETCH_TIMEOUT_MS = 15_000;
const MAX_FEED_BYTES = 5_000_000;
/** Messages kept per feed for /admin/alerts. */
const FEED_MESSAGES_KEPT = 10;

export function configuredFeeds(env: Pick<Env, 'ALERT_FEED_BOM_URL' | 'ALERT_FEED_DFES_URL'>): Array<{ feed: AlertFeed; url: string }> {
  const urls: Record<AlertFeed, string | undefined> = { bom: env.ALERT_FEED_BOM_URL, dfes: env.ALERT_FEED_DFES_URL };
  return ALERT_FEEDS.flatMap((feed) => (urls[feed] ? [{ feed, url: urls[feed] }] : []));
}

async function fetchFeed(url: string): Promise<{ contentType: string | undefined; body: string }> {
  const response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), headers: { accept: 'application/xml, application/cap+xml, application/geo+json, application/json' } });
  if (!response.ok) throw new Error(`The feed answered ${response.status} ${response.statusText}`.trim());
  const body = await response.text();
  if (body.length > MAX_FEED_BYTES) throw new Error(`The feed sent ${body.length} characters, more than the ${MAX_FEED_BYTES} read`);
  return { contentType: response.headers.get('content-type') ?? undefined, body };
}

export interface FeedPollResult {
  feed: AlertFeed;
  stored: number;
  error: string | null;
}

/** Keeps a feed's answer with what became of it, and only the newest FEED_MESSAGES_KEPT of the feed's. */
async function keepFeedMessage(db: Database, feed: AlertFeed, message: { contentType: string | undefined; body: string }, outcome: { result?: IngestResult; over?: number; error?: string }) {
  const count = (name: IngestResult['events'][number]['outcome']) => outcome.result?.events.filter((event) => event.outcome === name).length ?? 0;
  await db.alertFeedMessage.create({
    data: {
      feed,
      contentType: message.contentType ?? null,
      // As the feed sent it, but for what the database cannot keep (a NUL, half an emoji): stored-text.ts.
      body: storableText(message.body),
      characters: message.body.length,
      // A warning that needs placing is a new event too: it waits for staff on /admin/alerts.
      stored: count('stored') + count('needs_placing'),
      duplicates: count('duplicate'),
      ended: count('cancelled') + (outcome.over ?? 0),
      held: count('held'),
      error: outcome.error ?? null,
    },
  });
  const older = await db.alertFeedMessage.findMany({ where: { feed }, orderBy: [{ receivedAt: 'desc' }, { id: 'desc' }], skip: FEED_MESSAGES_KEPT, select: { id: true } });
  if (older.length > 0) await db.alertFeedMessage.deleteMany({ where: { id: { in: older.map((row) => row.id) } } });
}

/** Polls every configured feed once; throws after the last when any failed, so the job is retried and staff see it. */
export async function pollAlertFeeds(context: Pick<AppContext, 'db' | 'env' | 'jobs' | 'logger'>, now: Date): Promise<FeedPollResult[]> {
  const results: FeedPollResult[] = [];
  for (const { feed, url } of configuredFeeds(context.env)) {
    let message: { contentType: string | undefined; body: string } | undefined;
    try {
      message = await fetchFeed(url);
      const { result, over } = await ingestFeedMessage(context, message, `feed:${feed}`, now);
      await keepFeedMessage(context.db, feed, message, { result, over });
      const stored = result.events.filter((event) => event.outcome === 'stored').length;
      await context.db.alertFeedStatus.upsert({
        where: { feed },
        create: { feed, lastPolledAt: now, lastSuccessAt: now, lastStored: stored },
        update: { lastPolledAt: now, lastSuccessAt: now, lastStored: stored },
      });
      results.push({ feed, stored, error: null });
    } catch (error) {
      const text = storableText((error as Error).message.slice(0, 1000));
      // A message that came but could not be read is kept with its reason, for staff to look at.
      if (message && error instanceof AppError) await keepFeedMessage(context.db, feed, message, { error: text });
      await context.db.alertFeedStatus.upsert({
        where: { feed },
        create: { feed, lastPolledAt: now, lastError: text, lastErrorAt: now },
        update: { lastPolledAt: now, lastError: text, lastErrorAt: now },
      });
      context.logger.warn({ feed, err: error }, 'alert feed poll failed');
      results.push({ feed, stored: 0, error: text });
    }
  }
  const failed = results.filter((result) => result.error);
  if (failed.length > 0) throw new Error(failed.map((result) => `${result.feed}: ${result.error}`).join('; '));
  return results;
}

/** Every feed the page knows of, configured or not, with its last poll. */
export async function feedStatuses(db: Database, env: Pick<Env, 'ALERT_FEED_BOM_URL' | 'ALERT_FEED_DFES_URL'>): Promise<AlertFeedStatus[]> {
  const rows = await db.alertFeedStatus.findMany();
  const configured = new Set(configuredFeeds(env).map(({ feed }) => feed));
  const recent = await Promise.all(
    ALERT_FEEDS.map((feed) => db.alertFeedMessage.findMany({ where: { feed }, omit: { body: true }, orderBy: [{ receivedAt: 'desc' }, { id: 'desc' }], take: FEED_MESSAGES_SHOWN })),
  );
  return ALERT_FEEDS.map((feed, position) => {
    const row = rows.find((candidate) => candidate.feed === feed);
    return {
      feed,
      configured: configured.has(feed),
      lastPolledAt: row?.lastPolledAt?.toISOString() ?? null,
      lastSuccessAt: row?.lastSuccessAt?.toISOString() ?? null,
      lastError: row?.lastError ?? null,
      lastErrorAt: row?.lastErrorAt?.toISOString() ?? null,
      lastStored: row?.lastStored ?? 0,
      recentMessages: recent[position]!.map(presentFeedMessage),
    };
  });
}

export const FEED_MESSAGE_NOT_FOUND = 'There is no kept feed message with that id: only the newest 10 of each feed are kept.';

/** One of the kept messages, with its text, for staff to read what the agency sent. */
export async function keptFeedMessage(db: Database, id: string): Promise<AlertFeedMessage> {
  const row = await db.alertFeedMessage.findUnique({ where: { id } });
  const message = row && presentKeptFeedMessage(row);
  if (!message) throw notFound(FEED_MESSAGE_NOT_FOUND, 'feed_message_not_found');
  return message;
}
