/**
 * A CSV export as the browser receives it: whole when every page is read, a 500 with nothing of a
 * file when the first page cannot be read, cut off (never a file that looks whole) when a later page
 * fails, and no longer read once the browser has gone.
 */
import { type AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, expect, it } from 'vitest';
import { EXPORT_PAGE_SIZE, sendCsv } from './csv-download';

const COLUMNS = { header: ['Paddock', 'Hectares'], row: (index: number) => [`Paddock ${index}`, index] };
const page = (from: number) => Array.from({ length: EXPORT_PAGE_SIZE }, (_, offset) => from + offset);

let close: (() => void) | undefined;
afterEach(() => close?.());

/** A real server whose one route exports the pages given; answers its address. */
async function serving(pages: () => AsyncIterable<number[]>): Promise<string> {
  const app = express();
  app.get('/export.csv', (_req, res, next) => {
    sendCsv(res, 'paddocks.csv', COLUMNS, pages()).catch(next);
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  close = () => server.close();
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/export.csv`;
}

it('sends every page, with the header once and the file named', async () => {
  const address = await serving(async function* () {
    yield page(0);
    yield page(EXPORT_PAGE_SIZE);
  });
  const response = await fetch(address);
  expect([response.status, response.headers.get('content-type'), response.headers.get('content-disposition')]).toEqual([200, 'text/csv; charset=utf-8', 'attachment; filename="paddocks.csv"']);
  const bytes = new Uint8Array(await response.arrayBuffer());
  // The byte-order mark, so that Excel reads accents.
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = new TextDecoder().decode(bytes).split('\r\n');
  expect([lines[0], lines[1], lines[2 * EXPORT_PAGE_SIZE], lines.length]).toEqual([
    'Paddock,Hectares',
    'Paddock 0,0',
    `Paddock ${2 * EXPORT_PAGE_SIZE - 1},${2 * EXPORT_PAGE_SIZE - 1}`,
    2 * EXPORT_PAGE_SIZE + 2,
  ]);
});

it('answers the failure itself when the first page cannot be read, with nothing of a file', async () => {
  const address = await serving(async function* () {
    yield* [];
    throw new Error('the database is away');
  });
  const response = await fetch(address);
  expect(response.status).toBe(500);
  expect(response.headers.get('content-disposition')).toBeNull();
});

it('cuts the download off when a later page fails, so no file that looks whole arrives', async () => {
  const address = await serving(async function* () {
    yield page(0);
    throw new Error('the database went away');
  });
  const outcome = await fetch(address)
    .then((response) => response.text())
    .then(
      () => 'a whole file',
      () => 'cut off',
    );
  expect(outcome).toBe('cut off');
});

it('stops reading pages once the browser has gone', async () => {
  let pagesRead = 0;
  let finished!: () => void;
  const closed = new Promise<void>((resolve) => (finished = resolve));
  const address = await serving(async function* () {
    try {
      for (;;) {
        pagesRead += 1;
        yield page(0);
      }
    } finally {
      finished();
    }
  });
  const abort = new AbortController();
  const response = await fetch(address, { signal: abort.signal });
  await response.body?.getReader().read();
  abort.abort();
  await closed;
  const atClose = pagesRead;
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(pagesRead).toBe(atClose);
});
