import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInErrorMessage } from '@shared/contracts/accounts';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createTestUser, csrfAgent, refreshCsrf, signedInAgent, TEST_PASSWORD } from '../../testing/accounts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({ RATE_LIMITS: 'signInPerAccount=200/15m,signInPerAddress=200/15m' });
  await createTestUser(testApp.db, { email: 'grower@example.com', firstName: 'Jo', lastName: 'Grower' });
  await createTestUser(testApp.db, { email: 'partner@example.com', firstName: 'Pat', lastName: 'Partner', referrerCode: 'WHEATBELT' });
});
afterAll(() => testApp.close());

const sessionCookie = (setCookie: string[] | string | undefined) =>
  [setCookie ?? []]
    .flat()
    .find((cookie) => cookie.startsWith('grain.sid='))
    ?.split(';')[0];

describe('GET /api/auth/session', () => {
  it('answers {} with no-cache headers when signed out', async () => {
    const response = await request(testApp.app).get('/api/auth/session');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({});
    expect(response.headers['cache-control']).toContain('no-store');
  });

  it('answers the user and expiry when signed in', async () => {
    const agent = await signedInAgent(testApp.app, 'grower@example.com');
    const response = await agent.get('/api/auth/session');
    expect(response.body).toEqual({
      user: { id: expect.any(String), email: 'grower@example.com', name: 'Jo Grower', firstName: 'Jo', lastName: 'Grower', isAdmin: false, isBroker: false, isReferrer: false, permissions: [] },
      expires: expect.any(String),
    });
    const hoursLeft = (Date.parse(response.body.expires) - Date.now()) / 3_600_000;
    expect(hoursLeft).toBeGreaterThan(23.9);
    expect(hoursLeft).toBeLessThanOrEqual(24);
  });
});

describe('GET /api/auth/csrf and /api/auth/providers', () => {
  it('issues a token and an HttpOnly SameSite=Lax cookie', async () => {
    const response = await request(testApp.app).get('/api/auth/csrf');
    expect(response.body.csrfToken).toEqual(expect.any(String));
    const cookies = [response.headers['set-cookie'] ?? []].flat().join('\n');
    expect(cookies).toMatch(/grain\.csrf=[^;]+;.*HttpOnly/);
    expect(cookies).toMatch(/SameSite=Lax/);
  });

  it('lists the credentials and referrer providers', async () => {
    const response = await request(testApp.app).get('/api/auth/providers');
    expect(Object.keys(response.body)).toEqual(['credentials', 'referrer']);
    expect(response.body.credentials).toEqual({
      id: 'credentials',
      name: expect.any(String),
      type: 'credentials',
      signinUrl: expect.stringMatching(/\/api\/auth\/signin\/credentials$/),
      callbackUrl: expect.stringMatching(/\/api\/auth\/callback\/credentials$/),
    });
  });
});

describe('POST /api/auth/callback/{provider} (next-auth form sign-in)', () => {
  it('signs in and answers { url } with json=true, following only same-origin callback URLs', async () => {
    const agent = request.agent(testApp.app);
    const csrfToken = (await agent.get('/api/auth/csrf')).body.csrfToken;
    const response = await agent
      .post('/api/auth/callback/credentials')
      .type('form')
      .send({ csrfToken, callbackUrl: 'https://evil.example/steal', json: 'true', email: 'grower@example.com', password: TEST_PASSWORD });
    expect(response.status).toBe(200);
    expect(response.body.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/dashboard$/);
    expect((await agent.get('/api/auth/session')).body.user.email).toBe('grower@example.com');
  });

  it('follows a same-origin path as callbackUrl', async () => {
    const agent = request.agent(testApp.app);
    const csrfToken = (await agent.get('/api/auth/csrf')).body.csrfToken;
    const response = await agent
      .post('/api/auth/signin/credentials')
      .type('form')
      .send({ csrfToken, callbackUrl: '/quote?step=farm-mapping', json: 'true', email: 'grower@example.com', password: TEST_PASSWORD });
    expect(response.body.url).toMatch(/\/quote\?step=farm-mapping$/);
  });

  it('answers 401 with the CredentialsSignin error url for bad credentials', async () => {
    const agent = request.agent(testApp.app);
    const csrfToken = (await agent.get('/api/auth/csrf')).body.csrfToken;
    const response = await agent.post('/api/auth/callback/credentials').type('form').send({ csrfToken, json: 'true', email: 'grower@example.com', password: 'wrong password' });
    expect(response.status).toBe(401);
    expect(response.body.url).toMatch(/\/api\/auth\/error\?error=CredentialsSignin&provider=credentials$/);
  });

  it('redirects to the sign-in page with csrf=true when the token is missing or wrong', async () => {
    const missing = await request(testApp.app).post('/api/auth/callback/credentials').type('form').send({ email: 'grower@example.com', password: TEST_PASSWORD });
    expect(missing.status).toBe(302);
    expect(missing.headers.location).toMatch(/\/auth\/signin\?csrf=true$/);
    const wrong = await request(testApp.app).post('/api/auth/signin/credentials').type('form').send({ csrfToken: 'forged', json: 'true', email: 'grower@example.com', password: TEST_PASSWORD });
    expect(wrong.body.url).toMatch(/\/auth\/signin\?csrf=true$/);
  });

  it('sends an unknown provider to the sign-in page', async () => {
    const response = await request(testApp.app).post('/api/auth/signin/github').type('form').send({});
    expect(response.status).toBe(302);
    expect(response.headers.location).toMatch(/\/auth\/signin$/);
  });

  it('sends a sign-in form that names no provider to the error page, which says so', async () => {
    const redirected = await request(testApp.app).post('/api/auth/callback').type('form').send({ email: 'grower@example.com' });
    expect(redirected.status).toBe(302);
    expect(redirected.headers.location).toMatch(/\/auth\/error\?error=MissingProvider$/);
    const asJson = await request(testApp.app).post('/api/auth/callback').type('form').send({ json: 'true' });
    expect(asJson.status).toBe(400);
    expect(asJson.body.url).toMatch(/\/auth\/error\?error=MissingProvider$/);
    expect(signInErrorMessage('MissingProvider')).toBe('That sign-in form did not say which sign-in it was for. Start again from the sign-in page.');
  });

  it('signs referrers in with the referrer provider and refuses members there', async () => {
    const partner = request.agent(testApp.app);
    let csrfToken = (await partner.get('/api/auth/csrf')).body.csrfToken;
    const ok = await partner.post('/api/auth/callback/referrer').type('form').send({ csrfToken, json: 'true', email: 'partner@example.com', password: TEST_PASSWORD });
    expect(ok.body.url).toMatch(/\/referrer\/leads$/);
    const member = request.agent(testApp.app);
    csrfToken = (await member.get('/api/auth/csrf')).body.csrfToken;
    const refused = await member.post('/api/auth/callback/referrer').type('form').send({ csrfToken, json: 'true', email: 'grower@example.com', password: TEST_PASSWORD });
    expect(refused.status).toBe(403);
    expect(refused.body.url).toMatch(/error=NotReferrer&provider=referrer$/);
  });
});

describe('the next-auth pages', () => {
  it.each([
    ['/api/auth/signin?callbackUrl=%2Fdashboard', '/auth/signin?callbackUrl=%2Fdashboard'],
    ['/api/auth/signout', '/auth/signout'],
    ['/api/auth/error?error=CredentialsSignin', '/auth/error?error=CredentialsSignin'],
    ['/api/auth/callback', '/auth/signin'],
    ['/api/auth/signin/referrer', '/auth/referrer-signin'],
  ])('GET %s goes to %s', async (path, location) => {
    const response = await request(testApp.app).get(path);
    expect(response.status).toBe(302);
    expect(response.headers.location).toBe(location);
  });
});

describe('account calls', () => {
  it('POST /api/auth/signin answers { success, user, sessionId } on a new session id', async () => {
    const agent = await csrfAgent(testApp.app);
    const before = sessionCookie((await agent.get('/api/auth/csrf')).headers['set-cookie']);
    const response = await agent.post('/api/auth/signin').send({ email: 'Grower@Example.com ', password: TEST_PASSWORD });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ success: true, user: { email: 'grower@example.com', firstName: 'Jo', emailVerified: true }, sessionId: expect.any(String) });
    const after = sessionCookie(response.headers['set-cookie']);
    expect(after).toBeDefined();
    expect(after).not.toBe(before);
    expect(response.body.sessionId).not.toContain(after!.split('=')[1]);
  });

  it('POST /api/auth/signin refuses a wrong password with 401 and a sentence', async () => {
    const agent = await csrfAgent(testApp.app);
    const response = await agent.post('/api/auth/signin').send({ email: 'grower@example.com', password: 'not it' });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ error: 'invalid_credentials', message: 'The e-mail address or password is not right. Check them and try again.' });
  });

  it('POST /api/auth/signin refuses a malformed body with 400', async () => {
    const agent = await csrfAgent(testApp.app);
    const response = await agent.post('/api/auth/signin').send({ email: 'nope' });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('validation_error');
  });

  it('GET /api/user and POST /api/auth/refresh need a session', async () => {
    expect((await request(testApp.app).get('/api/user')).status).toBe(401);
    const anonymous = await csrfAgent(testApp.app);
    expect((await anonymous.post('/api/auth/refresh')).status).toBe(401);
    const agent = await signedInAgent(testApp.app, 'grower@example.com');
    expect((await agent.get('/api/user')).body).toMatchObject({ success: true, user: { email: 'grower@example.com' } });
    expect((await agent.post('/api/auth/refresh')).body).toMatchObject({ success: true, user: { email: 'grower@example.com' }, sessionId: expect.any(String) });
  });

  it('POST /api/auth/signout destroys the session in the store', async () => {
    const agent = await signedInAgent(testApp.app, 'grower@example.com');
    const sessionsBefore = await testApp.db.session.count();
    const response = await agent.post('/api/auth/signout').send({ callbackUrl: '/' });
    expect(response.body).toEqual({ success: true, url: expect.stringMatching(/\/$/) });
    expect(await testApp.db.session.count()).toBe(sessionsBefore - 1);
    expect((await agent.get('/api/auth/session')).body).toEqual({});
  });

  it('POST /api/auth/force-signout ends the session and clears every auth cookie', async () => {
    const agent = await signedInAgent(testApp.app, 'grower@example.com');
    const response = await agent.post('/api/auth/force-signout');
    expect(response.status).toBe(200);
    const cleared = [response.headers['set-cookie'] ?? []].flat().join('\n');
    expect(cleared).toMatch(/grain\.sid=;/);
    expect(cleared).toMatch(/grain\.csrf=;/);
    expect((await agent.get('/api/auth/session')).body).toEqual({});
  });

  it('POST /api/auth/session updates the names and answers the session', async () => {
    const agent = await signedInAgent(testApp.app, 'partner@example.com');
    const response = await agent.post('/api/auth/session').send({ data: { firstName: 'Patricia' } });
    expect(response.body.user.name).toBe('Patricia Partner');
    // A partner is told they are one (the dashboard offers their referrals), after an update as on every read.
    expect(response.body.user.isReferrer).toBe(true);
    expect((await agent.get('/api/auth/session')).body.user.isReferrer).toBe(true);
  });

  it('POST /api/auth/_log always answers {}', async () => {
    const response = await request(testApp.app).post('/api/auth/_log').type('form').send('level=error&code=anything');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({});
  });
});

describe('CSRF', () => {
  it('refuses a state-changing call without a token or a same-origin proof', async () => {
    const response = await request(testApp.app).post('/api/auth/signin').send({ email: 'grower@example.com', password: TEST_PASSWORD });
    expect(response.status).toBe(403);
    expect(response.body.error).toBe('csrf_invalid');
  });

  it('refuses a cross-site request even with the cookies of a session', async () => {
    const agent = await signedInAgent(testApp.app, 'grower@example.com');
    const response = await agent.put('/api/user').set('X-CSRF-Token', 'forged').set('Sec-Fetch-Site', 'cross-site').send({ firstName: 'Mallory' });
    expect(response.status).toBe(403);
  });

  it('accepts a same-origin request proven by Sec-Fetch-Site or Origin', async () => {
    const bySite = await request(testApp.app).post('/api/auth/signin').set('Sec-Fetch-Site', 'same-origin').send({ email: 'grower@example.com', password: TEST_PASSWORD });
    expect(bySite.status).toBe(200);
    const server = testApp.app.listen(0);
    try {
      const port = (server.address() as { port: number }).port;
      const byOrigin = await request(server).post('/api/auth/signin').set('Origin', `http://127.0.0.1:${port}`).send({ email: 'grower@example.com', password: TEST_PASSWORD });
      expect(byOrigin.status).toBe(200);
      const crossOrigin = await request(server).post('/api/auth/signin').set('Origin', 'https://evil.example').send({ email: 'grower@example.com', password: TEST_PASSWORD });
      expect(crossOrigin.status).toBe(403);
    } finally {
      server.close();
    }
  });

  it('refuses a token from before sign-in once the session id has changed', async () => {
    const agent = await csrfAgent(testApp.app);
    const oldToken = await refreshCsrf(agent);
    await agent.post('/api/auth/signin').send({ email: 'grower@example.com', password: TEST_PASSWORD });
    const response = await agent.put('/api/user').set('X-CSRF-Token', oldToken).send({ firstName: 'Jo' });
    expect(response.status).toBe(403);
  });
});
