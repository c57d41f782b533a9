import { DESKTOP_RESPONSE_HEADERS, type DesktopProgress, type DesktopFormPart, desktopApiRequestSchema, desktopServerUrlSchema } from '../../../shared/contracts/desktop';
import type { DesktopApiResponse } from '../../preload/bridge-types';
import { type ConsoleEvent, consoleEventOf } from './console-events';
import { type PartWriter, uploadInParts } from './upload-in-parts';

type Fetch = (url: string, init: { method: string; headers: Record<string, string>; body?: string | FormData }) => Promise<Response>;

interface ApiRequestDeps {
  fetch: Fetch;
  /**
   * A request on the same session a form is written through part by part, so the page hears how
   * much has gone (fetch hands Electron's request a body whole, and it goes only once all is read).
   */
  openUpload: (url: string, method: string) => PartWriter;
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
  let received = 0;
  const counted = response.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, onward) {
        received += chunk.byteLength;
        tellReceived(received);
        onward.enqueue(chunk);
      },
    }),
  );
  return new Uint8Array(await new Response(counted).arrayBuffer());
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
 * (or one on this computer) are ever reached. A call with a progressId tells `onProgress` how
 * much of its form has gone, or of its file has come.
 */
export function createApiRequestHandler({ fetch, openUpload, getServerUrl, onConsoleEvent }: ApiRequestDeps) {
  return async (input: unknown, onProgress?: (progress: DesktopProgress) => void): Promise<DesktopApiResponse> => {
    const parsed = desktopApiRequestSchema.safeParse(input);
    if (!parsed.success) return refusal(400, 'validation_error', parsed.error.issues[0]?.message ?? 'The request is not valid.');
    const server = desktopServerUrlSchema.safeParse(getServerUrl());
    if (!server.success) return refusal(400, 'server_url_refused', server.error.issues[0]?.message ?? 'The server address is refused.');
    const { method, path, body, form, headers = {}, responseType, progressId } = parsed.data;
    const tellSent = progressId !== undefined && onProgress ? (sentBytes: number, totalBytes: number) => onProgress({ progressId, sentBytes, totalBytes }) : undefined;
    const tellReceived = progressId !== undefined && onProgress ? (receivedBytes: number) => onProgress({ progressId, receivedBytes }) : undefined;
    const url = new URL(`${server.data}${path}`);
    // Belt and braces: whatever the path held, the call stays on the server's origin.
    if (url.origin !== new URL(server.data).origin) return refusal(400, 'validation_error', 'The console only sends requests to paths under /api/ of its server.');

    const sentHeaders = { Accept: responseType === 'bytes' ? '*/*' : 'application/json', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers };
    const send = async (): Promise<Response> => {
      if (!form || !tellSent) return fetch(url.href, { method, headers: sentHeaders, body: form ? formDataOf(form) : body === undefined ? undefined : JSON.stringify(body) });
      // The multipart body as fetch would send it (its boundary in the Content-Type), written in parts.
      const encoded = new Response(formDataOf(form));
      const bytes = new Uint8Array(await encoded.arrayBuffer());
      // No Content-Length: the parts go chunked, as Chromium sends a body it is handed as it comes.
      const upload = { headers: { ...sentHeaders, 'Content-Type': encoded.headers.get('content-type')! }, body: bytes };
      return uploadInParts(openUpload(url.href, method), upload, (sentBytes) => tellSent(sentBytes, bytes.byteLength));
    };

    let answer: DesktopApiResponse;
    try {
      const response = await send();
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
