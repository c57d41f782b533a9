import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync } from 'node:zlib';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, signedInAgent } from './testing/accounts';
import { createTestApp, type TestApp } from './testing/test-app';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

describe('the HTTP application', () => {
  it('answers health after a database round trip', async () => {
    const response = await request(testApp.app).get('/api/health');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok', db: 'ok' });
  });

  it('answers an unknown /api path with a JSON 404', async () => {
    const response = await request(testApp.app).get('/api/does-not-exist');
    expect(response.status).toBe(404);
    expect(response.type).toBe('application/json');
    expect(response.body).toEqual({ error: 'not_found', message: 'No API route matches GET /api/does-not-exist.' });
  });

  it('answers malformed JSON with a 400 the caller can act on', async () => {
    const response = await request(testApp.app).post('/api/health').set('Content-Type', 'application/json').send('{"name": ');
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'malformed_json', message: 'The request body is not valid JSON.' });
  });

  it.each(['12', 'null', '"text"', 'true'])('answers JSON that is not an object or a list (%s) with a 400 that says so', async (body) => {
    const response = await request(testApp.app).post('/api/health').set('Content-Type', 'application/json').send(body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'malformed_json', message: 'The request body must be a JSON object or list, such as {"name": "value"}.' });
  });

  it('refuses a body over the size limit with 413', async () => {
    const response = await request(testApp.app)
      .post('/api/health')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ text: 'x'.repeat(1_100_000) }));
    expect(response.status).toBe(413);
    expect(response.body.error).toBe('payload_too_large');
  });

  it('serves the web app at every page address, and at any other address too but as 404 (the app draws its not-found page)', async () => {
    for (const path of ['/', '/quote?step=farm-mapping', '/dashboard/claims', '/admin/members', '/admin/errors/abc123', '/About/']) {
      const response = await request(testApp.app).get(path);
      expect(response.status, path).toBe(200);
      expect(response.text).toContain('data-test-index');
    }
    for (const path of ['/no-such-page', '/admin/no-such-page', '/dashboard/claims/extra', '/favicon-missing.png']) {
      const response = await request(testApp.app).get(path);
      expect(response.status, path).toBe(404);
      expect(response.text).toContain('data-test-index');
    }
  });

  it('sends a public page drawn at build time as its own HTML, whatever the case or trailing slash, and the app’s index.html for the rest', async () => {
    const prerendered = join(testApp.env.STATIC_DIR, 'prerendered');
    mkdirSync(prerendered, { recursive: true });
    writeFileSync(join(prerendered, 'about.html'), '<!doctype html><h1 data-test-prerendered>About us</h1>');
    writeFileSync(join(prerendered, 'home.html'), '<!doctype html><h1 data-test-prerendered>Protection for your crop</h1>');
    try {
      for (const [path, heading] of [
        ['/about', 'About us'],
        ['/About/', 'About us'],
        ['/', 'Protection for your crop'],
      ]) {
        const response = await request(testApp.app).get(path!);
        expect(response.status, path).toBe(200);
        expect(response.headers['cache-control']).toBe('no-cache');
        expect(response.text, path).toContain(`<h1 data-test-prerendered>${heading}</h1>`);
      }
      // A page of the list whose file the build did not write, and a page drawn in the browser only.
      for (const path of ['/faq', '/dashboard']) expect((await request(testApp.app).get(path)).text, path).toContain('data-test-index');
    } finally {
      rmSync(prerendered, { recursive: true, force: true });
    }
  });

  it('keeps a referral link’s code in a cookie as it sends the page, so a link followed before the app’s code arrives keeps it; not a value that is no code', async () => {
    const referred = await request(testApp.app).get('/?ref=wheatbelt-ag');
    expect(referred.headers['set-cookie']).toEqual(['grain.ref=WHEATBELT-AG; Path=/; SameSite=Lax']);
    for (const path of ['/about', '/?ref=%3Cb%3Ex%3C%2Fb%3E', '/?ref=a', '/?ref=one&ref=two']) expect((await request(testApp.app).get(path)).headers['set-cookie'], path).toBeUndefined();
  });

  it('sends the quote’s drawn first step to a visitor at its bare address only: a browser with a session, and an address with a query, get the app to draw their own', async () => {
    const prerendered = join(testApp.env.STATIC_DIR, 'prerendered');
    mkdirSync(prerendered, { recursive: true });
    writeFileSync(join(prerendered, 'quote.html'), '<!doctype html><h1 data-test-prerendered>Your details</h1>');
    await createTestUser(testApp.db, { email: 'drawn-quote@example.com' });
    try {
      const visitor = await request(testApp.app).get('/quote/');
      expect(visitor.status).toBe(200);
      expect(visitor.text).toContain('data-test-prerendered');
      // Which HTML is sent depends on the cookie, and caches on the way are told so.
      expect(visitor.headers['vary']).toMatch(/Cookie/);
      expect((await request(testApp.app).get('/about')).headers['vary'] ?? '').not.toMatch(/Cookie/);
      for (const path of ['/quote?step=personal-details', '/quote?ref=WHEATBELT', '/quote?customerId=someone']) {
        expect((await request(testApp.app).get(path)).text, path).toContain('data-test-index');
      }
      const member = await signedInAgent(testApp.app, 'drawn-quote@example.com');
      expect((await member.get('/quote')).text).toContain('data-test-index');
      // The same member's other public pages are drawn for anyone.
      writeFileSync(join(prerendered, 'about.html'), '<!doctype html><h1 data-test-prerendered>About us</h1>');
      expect((await member.get('/about')).text).toContain('data-test-prerendered');
    } finally {
      rmSync(prerendered, { recursive: true, force: true });
    }
  });

  it('sends a built asset’s Brotli copy to a browser that takes it, the file itself to one that does not, and 404 for a chunk no longer there', async () => {
    const script = `export const greeting = ${JSON.stringify('G’day '.repeat(400))};\n`;
    const assets = join(testApp.env.STATIC_DIR, 'assets');
    writeFileSync(join(assets, 'greeting-abc123.js'), script);
    writeFileSync(join(assets, 'greeting-abc123.js.br'), brotliCompressSync(script));
    const server = testApp.app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    const brotli = await fetch(`http://127.0.0.1:${port}/assets/greeting-abc123.js`, { headers: { 'Accept-Encoding': 'br' } });
    server.close();
    expect(brotli.status).toBe(200);
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(brotli.headers.get('content-type')).toMatch(/javascript/);
    expect(brotli.headers.get('cache-control')).toContain('immutable');
    // fetch undoes the encoding, as a browser does: the script arrives whole.
    expect(await brotli.text()).toBe(script);
    const plain = await request(testApp.app).get('/assets/greeting-abc123.js').set('Accept-Encoding', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toBe(script);
    const gone = await request(testApp.app).get('/assets/index-old999.js');
    expect(gone.status).toBe(404);
  });

  it('writes robots.txt and a sitemap of the public pages for the site’s own address', async () => {
    const origin = testApp.context.site.origin();
    const robots = await request(testApp.app).get('/robots.txt');
    expect(robots.status).toBe(200);
    expect(robots.type).toBe('text/plain');
    expect(robots.text).toContain('Disallow: /admin');
    expect(robots.text).toContain('Disallow: /dashboard');
    expect(robots.text).toContain(`Sitemap: ${origin}/sitemap.xml`);

    const sitemap = await request(testApp.app).get('/sitemap.xml');
    expect(sitemap.status).toBe(200);
    expect(sitemap.type).toBe('application/xml');
    const locations = [...sitemap.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locations).toContain(`${origin}/`);
    expect(locations).toContain(`${origin}/faq`);
    expect(locations).toContain(`${origin}/quote`);
    expect(locations.some((location) => location?.includes('/dashboard') || location?.includes('/admin') || location?.includes('/auth/'))).toBe(false);
  });

  it('sends security headers with a CSP that allows map tiles', async () => {
    const response = await request(testApp.app).get('/');
    const csp = response.headers['content-security-policy'];
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toMatch(/img-src[^;]*https:/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-powered-by']).toBeUndefined();
  });
});
