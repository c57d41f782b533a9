import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';
import { createTestUser, TEST_PASSWORD } from '../testing/accounts';

let testApp: TestApp;
let server: Server;
let base: string;

beforeAll(async () => {
  testApp = await createTestApp({ RATE_LIMITS: 'signInPerAccount=200/15m,signInPerAddress=200/15m' });
  await createTestUser(testApp.db, { email: 'visitor-turned-member@example.com' });
  server = testApp.app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await testApp.close();
});

/** The name=value part of every cookie a response sets, as a browser would send them back. */
const cookiesOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0]!)
    .join('; ');

/** A visitor's first call: no cookies at all. */
async function fetchToken(): Promise<{ token: string; cookies: string }> {
  const response = await fetch(`${base}/api/auth/csrf`);
  const body = (await response.json()) as { csrfToken: string };
  return { token: body.csrfToken, cookies: cookiesOf(response) };
}

const signIn = (headers: Record<string, string>) =>
  fetch(`${base}/api/auth/signin`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify({ email: 'visitor-turned-member@example.com', password: TEST_PASSWORD }),
  });

describe('CSRF tokens for visitors', () => {
  it('stores no session for 1,000 cookieless GET /api/auth/csrf', async () => {
    const before = await testApp.db.session.count();
    for (let batch = 0; batch < 20; batch += 1) {
      const responses = await Promise.all(Array.from({ length: 50 }, () => fetchToken()));
      for (const { token } of responses) expect(token).toMatch(/\S{20,}/);
    }
    expect(await testApp.db.session.count()).toBe(before);
  }, 120_000);

  it('accepts the token for the sign-in that follows, which is what stores the session', async () => {
    const before = await testApp.db.session.count();
    const { token, cookies } = await fetchToken();
    expect(cookies).not.toContain('grain.sid=');
    const response = await signIn({ Cookie: cookies, 'X-CSRF-Token': token });
    expect(response.status).toBe(200);
    expect(await testApp.db.session.count()).toBe(before + 1);
  });

  it('refuses a missing, forged or someone else’s token, and a tampered visitor cookie', async () => {
    const mine = await fetchToken();
    const theirs = await fetchToken();
    const tamperedVisitor = mine.cookies.replace(/grain\.visitor=([^.;]+)\./, 'grain.visitor=someone-else.');
    const attempts: Array<[string, Record<string, string>]> = [
      ['no token', { Cookie: mine.cookies }],
      ['a forged token', { Cookie: mine.cookies, 'X-CSRF-Token': 'forged' }],
      ['another visitor’s token', { Cookie: mine.cookies, 'X-CSRF-Token': theirs.token }],
      ['a token without its cookies', { 'X-CSRF-Token': mine.token }],
      ['a tampered visitor cookie', { Cookie: tamperedVisitor, 'X-CSRF-Token': mine.token }],
    ];
    for (const [label, headers] of attempts) {
      const response = await signIn(headers);
      expect({ label, status: response.status, body: await response.json() }).toEqual({ label, status: 403, body: expect.objectContaining({ error: 'csrf_invalid' }) });
    }
  });

  it('gives a visitor who asks again the same token, so open tabs keep working', async () => {
    const first = await fetchToken();
    const again = await fetch(`${base}/api/auth/csrf`, { headers: { Cookie: first.cookies } });
    expect(((await again.json()) as { csrfToken: string }).csrfToken).toBe(first.token);
  });
});
