import type { z } from 'zod';
import { apiErrorSchema } from '@shared/contracts/api-error';

/** A failed API call, carrying the server's `{ error, message }` (or a network failure, status 0). */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly issues: Array<{ path: string; message: string }> = [],
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }

  get isNetworkError() {
    return this.status === 0;
  }
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface Transport {
  send(method: HttpMethod, path: string, body: unknown, headers: Record<string, string>): Promise<{ status: number; body: unknown }>;
}

/** In the browser: fetch on the same origin, with the session cookie. */
const browserTransport: Transport = {
  async send(method, path, body, headers) {
    const response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: { Accept: 'application/json', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // Not JSON (an HTML error page from a proxy, say); the status still tells the story.
    }
    return { status: response.status, body: parsed };
  },
};

/** In the desktop console: the same calls, made by the main process through the preload bridge. */
const desktopTransport: Transport = {
  async send(method, path, body, headers) {
    const bridge = window.desktop;
    if (!bridge) throw new Error('The desktop bridge is missing.');
    return bridge.request({ method, path, body, headers });
  },
};

function transport(): Transport {
  return typeof window !== 'undefined' && window.desktop ? desktopTransport : browserTransport;
}

export interface RequestOptions<S extends z.ZodType> {
  body?: unknown;
  headers?: Record<string, string>;
  /** The shared schema of the response; a response of another shape is treated as a failure. */
  schema?: S;
}

export interface ApiFailure {
  method: HttpMethod;
  path: string;
  /** 0 for a network failure. */
  status: number;
  code: string;
  message: string;
}

const failureListeners = new Set<(failure: ApiFailure) => void>();

/** Hears every failed call (the error reporter decides which to report, SPEC §8). Returns an unsubscribe. */
export function onApiFailure(listener: (failure: ApiFailure) => void): () => void {
  failureListeners.add(listener);
  return () => failureListeners.delete(listener);
}

/** The one data client every feature uses, in the browser and in the desktop console alike. */
export async function apiRequest<S extends z.ZodType = z.ZodUnknown>(method: HttpMethod, path: string, options: RequestOptions<S> = {}): Promise<z.output<S>> {
  try {
    return await sendRequest(method, path, options);
  } catch (error) {
    if (error instanceof ApiRequestError) {
      for (const listener of failureListeners) listener({ method, path, status: error.status, code: error.code, message: error.message });
    }
    throw error;
  }
}

const CSRF_HEADER = 'X-CSRF-Token';
const isStateChanging = (method: HttpMethod) => method !== 'GET';
/** Calls after which the session id is new or gone, so the token bound to the old one is dropped. */
const sessionChangingPaths = /^\/api\/(auth\/(signin|callback|signout|force-signout|register|password-reset\/confirm)|user\/password)\b/;

let csrfToken: Promise<string> | undefined;

/** The CSRF token of this session, fetched once from /api/auth/csrf and then reused. */
function currentCsrfToken(): Promise<string> {
  csrfToken ??= transport()
    .send('GET', '/api/auth/csrf', undefined, {})
    .then((response) => {
      const token = (response.body as { csrfToken?: unknown } | undefined)?.csrfToken;
      if (response.status !== 200 || typeof token !== 'string') throw new Error('No CSRF token');
      return token;
    })
    .catch((error: unknown) => {
      csrfToken = undefined;
      throw error;
    });
  return csrfToken;
}

/** Forgets the CSRF token, so the next state-changing call fetches one for the current session. */
export function resetCsrfToken() {
  csrfToken = undefined;
}

async function send(method: HttpMethod, path: string, options: RequestOptions<z.ZodType>): Promise<{ status: number; body: unknown }> {
  const headers = { ...(options.headers ?? {}) };
  if (isStateChanging(method)) headers[CSRF_HEADER] = await currentCsrfToken();
  return transport().send(method, path, options.body, headers);
}

const isCsrfRefusal = (response: { status: number; body: unknown }) => response.status === 403 && (response.body as { error?: unknown } | undefined)?.error === 'csrf_invalid';

async function sendRequest<S extends z.ZodType>(method: HttpMethod, path: string, options: RequestOptions<S>): Promise<z.output<S>> {
  let response: { status: number; body: unknown };
  try {
    response = await send(method, path, options);
    // The session changed under the token (signed in elsewhere, expired): fetch a new token and retry once.
    if (isStateChanging(method) && isCsrfRefusal(response)) {
      resetCsrfToken();
      response = await send(method, path, options);
    }
  } catch {
    throw new ApiRequestError(0, 'network_error', 'Network error. Please check your connection and try again.');
  }
  if (isStateChanging(method) && sessionChangingPaths.test(path)) resetCsrfToken();
  if (response.status >= 400) {
    const parsed = apiErrorSchema.safeParse(response.body);
    if (parsed.success) throw new ApiRequestError(response.status, parsed.data.error, parsed.data.message, parsed.data.issues);
    throw new ApiRequestError(response.status, 'http_error', `The server answered ${response.status}.`);
  }
  if (!options.schema) return response.body as z.output<S>;
  const checked = options.schema.safeParse(response.body);
  if (!checked.success) throw new ApiRequestError(response.status, 'unexpected_response', 'The server sent an answer this page does not understand.');
  return checked.data;
}
