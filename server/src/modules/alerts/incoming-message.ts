/**
 * An alert message as it arrives, before it is read: what the request thread handles. Reading it
 * (alert-messages.ts, with the XML parser) happens in the alert worker, so the server does not load
 * the parser at start.
 */

export const XML_CONTENT_TYPES = ['application/xml', 'text/xml', 'application/cap+xml', 'application/atom+xml', 'application/rss+xml'];
export const GEOJSON_CONTENT_TYPES = ['application/geo+json', 'application/json'];

/**
 * Refusals of a message that is well formed but lists nothing to store: an envelope or a collection
 * with nothing in it, an incident feed with no fire. Posted by staff, a 400 that says so; polled from
 * a feed, the answer of a quiet day: nothing is current.
 */
export const NOTHING_CURRENT_CODES: ReadonlySet<string> = new Set(['nothing_listed', 'no_fire_incidents']);

/** A message as it came: its Content-Type, and its body as text (XML, or GeoJSON sent as geo+json) or as parsed JSON. */
export interface AlertMessage {
  contentType: string | undefined;
  body: unknown;
}

/** A message pasted or chosen on the admin page: XML starts with '<' (a CAP alert), anything else is read as GeoJSON. */
export function pastedAlertMessage(text: string): AlertMessage {
  return { contentType: text.trimStart().startsWith('<') ? 'application/xml' : 'application/geo+json', body: text };
}
