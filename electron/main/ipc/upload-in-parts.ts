import type { IncomingHttpHeaders } from 'node:http';
import { Readable } from 'node:stream';

/**
 * What an upload is written through: Electron's ClientRequest (net.request on the console's
 * session, with chunked encoding so each part goes as it is written rather than all at the end),
 * or Node's http.ClientRequest in the tests. Both call a write's callback once the part is taken.
 */
export interface PartWriter {
  setHeader(name: string, value: string): void;
  write(chunk: Uint8Array, callback: (error?: Error | null) => void): boolean;
  end(): void;
  once(event: 'response', listener: (response: AnsweredMessage) => void): this;
  once(event: 'error', listener: (error: Error) => void): this;
}

/** The part of an IncomingMessage (Electron's or Node's) the answer is read from. */
interface AnsweredMessage extends AsyncIterable<Uint8Array> {
  statusCode?: number;
  headers: IncomingHttpHeaders | Record<string, string | string[]>;
}

interface UploadInit {
  headers: Record<string, string>;
  body: Uint8Array;
}

/** A part small enough that the page hears how an upload of three camera photos goes, several times a second on a farm's line. */
const UPLOAD_PART_BYTES = 64 * 1024;

const NO_BODY_STATUSES = new Set([101, 204, 205, 304]);

function answerOf(message: AnsweredMessage): Response {
  const headers = new Headers();
  for (const [name, value] of Object.entries(message.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  const status = message.statusCode ?? 0;
  const body = NO_BODY_STATUSES.has(status) ? null : (Readable.toWeb(Readable.from(message)) as ReadableStream<Uint8Array>);
  return new Response(body, { status, headers });
}

/**
 * Writes `body` part by part, telling `onSent` how many bytes have gone after each part is taken,
 * and answers the server's response as fetch would.
 */
export function uploadInParts(request: PartWriter, { headers, body }: UploadInit, onSent: (sentBytes: number) => void): Promise<Response> {
  return new Promise((resolve, reject) => {
    request.once('response', (message) => resolve(answerOf(message)));
    request.once('error', reject);
    for (const [name, value] of Object.entries(headers)) request.setHeader(name, value);
    const writeFrom = (offset: number) => {
      if (offset >= body.byteLength) {
        request.end();
        return;
      }
      const end = Math.min(offset + UPLOAD_PART_BYTES, body.byteLength);
      request.write(body.subarray(offset, end), (error) => {
        if (error) return reject(error);
        onSent(end);
        writeFrom(end);
      });
    };
    writeFrom(0);
  });
}
