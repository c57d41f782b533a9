import { desktopApiRequestSchema } from '../../../shared/contracts/desktop';
import type { DesktopApiResponse } from '../../preload/bridge-types';
import { type ConsoleEvent, consoleEventOf } from './console-events';

type Fetch = (url: string, init: { method: string; headers: Record<string, string>; body?: string }) => Promise<Response>;

interface ApiRequestDeps {
  fetch: Fetch;
  getServerUrl: () => string;
  /** Hears sign-in, sign-out and the end of support mode, as the server confirmed them. */
  onConsoleEvent?: (event: ConsoleEvent) => void;
}

/**
 * The desktop's data client: the renderer's API calls are made here, against the configured
 * server, with the console's persistent cookie jar (Electron's net.fetch on its session).
 */
export function createApiRequestHandler({ fetch, getServerUrl, onConsoleEvent }: ApiRequestDeps) {
  return async (input: unknown): Promise<DesktopApiResponse> => {
    const parsed = desktopApiRequestSchema.safeParse(input);
    if (!parsed.success) {
      return { status: 400, headers: {}, body: { error: 'validation_error', message: parsed.error.issues[0]?.message ?? 'The request is not valid.' } };
    }
    const { method, path, body, headers = {} } = parsed.data;
    let answer: DesktopApiResponse;
    try {
      const response = await fetch(`${getServerUrl()}${path}`, {
        method,
        headers: { Accept: 'application/json', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      const responseHeaders: Record<string, string> = {};
      response.headers.forEach((value, key) => (responseHeaders[key] = value));
      answer = { status: response.status, headers: responseHeaders, body: text && responseHeaders['content-type']?.includes('json') ? JSON.parse(text) : text };
    } catch {
      return { status: 503, headers: {}, body: { error: 'server_unreachable', message: `The console cannot reach the server at ${getServerUrl()}. Check the address in settings and your connection.` } };
    }
    const event = consoleEventOf(parsed.data, answer);
    if (event) onConsoleEvent?.(event);
    return answer;
  };
}
