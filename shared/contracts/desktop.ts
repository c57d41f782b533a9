import { z } from 'zod';

/**
 * Whether a path may be sent to the server by the console's data client: a relative path under
 * /api/ that means exactly what it says. Refused: absolute or protocol-relative URLs, other
 * schemes, backslashes, `.`/`..` segments, empty segments, fragments, whitespace and control
 * characters, and percent-encoded dots, slashes, backslashes or percent signs (which a server or
 * proxy might decode into a traversal after this check).
 */
export function isConsoleApiPath(path: string): boolean {
  if (path.length > 2000 || !path.startsWith('/api/')) return false;
  if (!/^[\x21-\x7e]+$/.test(path) || path.includes('\\') || path.includes('#')) return false;
  const [pathname = ''] = path.split('?', 1);
  if (/%(2e|2f|5c|25)/i.test(pathname)) return false;
  const segments = pathname.slice(1).split('/');
  if (segments.some((segment, index) => segment === '.' || segment === '..' || (segment === '' && index !== segments.length - 1))) return false;
  try {
    decodeURIComponent(pathname);
    // The URL parser must leave the path as it is: anything it would rewrite is refused.
    const resolved = new URL(path, 'http://console.invalid');
    return resolved.host === 'console.invalid' && resolved.pathname === pathname;
  } catch {
    return false;
  }
}

/** The only headers the renderer may add to a call; the main process sets Accept and Content-Type itself. */
export const DESKTOP_REQUEST_HEADERS = ['x-csrf-token', 'idempotency-key'] as const;

/** Response headers handed back to the renderer; never Set-Cookie, so the session stays out of page script. */
export const DESKTOP_RESPONSE_HEADERS = ['content-type', 'content-disposition', 'content-length', 'retry-after'] as const;

const requestHeadersSchema = z.record(z.string(), z.string()).superRefine((headers, context) => {
  for (const [name, value] of Object.entries(headers)) {
    if (!(DESKTOP_REQUEST_HEADERS as readonly string[]).includes(name.toLowerCase())) {
      context.addIssue({ code: 'custom', message: `The console does not send the header “${name}”.` });
    } else if (!/^[\x20-\x7e]{1,512}$/.test(value)) {
      context.addIssue({ code: 'custom', message: `The header “${name}” has a value the console does not send.` });
    }
  }
});

/** The largest multipart upload the console forwards: six claim photos of 10 MB and the form around them. */
export const DESKTOP_UPLOAD_MAX_BYTES = 64 * 1024 * 1024;

const formFieldSchema = z.object({ name: z.string().min(1).max(100), value: z.string().max(100_000) });
const formFileSchema = z.object({
  name: z.string().min(1).max(100),
  fileName: z.string().min(1).max(255),
  contentType: z.string().max(100),
  bytes: z.instanceof(Uint8Array),
});
/** One part of a multipart form: a text field, or a file with its bytes. */
export const desktopFormPartSchema = z.union([formFileSchema, formFieldSchema]);
export type DesktopFormPart = z.infer<typeof desktopFormPartSchema>;

/** How far a call that asked has got, told to the page while the main process works: how much of a form has gone, or of a file has come. */
export type DesktopProgress = { progressId: string } & ({ sentBytes: number; totalBytes: number } | { receivedBytes: number });

/** What the renderer may ask the desktop's main process to send to the server. */
export const desktopApiRequestSchema = z
  .object({
    method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']),
    path: z.string().refine(isConsoleApiPath, 'The console only sends requests to paths under /api/ of its server.'),
    /** A JSON body. */
    body: z.unknown().optional(),
    /** A multipart form (uploads); never together with `body`. */
    form: z
      .array(desktopFormPartSchema)
      .max(50)
      .refine((parts) => parts.reduce((total, part) => total + ('bytes' in part ? part.bytes.byteLength : part.value.length), 0) <= DESKTOP_UPLOAD_MAX_BYTES, 'The upload is too large.')
      .optional(),
    headers: requestHeadersSchema.optional(),
    /** 'bytes': a successful answer's body comes back as a Uint8Array (files, images, PDFs, CSV). */
    responseType: z.enum(['json', 'bytes']).optional(),
    /** The main process tells the page how much of a form has gone and of a file ('bytes') has come, on DESKTOP_EVENTS.progress under this id. */
    progressId: z
      .string()
      .regex(/^[A-Za-z0-9-]{1,64}$/, 'progressId must be 1 to 64 letters, digits or dashes.')
      .optional(),
  })
  .refine((request) => request.form === undefined || request.body === undefined, 'A request has a JSON body or a form, not both.')
  .refine((request) => request.form === undefined || ['POST', 'PUT', 'PATCH'].includes(request.method), 'Only POST, PUT and PATCH send a form.');

/** 127.0.0.0/8, ::1 and localhost: the only hosts the console reaches without TLS. */
export function isLoopbackHost(hostname: string): boolean {
  if (hostname === 'localhost' || hostname === '[::1]') return true;
  const octets = /^(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(hostname);
  return octets !== null && octets[1] === '127' && octets.slice(1).every((octet) => Number(octet) <= 255);
}

export const DESKTOP_SERVER_URL_EXAMPLE = 'https://console.grainmutual.example';

/**
 * The console's server address: https://, or http:// only on this computer (loopback), since the
 * console's session cookie and members' records travel over it. No user, query or fragment.
 */
export const desktopServerUrlSchema = z
  .string()
  .trim()
  .superRefine((text, context) => {
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      context.addIssue({ code: 'custom', message: `Enter the server address, for example ${DESKTOP_SERVER_URL_EXAMPLE}` });
      return;
    }
    if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
      context.addIssue({ code: 'custom', message: `The server address ${text} is refused: it must start with https:// (http:// is allowed only for this computer: localhost, 127.0.0.1 or ::1).` });
    } else if (url.protocol !== 'https:' && url.protocol !== 'http:') {
      context.addIssue({ code: 'custom', message: `The server address ${text} is refused: it must start with https://, for example ${DESKTOP_SERVER_URL_EXAMPLE}` });
    } else if (url.username || url.password || url.search || url.hash) {
      context.addIssue({ code: 'custom', message: `The server address ${text} is refused: give only the address, without a user name, query or #fragment.` });
    }
  })
  .transform((text) => text.replace(/\/+$/, ''));

/**
 * One member record as the desktop console caches it: the members list's summary (GET
 * /api/admin/members), plus the broker of record where the server sends it.
 */
export const desktopMemberRecordSchema = z.object({
  id: z.string().min(1).max(100),
  name: z.string().max(300),
  email: z.string().max(320),
  phone: z.string().max(50).nullable(),
  businessName: z.string().max(300).nullable(),
  broker: z.string().max(300).nullable().optional(),
  createdAt: z.string().max(40),
});
export type DesktopMemberRecord = z.infer<typeof desktopMemberRecordSchema>;

/** The most records one sync call may hand over (the renderer syncs the list page by page). */
export const DESKTOP_MEMBER_SYNC_MAX = 1000;
export const desktopMemberSyncSchema = z.array(desktopMemberRecordSchema).max(DESKTOP_MEMBER_SYNC_MAX);
export const desktopMemberSearchSchema = z.string().trim().max(200);

/** What the console knows about its member cache. */
export interface DesktopMemberCacheStatus {
  count: number;
  /** ISO time of the last completed sync, or null when the cache is empty. */
  lastSyncedAt: string | null;
  /**
   * 'encrypted': records are kept, encrypted with the system's secure storage (safeStorage).
   * 'unavailable': the system offers no secure storage, so no record is kept on this computer.
   */
  storage: 'encrypted' | 'unavailable';
}

/** Opening a customer's quote in a support-mode session window. */
export const desktopSupportWindowSchema = z.object({
  customerId: z.string().min(1).max(100),
  customerName: z.string().trim().min(1).max(200),
});
