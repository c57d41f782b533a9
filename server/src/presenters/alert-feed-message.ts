import { ALERT_FEEDS, type AlertFeedMessage, type AlertFeedMessageSummary } from '@shared/contracts/alerts';
import type { AlertFeedMessage as AlertFeedMessageRow } from '../generated/prisma/client';

/** A kept feed message in the feeds' list: what became of it, without its text. */
export const presentFeedMessage = (row: Omit<AlertFeedMessageRow, 'body'>): AlertFeedMessageSummary => ({
  id: row.id,
  receivedAt: row.receivedAt.toISOString(),
  characters: row.characters,
  stored: row.stored,
  duplicates: row.duplicates,
  ended: row.ended,
  held: row.held,
  unreadable: row.unreadable,
  unreadableReason: row.unreadableReason,
  error: row.error,
});

/**
 * A kept feed message with its text as the agency sent it; undefined for a row of a feed the product
 * does not poll (none is kept, as the feeds' health lists them).
 */
export function presentKeptFeedMessage(row: AlertFeedMessageRow): AlertFeedMessage | undefined {
  const feed = ALERT_FEEDS.find((known) => known === row.feed);
  return feed && { ...presentFeedMessage(row), feed, contentType: row.contentType, body: row.body };
}
