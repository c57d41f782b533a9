import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApiRequestHandler } from './api.ipc';

let server: Server;
let serverUrl: string;
const seen: Array<{ method?: string; url?: string; body: string }> = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      seen.push({ method: req.method, url: req.url, body });
      res.writeHead(req.url === '/api/missing' ? 404 : 200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(req.url === '/api/auth/session' ? {} : { echoed: body ? JSON.parse(body) : null }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the desktop data client (main-process side)', () => {
  it('sends the call to the configured server and hands back status and JSON', async () => {
    const handle = createApiRequestHandler({ fetch, getServerUrl: () => serverUrl });
    const response = await handle({ method: 'POST', path: '/api/form-submissions', body: { name: 'Jo' } });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ echoed: { name: 'Jo' } });
    expect(seen.at(-1)).toMatchObject({ method: 'POST', url: '/api/form-submissions' });
  });

  it('refuses paths outside /api/ without calling the server', async () => {
    const handle = createApiRequestHandler({ fetch, getServerUrl: () => serverUrl });
    const before = seen.length;
    expect((await handle({ method: 'GET', path: '/etc/passwd' })).status).toBe(400);
    expect((await handle({ method: 'GET', path: '/api/../admin' })).status).toBe(400);
    expect(seen.length).toBe(before);
  });

  it('says which address it could not reach', async () => {
    const handle = createApiRequestHandler({ fetch, getServerUrl: () => 'http://127.0.0.1:1' });
    const response = await handle({ method: 'GET', path: '/api/health' });
    expect(response.status).toBe(503);
    expect(response.body).toMatchObject({ error: 'server_unreachable', message: expect.stringContaining('http://127.0.0.1:1') });
  });

  it('tells the console what the server confirmed about the session', async () => {
    const onConsoleEvent = vi.fn();
    const handle = createApiRequestHandler({ fetch, getServerUrl: () => serverUrl, onConsoleEvent });
    await handle({ method: 'GET', path: '/api/health' });
    expect(onConsoleEvent).not.toHaveBeenCalled();
    await handle({ method: 'GET', path: '/api/auth/session' });
    expect(onConsoleEvent).toHaveBeenCalledWith({ type: 'signed-out' });
  });
});
