import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

  it('refuses a body over the size limit with 413', async () => {
    const response = await request(testApp.app)
      .post('/api/health')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ text: 'x'.repeat(1_100_000) }));
    expect(response.status).toBe(413);
    expect(response.body.error).toBe('payload_too_large');
  });

  it('serves the web app for any other path (single-page fallback)', async () => {
    for (const path of ['/', '/quote?step=farm-mapping', '/dashboard/claims', '/admin/members']) {
      const response = await request(testApp.app).get(path);
      expect(response.status, path).toBe(200);
      expect(response.text).toContain('data-test-index');
    }
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
