/**
 * The date ranges the staff's reports are asked for (the errors, analytics and lead conversion pages):
 * one limit, so every range query refuses the same span.
 */

/** The longest range a report covers at once, in days. */
export const MAX_RANGE_DAYS = 366;
