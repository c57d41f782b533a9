/**
 * Size limits of the public site's forms and reports, in a module without zod so the renderer can
 * use them (maxLength attributes) without loading the schemas.
 */
/** The longest e-mail address mail is delivered to (RFC 5321's path, less its brackets): every e-mail field's limit. */
export const MAX_EMAIL_ADDRESS_LENGTH = 254;
export const FORM_LIMITS = { name: 120, email: MAX_EMAIL_ADDRESS_LENGTH, phone: 40, message: 5000 } as const;

/**
 * Limits on what a browser may send: a batch is at most this many items, each of bounded size, and
 * the whole request at most `bodyBytes`. The error buffer holds 50 (docs/behaviour.md §9), so a flush is one
 * request; the renderer splits anything larger by count and by size before sending.
 */
export const REPORTING_LIMITS = {
  errorsPerRequest: 50,
  eventsPerRequest: 50,
  message: 2_000,
  stack: 10_000,
  url: 2_000,
  userAgent: 500,
  /** Serialised JSON size of metadata or properties. */
  jsonBytes: 8_000,
  /** The whole request body. */
  bodyBytes: 128_000,
} as const;

/** How long telemetry is kept (docs/admin-insights.md 'Retention'). */
export const TELEMETRY_RETENTION = {
  /** Analytics events are kept this many months, then only their daily counts per event. */
  analyticsMonths: 13,
  /** An error group not seen for this many days is deleted with its reports. */
  errorGroupDays: 180,
  /** The newest reports kept for each error group; older repeats only add to its count. */
  errorReportsPerGroup: 20,
  /** Error reports counted per fingerprint and hour are kept this many days: the spike rule's week before, and a day to spare. */
  errorHourlyCountDays: 8,
} as const;
