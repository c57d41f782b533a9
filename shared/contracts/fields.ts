/** Fields many request shapes share, so each says the same thing the same way. */
import { z } from 'zod';
import { isCalendarDay, isPlausibleInstant } from '../perth-time';

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
/** Text a person types, trimmed, at most `max` characters. */
export const typedText = (max: number) => z.string().trim().max(max, `At most ${max} characters`);
