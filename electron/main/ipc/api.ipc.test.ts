import { createServer, type IncomingHttpHeaders, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type DesktopProgress, desktopServerUrlSchema } from '../../../shared/contracts/desktop';
import { createApiRequestHandler } from './api.ipc';

/** Node's ClientRequest stands in for Electron's net.request: the same Writable, write callbacks and 'response'. */
const openUpload = (url: string, method: string) => httpRequest(url, { method });

let server: Server;
let serverUrl: string;
const seen: Array<{ method?: string; url?: string; body: string; headers: IncomingHttpHeaders }> = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      seen.push({ method: req.method, url: req.url, body, headers: req.headers });
      if (req.url === '/api/files/report.csv') {
        res.writeHead(200, { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="report.csv"', 'Set-Cookie': 'sid=secret; HttpOnly' });
        res.end('a,b\n1,2\n');
        return;
      }
      if (req.url === '/api/reports/season.csv') {
        // A file that comes in three parts, as a long export does over a slow line.
        res.writeHead(200, { 'Content-Type': 'text/csv' });
        res.write('paddock,crop\n');
        setTimeout(() => res.write('Home,Wheat\n'), 20);
        setTimeout(() => res.end('Creek,Canola\n'), 40);
        return;
      }
      if (req.url === '/api/upload') {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ contentType: req.headers['content-type'], body }));
        return;
      }
      res.writeHead(req.url === '/api/missing' ? 404 : 200, { 'Content-Type': 'application/json', 'Set-Cookie': 'sid=secret; HttpOnly' });
      res.end(JSON.stringify(req.url === '/api/auth/session' ? {} : { echoed: body ? JSON.parse(body) : null }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the desktop data client (main-process side)', () => {
  it('sends the call to the configured server and hands back status and JSON', async () => {
    const handle = createApiRequestHandler({ fetch, openUpload, getServerUrl: () => serverUrl });
    const response = await handle({ method: 'POST', path: '/api/form-submissions', body: { name: 'Jo' } });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ echoed: { name: 'Jo' } });
    expect(seen.at(-1)).toMatchObject({ method: 'POST', url: '/api/form-submissions' });
  });

  it('refuses paths outside /api/ without calling the server', async () => {
    const handle = createApiRequestHandler({ fetch, openUpload, getServerUrl: () => serverUrl });
    const before = seen.length;
    const escapes = [
      '/etc/passwd',
      '/api/../admin',
      'https://attacker.example/api/health',
      '//attacker.example/api/health',
      'file:///api/health',
      'javascript:alert(1)//api/',
      '/api/%2e%2e/admin',
      '/api/%2E%2E%2Fadmin',
      '/api/health%2f..%2f..%2fadmin',
      '/api/%252e%252e/admin',
      '/api/.%2e/admin',
      '/api/./health',
      '/api//attacker.example',
      '/api\\..\\admin',
      '/api/health#x',
      '/api/he alth',
      '/api/health\r\nX-Injected: 1',
      '/API/health',
    ];
    for (const path of escapes) {
      const response = await handle({ method: 'GET', path });
      expect(response, path).toMatchObject({ status: 400, body: { error: 'validation_error', message: 'The console only sends requests to paths under /api/ of its server.' } });
    }
    expect(seen.length).toBe(before);
  });

  it('sends only the allow-listed headers and refuses a call that adds any other', async () => {
    const handle = createApiRequestHandler({ fetch, openUpload, getServerUrl: () => serverUrl });
    const before = seen.length;
    for (const name of ['Cookie', 'Authorization', 'Host', 'Origin', 'X-Forwarded-For', 'Sec-Fetch-Site']) {
      const response = await handle({ method: 'GET', path: '/api/health', headers: { [name]: 'x' } });
      expect(response, name).toMatchObject({ status: 400, body: { error: 'validation_error', message: `The console does not send the header “${name}”.` } });
    }
    expect((await handle({ method: 'POST', path: '/api/health', headers: { 'X-CSRF-Token': 'a\r\nCookie: sid=x' } })).status).toBe(400);
    expect(seen.length).toBe(before);

    expect((await handle({ method: 'POST', path: '/api/form-submissions', body: {}, headers: { 'X-CSRF-Token': 'token-1', 'Idempotency-Key': 'key-1' } })).status).toBe(200);
    expect(seen.at(-1)?.headers).toMatchObject({ 'x-csrf-token': 'token-1', 'idempotency-key': 'key-1' });
  });

  it('never hands the session cookie (Set-Cookie) to the renderer', async () => {
    const handle = createApiRequestHandler({ fetch, openUpload, getServerUrl: () => serverUrl });
    const response = await handle({ method: 'GET', path: '/api/health' });
    expect(response.status).toBe(200);
    expect(response.headers).toEqual({ 'content-type': 'application/json' });
  });

  it('refuses an http:// server address that is not this computer, before sending anything', async () => {
    const before = seen.length;
    for (const address of ['http://console.grainmutual.example', 'http://10.0.0.5:3000', 'http://128.0.0.1', 'http://localhost.attacker.example', 'ftp://127.0.0.1']) {
      const handle = createApiRequestHandler({ fetch, openUpload, getServerUrl: () => address });
      const response = await handle({ method: 'GET', path: '/api/health' });
      expect(response, address).toMatchObject({ status: 400, body: { error: 'server_url_refused', message: expect.stringContaining(`The server address ${address} is refused`) } });
    }
    expect(seen.length).toBe(before);
  });

  it('accepts https:// anywhere and http:// on this computer only', () => {
    for (const address of ['https://console.grainmutual.example', 'https://10.0.0.5:8443/', 'http://localhost:3000', 'http://127.0.0.1:3000', 'http://127.9.9.9', 'http://[::1]:3000']) {
      expect(desktopServerUrlSchema.safeParse(address).success, address).toBe(true);
    }
    expect(desktopServerUrlSchema.parse('https://console.grainmutual.example/')).toBe('https://console.grainmutual.example');
    for (const address of [
      'http://127.0.0.1.attacker.example',
      'http://0x7f000002.attacker.example',
      'https://user:pass@console.grainmutual.example',
      'https://console.grainmutual.example/?next=x',
      'console.grainmutual.example',
    ]) {
      expect(desktopServerUrlSchema.safeParse(address).success, address).toBe(false);
    }
  });

  it('sends a multipart form and hands back a file as bytes with its name', async () => {
    const handle = createApiRequestHandler({ fetch, openUpload, getServerUrl: () => serverUrl });
    const upload = await handle({
      method: 'POST',
      path: '/api/upload',
      form: [
        { name: 'description', value: 'Hail on the east paddock' },
        { name: 'photos', fileName: 'hail.png', contentType: 'image/png', bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47]) },
      ],
    });
    const echoed = upload.body as { contentType: string; body: string };
    expect(echoed.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(echoed.body).toContain('name="description"\r\n\r\nHail on the east paddock');
    expect(echoed.body).toContain('name="photos"; filename="hail.png"\r\nContent-Type: image/png');

    const file = await handle({ method: 'GET', path: '/api/files/report.csv', responseType: 'bytes' });
    expect(file.status).toBe(200);
    expect(file.headers).toEqual({ 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="report.csv"' });
    expect(new TextDecoder().decode(file.body as Uint8Array)).toBe('a,b\n1,2\n');
  });

  it('tells the page how much of a file has come, part by part, when the call asks with a progressId', async () => {
    const handle = createApiRequestHandler({ fetch, openUpload, getServerUrl: () => serverUrl });
    const told: unknown[] = [];
    const file = await handle({ method: 'GET', path: '/api/reports/season.csv', responseType: 'bytes', progressId: 'download-1' }, (progress) => told.push(progress));
    expect(new TextDecoder().decode(file.body as Uint8Array)).toBe('paddock,crop\nHome,Wheat\nCreek,Canola\n');
    expect(told).toEqual([
      { progressId: 'download-1', receivedBytes: 13 },
      { progressId: 'download-1', receivedBytes: 24 },
      { progressId: 'download-1', receivedBytes: 37 },
    ]);

    const untold: unknown[] = [];
    await handle({ method: 'GET', path: '/api/reports/season.csv', responseType: 'bytes' }, (progress) => untold.push(progress));
    await handle({ method: 'GET', path: '/api/missing', responseType: 'bytes', progressId: 'download-2' }, (progress) => untold.push(progress));
    expect(untold).toEqual([]);
  });

  it('sends a form part by part when the call asks with a progressId, telling the page how much has gone of how much', async () => {
    const handle = createApiRequestHandler({ fetch, openUpload, getServerUrl: () => serverUrl });
    const told: DesktopProgress[] = [];
    const photo = new TextEncoder().encode('p'.repeat(200_000));
    const upload = await handle(
      {
        method: 'POST',
        path: '/api/upload',
        headers: { 'X-CSRF-Token': 'token-1' },
        form: [
          { name: 'description', value: 'Hail on the east paddock' },
          { name: 'photos', fileName: 'hail.jpg', contentType: 'image/jpeg', bytes: photo },
        ],
        progressId: 'upload-1',
      },
      (progress) => told.push(progress),
    );
    const echoed = upload.body as { contentType: string; body: string };
    expect(upload.status).toBe(200);
    expect(echoed.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(echoed.body).toContain('name="description"\r\n\r\nHail on the east paddock');
    expect(echoed.body).toContain(`name="photos"; filename="hail.jpg"\r\nContent-Type: image/jpeg\r\n\r\n${'p'.repeat(200_000)}\r\n`);
    expect(seen.at(-1)?.headers).toMatchObject({ 'x-csrf-token': 'token-1', 'transfer-encoding': 'chunked' });

    const total = Buffer.byteLength(echoed.body);
    expect(told).toEqual([65_536, 131_072, 196_608, total].map((sentBytes) => ({ progressId: 'upload-1', sentBytes, totalBytes: total })));
  });

  it('refuses a progressId that is not a plain name', async () => {
    const handle = createApiRequestHandler({ fetch, openUpload, getServerUrl: () => serverUrl });
    const refused = await handle({ method: 'GET', path: '/api/reports/season.csv', responseType: 'bytes', progressId: '<script>' });
    expect(refused).toMatchObject({ status: 400, body: { error: 'validation_error', message: 'progressId must be 1 to 64 letters, digits or dashes.' } });
  });

  it('says which address it could not reach', async () => {
    const handle = createApiRequestHandler({ fetch, openUpload, getServerUrl: () => 'http://127.0.0.1:1' });
    const response = await handle({ method: 'GET', path: '/api/health' });
    expect(response.status).toBe(503);
    expect(response.body).toMatchObject({ error: 'server_unreachable', message: expect.stringContaining('http://127.0.0.1:1') });
  });

  it('tells the console what the server confirmed about the session', async () => {
    const onConsoleEvent = vi.fn();
    const handle = createApiRequestHandler({ fetch, openUpload, getServerUrl: () => serverUrl, onConsoleEvent });
    await handle({ method: 'GET', path: '/api/health' });
    expect(onConsoleEvent).not.toHaveBeenCalled();
    await handle({ method: 'GET', path: '/api/auth/session' });
    expect(onConsoleEvent).toHaveBeenCalledWith({ type: 'signed-out' });
  });
});
