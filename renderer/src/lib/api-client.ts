import type { z } from 'zod';
import type { DesktopFormPart } from '@shared/contracts/desktop';
import { IDEMPOTENCY_KEY_HEADER, SENT_ONCE_MESSAGES } from '@shared/contracts/idempotency-headers';
import { type Endpoint, endpointPath, type HttpMethod } from '@shared/endpoints/endpoint';
import { withQuery } from './query-string';

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

/** Hears how many bytes of an upload have gone, and of how many. */
export type UploadProgressListener = (sentBytes: number, totalBytes: number) => void;

/** One call as the transports see it: a JSON body or a multipart form, and a JSON or binary answer. */
interface TransportRequest {
  method: HttpMethod;
  path: string;
  headers: Record<string, string>;
  body?: unknown;
  form?: FormData;
  responseType: 'json' | 'bytes';
  /** For 'bytes': hears how many bytes of the answer have come so far, where the transport can tell. */
  onProgress?: (receivedBytes: number) => void;
  /** For a form: hears how much of it has gone, where the transport can tell. */
  onUploadProgress?: UploadProgressListener | undefined;
}

/** For 'bytes', a successful answer's body is a Blob; a refusal's is the server's JSON error. */
interface TransportResponse {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

interface Transport {
  send(request: TransportRequest): Promise<TransportResponse>;
}

const parseJson = (text: string): unknown => {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON (an HTML error page from a proxy, say); the status still tells the story.
    return text;
  }
};

/** A successful answer's bytes, read chunk by chunk so a long download can say how far it has come. */
async function blobOf(response: Response, onProgress: ((receivedBytes: number) => void) | undefined): Promise<Blob> {
  if (!onProgress || !response.body) return response.blob();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  const reader = response.body.getReader();
  try {
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      chunks.push(read.value);
      received += read.value.byteLength;
      onProgress(received);
    }
  } catch {
    // The server cuts a download off when it fails after its first rows (server/src/lib/csv-download.ts).
    throw new ApiRequestError(0, 'download_broken_off', 'The download broke off before the end of the file. Try again.');
  }
  return new Blob(chunks, { type: response.headers.get('content-type') ?? 'application/octet-stream' });
}

/** The answer's headers a caller reads. */
const ANSWER_HEADERS = ['content-type', 'content-disposition'];

/**
 * A form sent with XMLHttpRequest, whose upload events tell how much has gone: fetch cannot, and
 * three camera photos take minutes on a farm's mobile connection.
 */
function sendFormTellingProgress({ method, path, headers }: TransportRequest, form: FormData, onUploadProgress: UploadProgressListener): Promise<TransportResponse> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(method, path);
    request.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value);
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onUploadProgress(event.loaded, event.total);
    });
    request.addEventListener('load', () => {
      const answerHeaders = Object.fromEntries(
        ANSWER_HEADERS.flatMap((name) => {
          const value = request.getResponseHeader(name);
          return value === null ? [] : [[name, value]];
        }),
      );
      resolve({ status: request.status, headers: answerHeaders, body: parseJson(request.responseText) });
    });
    // As with fetch, a form that never got an answer rejects, and the caller calls it a network error.
    for (const failure of ['error', 'abort', 'timeout']) request.addEventListener(failure, () => reject(new TypeError(`The upload ended with ${failure}.`)));
    request.send(form);
  });
}

/** In the browser: fetch on the same origin, with the session cookie (a form whose progress is wanted: XMLHttpRequest). */
const browserTransport: Transport = {
  async send(request) {
    const { method, path, headers, body, form, responseType, onProgress, onUploadProgress } = request;
    if (form && onUploadProgress) return sendFormTellingProgress(request, form, onUploadProgress);
    const response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: { Accept: responseType === 'bytes' ? '*/*' : 'application/json', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
      body: form ?? (body === undefined ? undefined : JSON.stringify(body)),
    });
    const responseHeaders = Object.fromEntries(ANSWER_HEADERS.flatMap((name) => (response.headers.has(name) ? [[name, response.headers.get(name)!]] : [])));
    if (responseType === 'bytes' && response.ok) return { status: response.status, headers: responseHeaders, body: await blobOf(response, onProgress) };
    return { status: response.status, headers: responseHeaders, body: parseJson(await response.text()) };
  },
};

/** A form's fields and files as the bridge carries them (structured-clone data: strings and bytes). */
async function formParts(form: FormData): Promise<DesktopFormPart[]> {
  const parts: DesktopFormPart[] = [];
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string') parts.push({ name, value });
    else parts.push({ name, fileName: value.name, contentType: value.type || 'application/octet-stream', bytes: new Uint8Array(await value.arrayBuffer()) });
  }
  return parts;
}

/** In the desktop console: the same calls, made by the main process through the preload bridge. */
const desktopTransport: Transport = {
  async send({ method, path, headers, body, form, responseType, onProgress, onUploadProgress }) {
    const bridge = window.desktop;
    if (!bridge) throw new Error('The desktop bridge is missing.');
    const listeners = { onProgress: responseType === 'bytes' ? onProgress : undefined, onUploadProgress: form ? onUploadProgress : undefined };
    const response = await bridge.request(
      { method, path, headers, responseType, ...(form ? { form: await formParts(form) } : { body }) },
      listeners.onProgress || listeners.onUploadProgress ? listeners : undefined,
    );
    if (response.body instanceof Uint8Array) {
      return { ...response, body: new Blob([response.body as Uint8Array<ArrayBuffer>], { type: response.headers['content-type'] ?? 'application/octet-stream' }) };
    }
    return response;
  },
};

function transport(): Transport {
  return typeof window !== 'undefined' && window.desktop ? desktopTransport : browserTransport;
}

/** True in the desktop console, where /api/ URLs do not load by themselves (see lib/api-files.tsx). */
export function usesDesktopTransport(): boolean {
  return transport() === desktopTransport;
}

export interface RequestOptions<S extends z.ZodType> {
  body?: unknown;
  /** A multipart form (uploads) instead of a JSON body. */
  form?: FormData;
  /** What a 413 answer says to the person (the server's own message is used when it sends one). */
  tooLargeMessage?: string;
  headers?: Record<string, string>;
  /** The shared schema of the response; a response of another shape is treated as a failure. */
  schema?: S;
  /** For a file: hears how many of its bytes have come so far (on the web and in the console). */
  onProgress?: (receivedBytes: number) => void;
  /** For a form: hears how much of it has gone (on the web and in the console). */
  onUploadProgress?: UploadProgressListener | undefined;
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

/** Hears every failed call (the error reporter decides which to report, docs/behaviour.md §8). Returns an unsubscribe. */
export function onApiFailure(listener: (failure: ApiFailure) => void): () => void {
  failureListeners.add(listener);
  return () => failureListeners.delete(listener);
}

/** Runs a call and tells the failure listeners about an ApiRequestError before passing it on. */
async function reportingFailure<T>(method: HttpMethod, path: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ApiRequestError) {
      for (const listener of failureListeners) listener({ method, path, status: error.status, code: error.code, message: error.message });
    }
    throw error;
  }
}

/** The one data client every feature uses, in the browser and in the desktop console alike. */
export function apiRequest<S extends z.ZodType = z.ZodUnknown>(method: HttpMethod, path: string, options: RequestOptions<S> = {}): Promise<z.output<S>> {
  return reportingFailure(method, path, () => sendRequest(method, path, options));
}

type Part<E extends Endpoint, K extends 'params' | 'query' | 'body'> = E[K] extends z.ZodType
  ? object extends z.input<E[K]>
    ? { [P in K]?: z.input<E[K]> }
    : { [P in K]: z.input<E[K]> }
  : { [P in K]?: never };

/** The address of an endpoint of the table: its parameters and query as its schemas take them. */
export type EndpointAddress<E extends Endpoint> = Part<E, 'params'> & Part<E, 'query'>;

/** A multipart form (an upload) in place of the JSON body: its fields are the body the endpoint's schema reads, beside the files. */
type FormPart<E extends Endpoint> = E['body'] extends z.ZodType ? { form: FormData; body?: never } : never;

/** What a call to an endpoint sends: its address, its body (or a form, with who hears how much has gone), headers of its own, and how a 413 is told. */
export type EndpointCall<E extends Endpoint> = EndpointAddress<E> & (Part<E, 'body'> | FormPart<E>) & Pick<RequestOptions<z.ZodType>, 'form' | 'tooLargeMessage' | 'onUploadProgress' | 'headers'>;

type Optional<T> = object extends T ? [T?] : [T];

type QueryValues = Record<string, string | number | undefined>;

/** The path of an endpoint with its parameters and query filled in (for a file link or a call). */
export function endpointUrl<E extends Endpoint>(definition: E, ...[address]: Optional<EndpointAddress<E>>): string {
  const path = endpointPath(definition, address?.params as never);
  return address?.query ? withQuery(path, address.query as QueryValues) : path;
}

/**
 * Calls an endpoint of the table (shared/endpoints): the input typed by its schemas, the answer
 * checked with its response schema. A sending to an endpoint marked `sentOnce` carries its key.
 */
export function callEndpoint<E extends Endpoint>(definition: E, ...[call]: Optional<EndpointCall<E>>): Promise<E['response'] extends z.ZodType ? z.output<E['response']> : unknown> {
  const path = endpointUrl(definition, call as never);
  const send = (headers: Record<string, string> | undefined) =>
    apiRequest(definition.method, path, {
      body: call?.body,
      form: call?.form,
      tooLargeMessage: call?.tooLargeMessage,
      onUploadProgress: call?.onUploadProgress,
      headers,
      schema: definition.response,
    });
  const contents = call?.form ? formContents(call.form) : JSON.stringify(call?.body ?? null);
  return (definition.sentOnce ? sendOnce(`${definition.method} ${path} ${contents}`, call?.headers, send) : send(call?.headers)) as never;
}

/** A form's fields, and each file as the person chose it (the server checks the bytes): the same form pressed again is the same sending. */
function formContents(form: FormData): string {
  return JSON.stringify([...form.entries()].map(([name, value]) => [name, typeof value === 'string' ? value : [value.name, value.size, value.lastModified]]));
}

/**
 * The Idempotency-Key of each sending not yet answered, by its address and contents: the same
 * message sent again after "Network error" (its answer lost on the way, say) carries the same key,
 * and the server answers the first sending's answer instead of keeping it twice. Forgotten once the
 * server has answered, so the same words sent again on purpose are a new message.
 */
const unansweredSendings = new Map<string, string>();

/** No answer, a failure on our side, the first sending still under way or kept already: a repeat keeps its key. Any other refusal freed it. */
const mayHaveBeenKept = (error: unknown) =>
  error instanceof ApiRequestError && (error.isNetworkError || error.status >= 500 || error.message === SENT_ONCE_MESSAGES.stillSending || error.message === SENT_ONCE_MESSAGES.keptAlready);

async function sendOnce<T>(contents: string, headers: Record<string, string> | undefined, send: (headers: Record<string, string>) => Promise<T>): Promise<T> {
  const key = unansweredSendings.get(contents) ?? crypto.randomUUID();
  unansweredSendings.set(contents, key);
  try {
    const answer = await send({ ...headers, [IDEMPOTENCY_KEY_HEADER]: key });
    unansweredSendings.delete(contents);
    return answer;
  } catch (error) {
    if (!mayHaveBeenKept(error)) unansweredSendings.delete(contents);
    throw error;
  }
}

const CSRF_HEADER = 'X-CSRF-Token';
const isStateChanging = (method: HttpMethod) => method !== 'GET';
/** Calls after which the session id is new or gone, so the token bound to the old one is dropped. */
const sessionChangingPaths = /^\/api\/(auth\/(signin|callback|signout|force-signout|register|password-reset\/confirm)|user\/password)\b/;

let csrfToken: Promise<string> | undefined;

/**
 * The server answered the token's request with a refusal (its database or session store away, say):
 * that answer is the call's answer, so the person reads the server's sentence, not "check your connection".
 */
class CsrfTokenRefused extends Error {
  constructor(readonly response: TransportResponse) {
    super(`The server answered ${response.status} to the CSRF token's request`);
  }
}

/** The CSRF token of this session, fetched once from /api/auth/csrf and then reused. */
function currentCsrfToken(): Promise<string> {
  csrfToken ??= transport()
    .send({ method: 'GET', path: '/api/auth/csrf', headers: {}, responseType: 'json' })
    .then((response) => {
      const token = (response.body as { csrfToken?: unknown } | undefined)?.csrfToken;
      if (response.status !== 200 || typeof token !== 'string') throw new CsrfTokenRefused(response);
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

/**
 * Answers asked for as a page opens, before the code that reads them has arrived (askEarly), by
 * path. The first call for the path takes its answer instead of asking again; one nobody takes is
 * dropped EARLY_ANSWER_KEPT_MS after it came, so no later call is handed an old answer.
 */
const earlyAnswers = new Map<string, Promise<TransportResponse>>();
const EARLY_ANSWER_KEPT_MS = 10_000;

/**
 * Asks for a GET's answer now, for the first call for `path` to take: a guarded page waits for who is
 * signed in, and on a farm's connection fetching the guard's code first costs a round trip.
 */
export function askEarly(path: string): void {
  if (earlyAnswers.has(path)) return;
  const answer = transport().send({ method: 'GET', path, headers: {}, responseType: 'json' });
  earlyAnswers.set(path, answer);
  const dropLater = () => setTimeout(() => earlyAnswers.get(path) === answer && earlyAnswers.delete(path), EARLY_ANSWER_KEPT_MS);
  answer.then(dropLater, dropLater);
}

/** The answer asked for early for this call, if it is one the early question fits (a plain GET of JSON), taken once. */
function takeEarlyAnswer(method: HttpMethod, path: string, options: RequestOptions<z.ZodType>, responseType: TransportRequest['responseType']) {
  if (method !== 'GET' || responseType !== 'json' || Object.keys(options.headers ?? {}).length > 0) return undefined;
  const answer = earlyAnswers.get(path);
  earlyAnswers.delete(path);
  return answer;
}

async function send(method: HttpMethod, path: string, options: RequestOptions<z.ZodType>, responseType: TransportRequest['responseType']): Promise<TransportResponse> {
  const early = takeEarlyAnswer(method, path, options, responseType);
  if (early) return early;
  const headers = { ...(options.headers ?? {}) };
  if (isStateChanging(method)) headers[CSRF_HEADER] = await currentCsrfToken();
  return transport().send({ method, path, headers, body: options.body, form: options.form, responseType, onProgress: options.onProgress, onUploadProgress: options.onUploadProgress });
}

const isCsrfRefusal = (response: TransportResponse) => response.status === 403 && (response.body as { error?: unknown } | undefined)?.error === 'csrf_invalid';

/**
 * The server's `{ error, message, issues }`, or undefined for any other body. The schema (and the
 * schema library) load with the first refusal: they are not part of what a page needs to show.
 */
async function parseApiError(body: unknown) {
  try {
    const { apiErrorSchema } = await import('@shared/contracts/api-error');
    const parsed = apiErrorSchema.safeParse(body);
    return parsed.success ? parsed.data : undefined;
  } catch {
    // The chunk could not be fetched (offline): the caller says what status came back.
    return undefined;
  }
}

/** Sends the call (once more with a fresh CSRF token if the session changed under it) and turns refusals into ApiRequestError. */
async function exchange(method: HttpMethod, path: string, options: RequestOptions<z.ZodType>, responseType: TransportRequest['responseType']): Promise<TransportResponse> {
  let response: TransportResponse;
  try {
    response = await send(method, path, options, responseType);
    // The session changed under the token (signed in elsewhere, expired): fetch a new token and retry once.
    if (isStateChanging(method) && isCsrfRefusal(response)) {
      resetCsrfToken();
      response = await send(method, path, options, responseType);
    }
  } catch (error) {
    if (error instanceof ApiRequestError) throw error;
    if (!(error instanceof CsrfTokenRefused && error.response.status >= 400)) throw new ApiRequestError(0, 'network_error', 'Network error. Please check your connection and try again.');
    response = error.response;
  }
  if (isStateChanging(method) && sessionChangingPaths.test(path)) resetCsrfToken();
  if (response.status >= 400) {
    const refusal = await parseApiError(response.body);
    if (refusal) throw new ApiRequestError(response.status, refusal.error, refusal.message, refusal.issues);
    const message = response.status === 413 && options.tooLargeMessage ? options.tooLargeMessage : `The server answered ${response.status}.`;
    throw new ApiRequestError(response.status, 'http_error', message);
  }
  return response;
}

async function sendRequest<S extends z.ZodType>(method: HttpMethod, path: string, options: RequestOptions<S>): Promise<z.output<S>> {
  const response = await exchange(method, path, options, 'json');
  if (!options.schema) return response.body as z.output<S>;
  const checked = options.schema.safeParse(response.body);
  if (!checked.success) throw new ApiRequestError(response.status, 'unexpected_response', 'The server sent an answer this page does not understand.');
  return checked.data;
}

/** A file the server sent: its bytes and the name the server gave it (Content-Disposition), if any. */
export interface ApiFile {
  blob: Blob;
  fileName: string | undefined;
}

/** The file name of a Content-Disposition header (filename*=UTF-8'' first, then filename=). */
export function fileNameOf(contentDisposition: string | undefined): string | undefined {
  if (!contentDisposition) return undefined;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(contentDisposition)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // Badly encoded: fall back to the plain name.
    }
  }
  return /filename="?([^";]+)"?/i.exec(contentDisposition)?.[1]?.trim();
}

/**
 * GET of a file (image, PDF, CSV) with the session, through the same transport as every other
 * call: fetch on the web, the bridge in the desktop console. Failures are ApiRequestError.
 */
export function apiFile(path: string, onProgress?: (receivedBytes: number) => void): Promise<ApiFile> {
  return reportingFailure('GET', path, async () => {
    const response = await exchange('GET', path, { onProgress }, 'bytes');
    if (!(response.body instanceof Blob)) throw new ApiRequestError(response.status, 'unexpected_response', 'The server sent an answer this page does not understand.');
    return { blob: response.body, fileName: fileNameOf(response.headers['content-disposition']) };
  });
}
