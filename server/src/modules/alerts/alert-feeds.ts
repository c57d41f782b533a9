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
import { plural } from '@shared/format';
import { alertLinksOfIndex } from './alert-messages';
import { ingestFeedMessage, ingestLinkedAlerts } from './alerts.service';

export const ALERT_FEED_QUEUE = 'alerts.poll-feeds';
const FETCH_TIMEOUT_MS = 15_000;
const MAX_FEED_BYTES = 5_000_000;
/** Alerts an index feed links to that one poll fetches; the rest wait for the next (five minutes on). */
const MAX_LINKS_PER_POLL = 20;
/** Messages kept per feed for /admin/alerts. */
const FEED_MESSAGES_KEPT = 10;

export function configuredFeeds(env: Pick<Env, 'ALERT_FEED_BOM_URL' | 'ALERT_FEED_DFES_URL'>): Array<{ feed: AlertFeed; url: string }> {
  const urls: Record<AlertFeed, string | undefined> = { bom: env.ALERT_FEED_BOM_URL, dfes: env.ALERT_FEED_DFES_URL };
  return ALERT_FEEDS.flatMap((feed) => (urls[feed] ? [{ feed, url: urls[feed] }] : []));
}

/**
 * A feed's answer, or an alert it links to: with `site` (the feed's own origin) a redirect is
 * followed only on that site, and one off it is refused before it is asked for.
 */
async function fetchFeed(url: string, site?: string): Promise<{ contentType: string | undefined; body: string }> {
  let response = await fetchOnce(url, site);
  for (let hops = 0; site && response.status >= 300 && response.status < 400 && hops < 3; hops += 1) {
    const next = new URL(response.headers.get('location') ?? '', response.url || url);
    if (next.origin !== site) throw new Error(`It was redirected off the feed's site, to ${next.host}`);
    response = await fetchOnce(next.href, site);
  }
  if (!response.ok) throw new Error(`The feed answered ${response.status} ${response.statusText}`.trim());
  const body = await response.text();
  if (body.length > MAX_FEED_BYTES) throw new Error(`The feed sent ${body.length} characters, more than the ${MAX_FEED_BYTES} read`);
  return { contentType: response.headers.get('content-type') ?? undefined, body };
}

const fetchOnce = (url: string, site: string | undefined) =>
  fetch(url, {
    signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
    headers: { accept: 'application/xml, application/cap+xml, application/geo+json, application/json' },
    redirect: site ? 'manual' : 'follow',
  });

export interface FeedPollResult {
  feed: AlertFeed;
  stored: number;
  error: string | null;
}

/** Keeps a feed's answer with what became of it, and only the newest FEED_MESSAGES_KEPT of the feed's. */
async function keepFeedMessage(
  db: Database,
  feed: AlertFeed,
  message: { contentType: string | undefined; body: string },
  outcome: { result?: IngestResult; over?: number; unreadable?: readonly string[]; error?: string },
) {
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
      unreadable: outcome.unreadable?.length ?? 0,
      unreadableReason: outcome.unreadable?.[0] ?? null,
      error: outcome.error ?? null,
    },
  });
  const older = await db.alertFeedMessage.findMany({ where: { feed }, orderBy: [{ receivedAt: 'desc' }, { id: 'desc' }], skip: FEED_MESSAGES_KEPT, select: { id: true } });
  if (older.length > 0) await db.alertFeedMessage.deleteMany({ where: { id: { in: older.map((row) => row.id) } } });
}

/**
 * An index feed's answer (the Bureau's CAP feed as the WMO publishes it: an RSS of links): the
 * alerts it links to on its own site fetched, each once, at most MAX_LINKS_PER_POLL a poll. A link
 * elsewhere is not followed: the feed's address is the operator's choice, the addresses in its answer
 * are not. A link that could not be fetched is tried again at the next poll; one fetched is
 * remembered (AlertFeedLink) until the feed no longer lists it. An alert fetched that cannot be read
 * is not fetched again (the file at its address does not change); the kept answer counts it, with the
 * first one's link and reason, for staff to see.
 */
async function ingestIndexFeed(context: Pick<AppContext, 'db' | 'env' | 'jobs' | 'logger'>, feed: AlertFeed, feedUrl: string, message: { body: string }) {
  const { db } = context;
  const site = new URL(feedUrl).origin;
  const listed = [...new Set(alertLinksOfIndex(message.body).map((link) => new URL(link, feedUrl).href))];
  const onSite = listed.filter((link) => new URL(link).origin === site);
  if (onSite.length === 0) {
    const elsewhere = [...new Set(listed.map((link) => new URL(link).host))].join(', ');
    throw new AppError(
      400,
      'feed_links_elsewhere',
      `The feed lists ${plural(listed.length, 'alert')} by link, none on its own site (${new URL(feedUrl).host}) but on ${elsewhere}: only links on the feed's own site are followed, so set the feed's address to the index on that site.`,
    );
  }
  const known = new Set((await db.alertFeedLink.findMany({ where: { feed, url: { in: onSite } }, select: { url: true } })).map((row) => row.url));
  const fresh = onSite.filter((link) => !known.has(link)).slice(0, MAX_LINKS_PER_POLL);
  const fetched: Array<{ url: string; contentType: string | undefined; body: string }> = [];
  const failures: string[] = [];
  for (const link of fresh) {
    try {
      fetched.push({ url: link, ...(await fetchFeed(link, site)) });
    } catch (error) {
      failures.push(`${link}: ${(error as Error).message}`);
    }
  }
  const { result, unreadable } = await ingestLinkedAlerts(context, fetched, `feed:${feed}`);
  const unreadableLinks = unreadable.map(({ message: { url }, reason }) => `${url}: ${reason}`);
  await db.alertFeedLink.createMany({ data: fetched.map(({ url }) => ({ feed, url })) });
  await db.alertFeedLink.deleteMany({ where: { feed, url: { notIn: listed } } });
  if (failures.length > 0) throw new Error(`${failures.length} of the ${plural(fresh.length, 'alert')} the feed links to could not be fetched; they are tried again at the next poll. ${failures[0]}`);
  if (fetched.length > 0 && unreadable.length === fetched.length)
    throw new AppError(400, 'linked_alerts_unreadable', `None of the ${plural(fetched.length, 'alert')} the feed links to could be read: ${unreadableLinks[0]}`);
  return { result, over: 0, unreadable: unreadableLinks };
}

/** Polls every configured feed once; throws after the last when any failed, so the job is retried and staff see it. */
export async function pollAlertFeeds(context: Pick<AppContext, 'db' | 'env' | 'jobs' | 'logger'>, now: Date): Promise<FeedPollResult[]> {
  const results: FeedPollResult[] = [];
  for (const { feed, url } of configuredFeeds(context.env)) {
    let message: { contentType: string | undefined; body: string } | undefined;
    try {
      const answer = await fetchFeed(url);
      message = answer;
      const outcome = await ingestFeedMessage(context, answer, `feed:${feed}`, now).catch((error: unknown) => {
        if (error instanceof AppError && error.code === 'feed_without_alerts') return ingestIndexFeed(context, feed, url, answer);
        throw error;
      });
      const { result } = outcome;
      await keepFeedMessage(context.db, feed, message, outcome);
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
