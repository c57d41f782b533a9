/** Fields many request shapes share, so each says the same thing the same way. */
import { z } from 'zod';
import { isCalendarDay, isPlausibleInstant } from '../perth-time';
import { MAX_EMAIL_ADDRESS_LENGTH } from './public-site-limits';

/** A record's id in an address or a body (cuid, uuid or a client-made id). */
export const recordId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Not a valid id');
/** A calendar day as YYYY-MM-DD (a WA date, not an instant). */
export const calendarDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date as YYYY-MM-DD');
/**
 * A day from outside: YYYY-MM-DD, on the calendar (not 2026-13-01 nor 2026-02-31) and in a year a
 * record of ours can hold (isCalendarDay); `error` says what to write.
 */
export const calendarDay = (error: string) => z.string({ error }).refine(isCalendarDay, { error });
/**
 * A moment from outside as ISO 8601 text (with its offset when `offset`), in a year a record of
 * ours can hold (isPlausibleInstant: JavaScript reads year 0, which PostgreSQL does not have).
 */
export const instantText = (error: string, { offset = false } = {}) => z.iso.datetime({ offset, error }).refine(isPlausibleInstant, { error });
/** The largest whole number an integer column holds (PostgreSQL's integer; SQLite's are larger). */
export const MAX_STORED_INTEGER = 2_147_483_647;
/** A longitude in decimal degrees, on the globe. */
export const longitude = z.number().min(-180, { error: 'A longitude is between -180 and 180' }).max(180, { error: 'A longitude is between -180 and 180' });
/** A latitude in decimal degrees, on the globe. */
export const latitude = z.number().min(-90, { error: 'A latitude is between -90 and 90' }).max(90, { error: 'A latitude is between -90 and 90' });
/** Text a person types, trimmed, at most `max` characters. */
export const typedText = (max: number) => z.string().trim().max(max, `At most ${max} characters`);

/**
 * An e-mail address from outside, trimmed (and lower-cased where `lowerCase`, as accounts compare
 * them), never longer than MAX_EMAIL_ADDRESS_LENGTH: a longer one is no address, and PostgreSQL's
 * index on an address column refuses a row of more than 2,704 bytes. Each form keeps its words.
 */
export function emailAddress({
  required,
  invalid,
  tooLong = `An e-mail address has at most ${MAX_EMAIL_ADDRESS_LENGTH} characters.`,
  lowerCase = true,
}: {
  required: string;
  invalid: string;
  tooLong?: string;
  lowerCase?: boolean;
}) {
  const typed = z.string({ error: required }).trim().min(1, { error: required }).max(MAX_EMAIL_ADDRESS_LENGTH, { error: tooLong });
  return (lowerCase ? typed.toLowerCase() : typed).pipe(z.email({ error: invalid }));
}
