import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { nodeHttp } from './node-http';
import type { RequestHandler } from 'express';
import { type DestinationStream, type Logger, pino, stdSerializers } from 'pino';
import { pinoHttp } from 'pino-http';

export type { Logger };

const REDACTED = '[Redacted]';

/** Headers that carry a credential: a session cookie, a bearer token, the CSRF token. */
const secretHeaders = new Set(['cookie', 'set-cookie', 'authorization', 'proxy-authorization', 'x-csrf-token', 'x-xsrf-token', 'csrf-token']);
/** Headers that carry a URL, whose query may hold a token (a reset link is the Referer of the calls its page makes). */
const urlHeaders = new Set(['referer', 'location']);

/** Query parameters that carry a credential: reset and verification tokens, codes, keys, signatures. */
function isSecretParameter(name: string): boolean {
  return /token|secret|password|passwd|signature|apikey|api_key|session|credential/i.test(name) || /^(code|otp|key|sig|auth|sid|state)$/i.test(name);
}

/**
 * The URL with the value of every credential-like query parameter replaced, e.g.
 * /auth/reset-password?token=[Redacted]. A fragment is left out: servers never need it to log.
 */
export function redactUrl(url: unknown): unknown {
  if (typeof url !== 'string') return url;
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const hashStart = url.indexOf('#', queryStart);
  const query = url.slice(queryStart + 1, hashStart === -1 ? undefined : hashStart);
  const redacted = query
    .split('&')
    .map((pair) => {
      const name = pair.split('=')[0] ?? '';
      let decoded = name;
      try {
        decoded = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        // A malformed escape: judge the name as written.
      }
      return isSecretParameter(decoded) && pair.includes('=') ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${url.slice(0, queryStart)}?${redacted}`;
}

function redactHeaders(headers: IncomingHttpHeaders | Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!headers || typeof headers !== 'object') return headers;
  const safe: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    safe[name] = secretHeaders.has(lower) ? REDACTED : urlHeaders.has(lower) ? redactUrl(value) : value;
  }
  return safe;
}

function redactQuery(query: unknown): unknown {
  if (!query || typeof query !== 'object') return query;
  return Object.fromEntries(Object.entries(query).map(([name, value]) => [name, isSecretParameter(name) ? REDACTED : value]));
}

interface SerializedRequest {
  url?: unknown;
  query?: unknown;
  headers?: IncomingHttpHeaders;
  [key: string]: unknown;
}

/**
 * Serializers for the request log and for any log line with a `url`: the session cookie,
 * Set-Cookie, authorization and CSRF headers never reach the log, nor a token in a URL's query.
 */
const logSerializers = {
  req: (given: SerializedRequest | IncomingMessage) => {
    // pino-http hands over its serialized request; a request logged by hand arrives raw.
    const req = (given instanceof nodeHttp.IncomingMessage ? stdSerializers.req(given) : given) as SerializedRequest;
    return { ...req, url: redactUrl(req.url), query: redactQuery(req.query), headers: redactHeaders(req.headers) };
  },
  res: (res: { headers?: Record<string, unknown>; [key: string]: unknown }) => ({ ...res, headers: redactHeaders(res.headers) }),
  url: redactUrl,
};

/** The server's logger; `destination` lets a test read what would be written. */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    serializers: logSerializers,
    // A second net behind the serializers, and for objects logged by hand: never a credential.
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', 'req.headers["x-csrf-token"]', 'res.headers["set-cookie"]', '*.password', '*.passwordHash', '*.currentPassword', '*.newPassword', '*.token'],
      censor: REDACTED,
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

/**
 * Node's process warnings as log entries, instead of Node's own two lines of plain text on stderr,
 * which a log reader expecting one JSON object a line cannot parse (applying migrations imports
 * Prisma's schema engine as a WebAssembly module, which Node still calls experimental).
 */
export function logProcessWarnings(logger: Logger): void {
  process.removeAllListeners('warning');
  process.on('warning', ({ name, message }) => logger.warn({ warning: { name, message } }, 'Node warning'));
}

/** One line per request (not the health check), through the redacting serializers. */
export function requestLogger(logger: Logger): RequestHandler {
  return pinoHttp({ logger, serializers: { req: logSerializers.req, res: logSerializers.res }, autoLogging: { ignore: (req) => req.url === '/api/health' } });
}
