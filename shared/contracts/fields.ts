/** Fields many request shapes share, so each says the same thing the same way. */
import { z } from 'zod';

/** A record's id in an address or a body (cuid, uuid or a client-made id). */
export const recordId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Not a valid id');
/** A calendar day as YYYY-MM-DD (a WA date, not an instant). */
export const calendarDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date as YYYY-MM-DD');
/** Text a person types, trimmed, at most `max` characters. */
export const typedText = (max: number) => z.string().trim().max(max, `At most ${max} characters`);
