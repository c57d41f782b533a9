import { Writable } from 'node:stream';
import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, csrfAgent, latestCodeTo, TEST_PASSWORD, waitForEmailTo } from '../testing/accounts';
import { createTestApp, type TestApp } from '../testing/test-app';
import { createLogger, redactUrl } from './logger';

/** What the server logs around a sign-in and a reset link holds no usable secret. */
describe('the request log', () => {
  let testApp: TestApp;
  let log = '';
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      log += chunk.toString();
      done();
    },
  });
  beforeAll(async () => {
    testApp = await createTestApp({ LOG_LEVEL: 'info' }, { logDestination: destination });
    await createTestUser(testApp.db, { email: 'grower@example.com' });
  });
  afterAll(() => testApp.close());

  const cookieValues = (setCookie: string[] | string | undefined) =>
    [setCookie ?? []]
      .flat()
      .map((cookie) => cookie.split(';')[0]!.split('=').slice(1).join('='))
      .filter((value) => value.length > 0);

  it('holds no cookie, CSRF token, reset token or e-mailed code after a sign-in, a reset-link visit and a code', async () => {
    const agent = await csrfAgent(testApp.app);
    const csrf = await agent.get('/api/auth/csrf');
    const signIn = await agent.post('/api/auth/signin').set('X-CSRF-Token', csrf.body.csrfToken).send({ email: 'grower@example.com', password: TEST_PASSWORD });
    expect(signIn.status).toBe(200);
    const secrets = [...cookieValues(csrf.headers['set-cookie']), ...cookieValues(signIn.headers['set-cookie']), csrf.body.csrfToken as string];
    expect((await agent.get('/api/auth/session').set('Authorization', 'Bearer not-for-the-log')).body.user.email).toBe('grower@example.com');
    secrets.push('not-for-the-log');

    await request(testApp.app).post('/api/auth/password-reset/request').set('Sec-Fetch-Site', 'same-origin').send({ email: 'grower@example.com' }).expect(200);
    const link = /(\/auth\/reset-password\?token=([\w-]+))/.exec(await waitForEmailTo(testApp.env.MAIL_OUTBOX_DIR, 'grower@example.com'))!;
    const [, path, token] = link as unknown as [string, string, string];
    secrets.push(token);
    // Opening the link: the page itself, then its calls, which carry the link as their Referer.
    await request(testApp.app).get(path).expect(200);
    await request(testApp.app).get('/api/auth/session').set('Referer', `http://127.0.0.1:3000${path}`).expect(200);
    await request(testApp.app).get(`/api/auth/error?error=Verification&code=123456`).expect(302);
    // A verification code is mailed, and the mail is logged: the code is not in that line.
    await request(testApp.app).post('/api/auth/email-verification/send').set('Sec-Fetch-Site', 'same-origin').send({ email: 'new-grower@example.com', firstName: 'New', lastName: 'Grower' }).expect(200);
    secrets.push(latestCodeTo(testApp.env.MAIL_OUTBOX_DIR, 'new-grower@example.com'));

    await new Promise((resolve) => setImmediate(resolve));
    expect(secrets.length).toBeGreaterThanOrEqual(5);
    for (const secret of secrets) expect(log).not.toContain(secret);
    // The log still says what happened, with the secrets' places marked.
    expect(log).toContain('/auth/reset-password?token=[Redacted]');
    expect(log).toContain('"cookie":"[Redacted]"');
    expect(log).toContain('"set-cookie":"[Redacted]"');
    expect(log).toContain('"x-csrf-token":"[Redacted]"');
    expect(log).toContain('error=Verification&code=[Redacted]');
    expect(log).toContain('e-mail written to outbox');
  });
});

describe('a request logged by hand', () => {
  it('goes through the same redaction', async () => {
    let line = '';
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        line += chunk.toString();
        done();
      },
    });
    const logger = createLogger('info', destination);
    const app = express().get('/x', (req, res) => {
      logger.info({ req, url: req.originalUrl }, 'by hand');
      res.end();
    });
    await request(app).get('/x?token=hand-secret').set('Cookie', 'grain.sid=hand-cookie').expect(200);
    expect(line).toContain('by hand');
    expect(line).not.toContain('hand-secret');
    expect(line).not.toContain('hand-cookie');
  });
});

describe('redactUrl', () => {
  it('hides the values of token-like query parameters and keeps the rest', () => {
    expect(redactUrl('/auth/reset-password?token=abc&step=2')).toBe('/auth/reset-password?token=[Redacted]&step=2');
    expect(redactUrl('/x?verificationToken=a&csrfToken=b&code=c&customerId=d#top')).toBe('/x?verificationToken=[Redacted]&csrfToken=[Redacted]&code=[Redacted]&customerId=d');
    expect(redactUrl('/quote?step=farm-mapping')).toBe('/quote?step=farm-mapping');
    expect(redactUrl('/x?%74oken=a')).toBe('/x?%74oken=[Redacted]');
  });
});
