import { DESKTOP_RESPONSE_HEADERS, type DesktopDownloadProgress, type DesktopFormPart, desktopApiRequestSchema, desktopServerUrlSchema } from '../../../shared/contracts/desktop';
import type { DesktopApiResponse } from '../../preload/bridge-types';
import { type ConsoleEvent, consoleEventOf } from './console-events';

type Fetch = (url: string, init: { method: string; headers: Record<string, string>; body?: string | FormData }) => Promise<Response>;

interface ApiRequestDeps {
  fetch: Fetch;
  getServerUrl: () => string;
  /** Hears sign-in, sign-out and the end of support mode, as the server confirmed them. */
  onConsoleEvent?: (event: ConsoleEvent) => void;
}

const refusal = (status: number, error: string, message: string): DesktopApiResponse => ({ status, headers: {}, body: { error, message } });

function formDataOf(parts: DesktopFormPart[]): FormData {
  const form = new FormData();
  for (const part of parts) {
    if ('bytes' in part) form.append(part.name, new Blob([part.bytes], { type: part.contentType }), part.fileName);
    else form.append(part.name, part.value);
  }
  return form;
}

/** Only the allow-listed headers go back to the renderer (never Set-Cookie). */
function visibleHeaders(response: Response): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of DESKTOP_RESPONSE_HEADERS) {
    const value = response.headers.get(name);
    if (value !== null) headers[name] = value;
  }
  return headers;
}

/** A file's bytes, read chunk by chunk so the page can say how much has come (a season's CSV takes a while on a farm office's line). */
async function bytesOf(response: Response, tellReceived: ((receivedBytes: number) => void) | undefined): Promise<Uint8Array> {
  if (!tellReceived || !response.body) return new Uint8Array(await response.arrayBuffer());
  const chunks: Uint8Array[] = [];
  let received = 0;
  const reader = response.body.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    chunks.push(read.value);
    received += read.value.byteLength;
    tellReceived(received);
  }
  const bytes = new Uint8Array(received);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

async function bodyOf(response: Response, headers: Record<string, string>, wantsBytes: boolean, tellReceived?: (receivedBytes: number) => void): Promise<unknown> {
  if (wantsBytes && response.ok) return bytesOf(response, tellReceived);
  const text = await response.text();
  return text && headers['content-type']?.includes('json') ? JSON.parse(text) : text;
}

/**
 * The desktop's data client: the renderer's API calls are made here, against the configured
 * server, with the console's persistent cookie jar (Electron's net.fetch on its session). Only
 * paths under /api/ of that server, only the allow-listed headers, and only an https:// server
 * (or one on this computer) are ever reached. A file asked for with a progressId is told to
 * `onProgress` as it comes.
 */
export function createApiRequestHandler({ fetch, getServerUrl, onConsoleEvent }: ApiRequestDeps) {
  return async (input: unknown, onProgress?: (progress: DesktopDownloadProgress) => void): Promise<DesktopApiResponse> => {
    const parsed = desktopApiRequestSchema.safeParse(input);
    if (!parsed.success) return refusal(400, 'validation_error', parsed.error.issues[0]?.message ?? 'The request is not valid.');
    const server = desktopServerUrlSchema.safeParse(getServerUrl());
    if (!server.success) return refusal(400, 'server_url_refused', server.error.issues[0]?.message ?? 'The server address is refused.');
    const { method, path, body, form, headers = {}, responseType, progressId } = parsed.data;
    const tellReceived = progressId !== undefined && onProgress ? (receivedBytes: number) => onProgress({ progressId, receivedBytes }) : undefined;
    const url = new URL(`${server.data}${path}`);
    // Belt and braces: whatever the path held, the call stays on the server's origin.
    if (url.origin !== new URL(server.data).origin) return refusal(400, 'validation_error', 'The console only sends requests to paths under /api/ of its server.');

    let answer: DesktopApiResponse;
    try {
      const response = await fetch(url.href, {
        method,
        headers: {
          Accept: responseType === 'bytes' ? '*/*' : 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...headers,
        },
        body: form ? formDataOf(form) : body === undefined ? undefined : JSON.stringify(body),
      });
      const responseHeaders = visibleHeaders(response);
      answer = { status: response.status, headers: responseHeaders, body: await bodyOf(response, responseHeaders, responseType === 'bytes', tellReceived) };
    } catch {
      return refusal(503, 'server_unreachable', `The console cannot reach the server at ${server.data}. Check the address in settings and your connection.`);
    }
    const event = consoleEventOf(parsed.data, answer);
    if (event) onConsoleEvent?.(event);
    return answer;
  };
}
