/**
 * Size limits of the public site's forms and reports, in a module without zod so the renderer can
 * use them (maxLength attributes) without loading the schemas.
 */
export const FORM_LIMITS = { name: 120, email: 254, phone: 40, message: 5000 } as const;

/** Limits on what a browser may send: a batch is at most this many items, each of bounded size. */
export const REPORTING_LIMITS = {
  errorsPerRequest: 100,
  eventsPerRequest: 100,
  message: 2_000,
  stack: 10_000,
  url: 2_000,
  userAgent: 500,
  /** Serialised JSON size of metadata or properties. */
  jsonBytes: 8_000,
  /** The whole request body. */
  bodyBytes: 512_000,
} as const;
