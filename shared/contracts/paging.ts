/**
 * The paging parameters of every list the API pages on the server (`?page=2&pageSize=50`): one
 * rule and one message each, so every list answers a bad page alike.
 */
import { z } from 'zod';

/** Beyond this nobody pages by hand; a page this far would be a scan of the whole table. */
const MAX_PAGE = 10_000;
const PAGE_MESSAGE = `page must be a whole number from 1 to ${MAX_PAGE}`;

/** `page`, from 1 (the default). */
export const pageParam = z.coerce.number({ error: PAGE_MESSAGE }).int({ error: PAGE_MESSAGE }).min(1, { error: PAGE_MESSAGE }).max(MAX_PAGE, { error: PAGE_MESSAGE }).default(1);

/** `pageSize`, from 1 to `max`, `defaultSize` when left out. */
export function pageSizeParam(defaultSize: number, max = 100) {
  const message = `pageSize must be a whole number from 1 to ${max}`;
  return z.coerce.number({ error: message }).int({ error: message }).min(1, { error: message }).max(max, { error: message }).default(defaultSize);
}
