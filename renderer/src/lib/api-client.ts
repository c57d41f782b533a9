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

/** The one data client every feature uses, in the browser and in the desktop console alike. */
export async function apiRequest<S extends z.ZodType = z.ZodUnknown>(method: HttpMethod, path: string, options: RequestOptions<S> = {}): Promise<z.output<S>> {
  let response: { status: number; body: unknown };
  try {
    response = await transport().send(method, path, options.body, options.headers ?? {});
  } catch {
    throw new ApiRequestError(0, 'network_error', 'Network error. Please check your connection and try again.');
  }
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
